import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PrimerTestSupport

/// `primer serve` as a user runs it: the built binary in a folder of its own, on a store of one
/// engine, on a free loopback port it prints when it listens. Stopped (SIGTERM) by `stop`,
/// killed (SIGKILL) by `kill`, and killed when the value goes away if still running.
final class ServerProcess: @unchecked Sendable {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `PRIMER_BIN` (set by scripts/test.sh), else the debug build in the repository.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["PRIMER_BIN"] { return URL(fileURLWithPath: path) }
        return root.appendingPathComponent(".build/debug/primer")
    }

    /// The settings every test server starts with: a low bcrypt cost (a hash at cost 12 takes a
    /// quarter of a second; the rules are the same), the mock as the jobs' provider.
    static let testSettings = "server:\n  password_cost: 4\n  provider: mock\n"

    let folder: URL
    let store: String
    private(set) var process: Process?
    private(set) var port = 0
    private var output = Pipe()
    private(set) var stderrText = ""

    /// Variables set in the server's environment (provider keys).
    private let extraEnvironment: [String: String]

    init(
        engine: StoreEngine, settings: String = ServerProcess.testSettings, plugins: [String: String] = [:],
        environment: [String: String] = [:]
    ) async throws {
        extraEnvironment = environment
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try await engine.newStore(in: folder)
        try settings.write(to: folder.appendingPathComponent("primer.yaml"), atomically: true, encoding: .utf8)
        if !plugins.isEmpty {
            let pluginFolder = folder.appendingPathComponent("plugins")
            try FileManager.default.createDirectory(at: pluginFolder, withIntermediateDirectories: true)
            for (name, text) in plugins { try text.write(to: pluginFolder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8) }
        }
        try await start()
    }

    /// A second server on `other`'s store, with its settings and plugins, in a folder of its own
    /// (several servers behind one proxy).
    init(sharing other: ServerProcess, environment: [String: String] = [:]) async throws {
        extraEnvironment = environment
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = other.store
        for name in ["primer.yaml", "plugins"] where FileManager.default.fileExists(atPath: other.folder.appendingPathComponent(name).path) {
            try FileManager.default.copyItem(at: other.folder.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try await start()
    }

    deinit {
        if let process, process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts the server (again, on the same store) and waits until it listens.
    func start() async throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve", "--port", "0"] + (FileManager.default.fileExists(atPath: folder.appendingPathComponent("plugins").path) ? ["--plugins", "plugins"] : [])
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        for name in ["PRIMER_PROMPTS", "PRIMER_PLUGINS", "PRIMER_CONFIG", "PRIMER_LOG_LEVEL", "PRIMER_PROVIDER"] { environment[name] = nil }
        environment["PRIMER_STORE"] = store
        // Words only, as every test chooses unless it says otherwise (the installed embedding
        // model would apply by default).
        environment["PRIMER_EMBEDDER"] = "none"
        environment.merge(extraEnvironment) { _, new in new }
        process.environment = environment
        output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        self.process = process
        let reading = output.fileHandleForReading
        let errorReading = errors.fileHandleForReading
        // The line `primer serve` prints once it listens names the port.
        let line = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            Thread.detachNewThread {
                var text = ""
                while !text.contains("\n") {
                    let data = reading.availableData
                    if data.isEmpty { break }
                    text += String(decoding: data, as: UTF8.self)
                }
                continuation.resume(returning: text)
            }
        }
        guard let match = line.firstMatch(of: /127\.0\.0\.1:(\d+)\//), let port = Int(match.1) else {
            // A server that printed something else may still run: stop it, so its stderr ends, and
            // read that on a thread of its own.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            await TestPrograms.exit(of: process)
            let errorText = String(decoding: await TestPrograms.readToEnd(errorReading), as: UTF8.self)
            throw ServerTestError("primer serve did not start: \(line) \(errorText)")
        }
        self.port = port
        // Keep draining both pipes so a chatty server never blocks on a full pipe.
        Thread.detachNewThread { [weak self] in
            while case let data = errorReading.availableData, !data.isEmpty { self?.stderrText += String(decoding: data, as: UTF8.self) }
        }
        Thread.detachNewThread {
            while !reading.availableData.isEmpty {}
        }
    }

    /// SIGTERM, then the exit status (the server drains and stops).
    @discardableResult
    func stop() async -> Int32 {
        guard let process, process.isRunning else { return process?.terminationStatus ?? 0 }
        kill(process.processIdentifier, SIGTERM)
        return await Self.waitForExit(process)
    }

    /// Sends SIGTERM without waiting; `exitStatus()` waits. What a test defers: a `Task` that
    /// awaited `stop()` could be lost when the test process ended first, leaving the server running.
    func terminate() {
        if let process, process.isRunning { kill(process.processIdentifier, SIGTERM) }
    }

    /// The exit status, once the server has exited.
    func exitStatus() async -> Int32 {
        guard let process else { return 0 }
        return await Self.waitForExit(process)
    }

    /// SIGKILL: the server stops where it is.
    func kill9() async {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        _ = await Self.waitForExit(process)
    }

    /// Waits for the process to exit; one that has not within `timeout` seconds is killed, so a
    /// server that fails to stop fails its test instead of hanging the run (status -9 then).
    private static func waitForExit(_ process: Process, timeout: TimeInterval = 40) async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(timeout)
                while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
                if process.isRunning {
                    kill(process.processIdentifier, SIGKILL)
                    while process.isRunning { Thread.sleep(forTimeInterval: 0.02) }
                    return continuation.resume(returning: -9)
                }
                continuation.resume(returning: process.terminationStatus)
            }
        }
    }
}

struct ServerTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `python3` with arguments, run through `TestPrograms.run` (no thread of the async pool is held,
/// and both outputs are read as they come): the status and both outputs. Schemathesis and the
/// browser run are long: 30 minutes at most.
enum Python {
    static func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await TestPrograms.run("python3", arguments, timeout: .seconds(1800))
    }
}
