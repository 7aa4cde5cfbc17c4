import Foundation

/// A program of the machine (python3, espeak-ng, sox…) run to completion on a thread of its own,
/// found on the PATH.
enum ExternalProgram {
    static func run(_ program: String, _ arguments: [String]) async throws -> CLIRunner.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try CLIRunner.collect(process) }) }
        }
    }
}

/// Runs a script of the repository's `scripts/` with python3 (the real `anki`, `fsrs_rs_python`…)
/// and reads the JSON object it prints; fails when it cannot.
enum PythonScripts {
    static func json(_ script: String, _ arguments: [String]) async throws -> [String: Any] {
        let result = try await ExternalProgram.run("python3", [CLIRunner.root.appendingPathComponent("scripts/\(script)").path] + arguments)
        guard result.status == 0, let json = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] else {
            throw CLIRunnerError("scripts/\(script) failed (\(result.status)): \(result.stderr.suffix(2000))")
        }
        return json
    }
}
