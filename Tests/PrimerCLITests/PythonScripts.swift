import Foundation

/// Runs a script of the repository's `scripts/` with python3 (the real `anki`, `fsrs_rs_python`…)
/// and reads the JSON object it prints; fails when it cannot.
enum PythonScripts {
    static func json(_ script: String, _ arguments: [String]) async throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", CLIRunner.root.appendingPathComponent("scripts/\(script)").path] + arguments
        let result = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try CLIRunner.collect(process) }) }
        }
        guard result.status == 0, let json = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] else {
            throw CLIRunnerError("scripts/\(script) failed (\(result.status)): \(result.stderr.suffix(2000))")
        }
        return json
    }
}
