import Foundation

/// Runs a program to completion. Output goes to temporary files rather than pipes, so a
/// program that writes a lot to both streams cannot block on a full pipe.
public enum ProcessRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var standardOutput: Data
        public var standardError: String
    }

    public static func run(_ executable: URL, arguments: [String]) throws -> Result {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("primer-run-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            try? out.close()
            try? err.close()
            throw error
        }
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        let output = (try? Data(contentsOf: outURL)) ?? Data()
        let errors = (try? Data(contentsOf: errURL)) ?? Data()
        return Result(status: process.terminationStatus, standardOutput: output,
                      standardError: String(decoding: errors, as: UTF8.self))
    }
}
