import Foundation
import PrimerCore
import PrimerPostgres
import PrimerStore
import PrimerTestSupport

/// Runs the built `primer` binary as a user would: in a fresh temporary folder (so the built-in
/// prompt families and manifests are used), with its own store.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `PRIMER_BIN` (set by scripts/test.sh), else the debug build in the repository.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["PRIMER_BIN"] { return URL(fileURLWithPath: path) }
        return root.appendingPathComponent(".build/debug/primer")
    }

    let directory: URL
    /// The SQLite file of a runner on the SQLite engine (tests that look at the file itself).
    var storePath: String { directory.appendingPathComponent("store.sqlite").path }
    /// The store every command runs on (`PRIMER_STORE`): `storePath`, or a PostgreSQL database.
    private(set) var store: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("primer-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = directory.appendingPathComponent("store.sqlite").path
    }

    /// A runner whose commands use a new store on `engine`.
    init(_ engine: StoreEngine) async throws {
        try self.init()
        store = try await engine.newStore(in: directory)
    }

    /// Polls `condition` every 20 ms on a thread of its own until it holds or `timeout` passes,
    /// then runs `then` on that thread at once; true when the condition held. Tests that must act
    /// the moment a running `primer` reaches a point (a signal, a kill) wait here: on the few
    /// threads of the async pool a loaded test run can make them late by seconds.
    @discardableResult
    static func waitOffThePool(
        timeout: TimeInterval, until condition: @escaping @Sendable () -> Bool, then action: @escaping @Sendable () -> Void = {}
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(timeout)
                while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
                let held = condition()
                action()
                continuation.resume(returning: held)
            }
        }
    }

    /// The runner's store, opened as `primer` opens it.
    func openStore() async throws -> any Store {
        switch try StoreAddress.parse(store, environment: [:]) {
        case .file(let path): try SQLiteStore(path: path)
        case .postgres(let url): try await PostgresStore.open(url)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Runs the binary on a thread of its own: waiting for a process must not hold one of the
    /// few cooperative threads the other (async, timed) tests need.
    @discardableResult
    func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result { try self.runBlocking(arguments, environment: extra) })
            }
        }
    }

    func runBlocking(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
        try Self.collect(try makeProcess(arguments, environment: extra))
    }

    /// Runs a process made by `makeProcess` (perhaps changed, e.g. to run under another user) on
    /// a thread of its own, and returns its status and output.
    func run(_ process: Process) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result { try Self.collect(process) })
            }
        }
    }

    static func collect(_ process: Process) throws -> Result {
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting, each on a thread: a child that fills one pipe while the
        // other is read to its end would block for ever.
        let errors = PipeReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The binary set up to run `arguments` as `run` does (folder, store, environment), not started:
    /// for tests that signal it while it runs.
    func makeProcess(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Process {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            throw CLIRunnerError("the primer binary is not at \(Self.binary.path); run `swift build` first (scripts/test.sh does)")
        }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PRIMER_STORE"] = store
        // Tests choose the offline mock unless they say otherwise; an empty value removes a variable.
        environment["PRIMER_PROVIDER"] = "mock"
        // …and read words only: the installed embedding model would otherwise apply by default
        // (a test of that default passes PRIMER_EMBEDDER: "").
        environment["PRIMER_EMBEDDER"] = "none"
        for name in ["PRIMER_PROMPTS", "PRIMER_PLUGINS", "PRIMER_CONFIG", "PRIMER_LOG_LEVEL"] { environment.removeValue(forKey: name) }
        environment.merge(extra) { _, new in new }
        environment = environment.filter { !$0.value.isEmpty }
        process.environment = environment
        return process
    }

    /// Writes a manifest for an OpenAI-compatible stub server (`plugins/stub-openai.yaml`) and
    /// returns its folder, for `--plugins` or `PRIMER_PLUGINS`.
    func writeStubOpenAIPlugin(baseURL: String, keyVariable: String) throws -> URL {
        try write("""
            name: stub-openai
            adapter: openai-chat
            model: stub-model
            capabilities: [json_schema]
            settings: {base_url: "\(baseURL)/v1", api_key_env: \(keyVariable)}
            """, to: "plugins/stub-openai.yaml").deletingLastPathComponent()
    }

    /// Writes a manifest for the mock provider that answers each call after `latencyMs`
    /// (`plugins/mock-slow.yaml`, provider `mock-slow`) and returns its folder, for `--plugins`
    /// or `PRIMER_PLUGINS`: for tests that act while a run waits on its provider.
    func writeSlowMockPlugin(latencyMs: Int) throws -> URL {
        try write("""
            name: mock-slow
            adapter: mock
            model: mock-1
            capabilities: [json_schema, seed]
            settings: {seed: 42, latency_ms: \(latencyMs)}
            """, to: "plugins/mock-slow.yaml").deletingLastPathComponent()
    }

    /// Runs a Python script (`python3 -c`) with `arguments` in `sys.argv[1:]`, for what a test does
    /// to a store file behind Primer's back (checkpoint it, date it back, damage it).
    static func python(_ script: String, _ arguments: [String]) async throws {
        let python = try await TestPrograms.run("python3", ["-c", script] + arguments)
        guard python.status == 0 else {
            throw CLIRunnerError("python3 -c \(script.prefix(60))… exited \(python.status): \(python.stderr.suffix(2000))")
        }
    }

    func write(_ text: String, to name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

/// Reads a file handle to its end on a thread of its own, started at once; `wait` blocks until it
/// has. Only for code that already runs off the async pool (`CLIRunner.collect`).
final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

struct CLIRunnerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
