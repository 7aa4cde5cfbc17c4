import Foundation
import Logging
import PrimerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a local server could not be made ready. Every case reads as one sentence that says what to do.
public enum LocalServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server binary or the model file is missing.
    case notInstalled(missing: [String], installHint: String)
    /// The process could not be started at all.
    case launchFailed(executable: String, reason: String)
    /// The process exited before `/health` answered 200.
    case exitedEarly(status: Int32, log: String, logTail: String)
    /// `/health` did not answer 200 within the startup timeout; the process was stopped.
    case startupTimedOut(seconds: Double, url: String, lastStatus: String, log: String, logTail: String)
    /// Something else answers on the port, but not as a health endpoint.
    case portInUse(url: String, status: Int)

    public var description: String {
        switch self {
        case let .notInstalled(missing, hint):
            let install = hint.isEmpty ? "install it" : "run `\(hint)` to install it"
            return "the local model server is not installed (missing \(missing.joined(separator: " and "))); "
                + "\(install), or choose another provider (`primer providers` lists them)."
        case let .launchFailed(executable, reason):
            return "could not start \(executable): \(reason); check that it is an executable file."
        case let .exitedEarly(status, log, tail):
            return "the local model server exited with status \(status) before it was ready; see \(log)"
                + (tail.isEmpty ? "." : ", last lines:\n\(tail)")
        case let .startupTimedOut(seconds, url, lastStatus, log, tail):
            if log.isEmpty {
                return "the local model server on \(url) (started by another program) was not ready within \(Self.show(seconds)) s "
                    + "(\(lastStatus)); wait for it or raise `launch.startup_timeout_seconds`."
            }
            return "the local model server was not ready within \(Self.show(seconds)) s (\(url): \(lastStatus)) and was stopped; "
                + "raise `launch.startup_timeout_seconds` or see \(log)" + (tail.isEmpty ? "." : ", last lines:\n\(tail)")
        case let .portInUse(url, status):
            return "another program answers on \(url) with HTTP \(status); free the port or change `launch.port` "
                + "and `settings.base_url` in the manifest."
        }
    }

    static func show(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// Starts a provider's local server (llama-server…) when it is not already answering, waits for
/// its health endpoint, and stops it again. A server that was already running when
/// `ensureRunning()` was called belongs to someone else: it is used and never stopped.
///
/// ```swift
/// let server = LocalServer(spec: try manifest.launchSpec()!)
/// try await server.run { /* send requests */ }      // or ensureRunning() … stop()
/// ```
public actor LocalServer {
    public enum Outcome: Sendable, Equatable {
        /// A server was already answering; we did not start (and will not stop) it.
        case alreadyRunning
        /// We started the process with this id.
        case started(pid: Int32)
    }

    public nonisolated let spec: LaunchSpec
    let transport: any HTTPTransport
    let pollInterval: Duration
    let stopGrace: Duration
    /// The process we started; nil when none is running or it belongs to someone else.
    private var process: ChildProcess?
    private var logHandle: FileHandle?
    private var pending: Task<Outcome, any Error>?

    public init(
        spec: LaunchSpec, transport: any HTTPTransport = AsyncHTTPTransport.shared,
        pollInterval: Duration = .milliseconds(250), stopGrace: Duration = .seconds(5)
    ) {
        self.spec = spec
        self.transport = transport
        self.pollInterval = pollInterval
        self.stopGrace = stopGrace
    }

    deinit {
        // Last resort: never outlive the run. `stop()` is the orderly way.
        if let process, process.isRunning { kill(process.pid, SIGKILL) }
    }

    /// The id of the process we started and that is still running.
    public var processIdentifier: Int32? {
        guard let process, process.isRunning else { return nil }
        return process.pid
    }

    /// Starts the server unless its health endpoint already answers 200; returns once it does.
    /// Concurrent callers share one start.
    @discardableResult
    public func ensureRunning() async throws -> Outcome {
        if let pending { return try await pending.value }
        let task = Task { try await self.start() }
        pending = task
        do {
            let outcome = try await task.value
            pending = nil
            return outcome
        } catch {
            pending = nil
            throw error
        }
    }

    private func start() async throws -> Outcome {
        if let process {
            if process.isRunning, await healthStatus() == .ready { return .started(pid: process.pid) }
            await stop()  // ours died or hangs: start afresh
        }
        switch await healthStatus() {
        case .ready:
            PrimerLog.server.info("a server already answers on \(spec.healthURL); using it and leaving it running")
            return .alreadyRunning
        case .loading:
            // Someone else's server is loading its model: wait for it, do not start a second one.
            return try await waitForOthers()
        case .other(let status):
            throw LocalServerError.portInUse(url: spec.healthURL, status: status)
        case .unreachable:
            return try await launchAndWait()
        }
    }

    private func launchAndWait() async throws -> Outcome {
        try checkInstalled()
        let clock = ContinuousClock()
        let start = clock.now
        let process = try launch()
        PrimerLog.server.info(
            "started \(spec.command[0]) (pid \(process.pid)); waiting for \(spec.healthURL)",
            metadata: ["log": "\(spec.logFile.path)"])
        do {
            try await waitUntilReady(process)
        } catch {
            await stop()
            throw error
        }
        PrimerLog.server.info("ready after \(start.elapsedMs(clock)) ms", metadata: ["pid": "\(process.pid)"])
        return .started(pid: process.pid)
    }

    /// Stops the process we started: SIGTERM, then SIGKILL after the grace period. Does nothing
    /// for a server someone else started.
    public func stop() async {
        guard let process else { return }
        self.process = nil
        defer { closeLog() }
        guard process.isRunning else { return }
        PrimerLog.server.info("stopping the local server (pid \(process.pid))")
        process.signal(SIGTERM)
        let clock = ContinuousClock()
        let deadline = clock.now + stopGrace
        while process.isRunning, clock.now < deadline { await sleepUncancellable(.milliseconds(50)) }
        if process.isRunning {
            process.signal(SIGKILL)
            let hardDeadline = clock.now + .seconds(5)
            while process.isRunning, clock.now < hardDeadline { await sleepUncancellable(.milliseconds(20)) }
        }
    }

    /// `ensureRunning()`, the body, then `stop()` — also when the body throws.
    public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await ensureRunning()
        do {
            let result = try await body()
            await stop()
            return result
        } catch {
            await stop()
            throw error
        }
    }

    // MARK: Steps

    enum Health: Equatable { case ready, loading, other(Int), unreachable }

    func healthStatus() async -> Health {
        do {
            let response = try await transport.send(HTTPRequestSpec(method: "GET", url: spec.healthURL, timeout: .seconds(2)))
            switch response.status {
            case 200: return .ready
            case 503: return .loading
            default: return .other(response.status)
            }
        } catch {
            return .unreachable
        }
    }

    /// The missing files as one clear error.
    func checkInstalled() throws {
        let missing = missingFiles()
        if !missing.isEmpty { throw LocalServerError.notInstalled(missing: missing, installHint: spec.installHint) }
    }

    /// The server binary and model files that are not there (empty when installed).
    public nonisolated func missingFiles() -> [String] {
        var missing: [String] = []
        let executable = spec.executablePath
        if Self.resolveExecutable(executable) == nil { missing.append(executable) }
        let model = spec.modelPath
        if !model.isEmpty, !FileManager.default.fileExists(atPath: model) { missing.append(model) }
        return missing
    }

    /// A path as is when it has a slash, else looked up in `$PATH`; nil when not executable.
    static func resolveExecutable(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    func launch() throws -> ChildProcess {
        let command = spec.command
        let executable = Self.resolveExecutable(command[0]) ?? command[0]
        let log = spec.logFile
        let handle: FileHandle
        do {
            try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: log.path, contents: Data("$ \(command.joined(separator: " "))\n".utf8)) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            handle = try FileHandle(forWritingTo: log)
            try handle.seekToEnd()
        } catch {
            throw LocalServerError.launchFailed(executable: executable, reason: "cannot write the log \(log.path): \(error.localizedDescription)")
        }
        let process: ChildProcess
        do {
            process = try ChildProcess.spawn(executable: executable, arguments: Array(command.dropFirst()), outputFD: handle.fileDescriptor)
        } catch {
            try? handle.close()
            throw error
        }
        self.process = process
        self.logHandle = handle
        return process
    }

    func waitUntilReady(_ process: ChildProcess) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(spec.startupTimeoutSeconds * 1000))
        var last = "no answer"
        while true {
            if !process.isRunning {
                throw LocalServerError.exitedEarly(status: process.terminationStatus ?? -1, log: spec.logFile.path, logTail: logTail())
            }
            switch await healthStatus() {
            case .ready: return
            case .loading: last = "HTTP 503, still loading"
            case .other(let status): last = "HTTP \(status)"
            case .unreachable: last = "no answer"
            }
            if !process.isRunning {
                throw LocalServerError.exitedEarly(status: process.terminationStatus ?? -1, log: spec.logFile.path, logTail: logTail())
            }
            if clock.now >= deadline {
                let tail = logTail()
                throw LocalServerError.startupTimedOut(
                    seconds: spec.startupTimeoutSeconds, url: spec.healthURL, lastStatus: last, log: spec.logFile.path, logTail: tail)
            }
            try await Task.sleep(for: pollInterval)
        }
    }

    func waitForOthers() async throws -> Outcome {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(spec.startupTimeoutSeconds * 1000))
        while clock.now < deadline {
            try await Task.sleep(for: pollInterval)
            switch await healthStatus() {
            case .ready: return .alreadyRunning
            case .loading: continue
            case .other(let status): throw LocalServerError.portInUse(url: spec.healthURL, status: status)
            case .unreachable: return try await launchAndWait()  // it went away: start ours
            }
        }
        throw LocalServerError.startupTimedOut(
            seconds: spec.startupTimeoutSeconds, url: spec.healthURL, lastStatus: "HTTP 503, still loading", log: "", logTail: "")
    }

    /// The last lines of the log file.
    public func logTail(lines: Int = 15) -> String {
        try? logHandle?.synchronize()
        guard let data = FileManager.default.contents(atPath: spec.logFile.path) else { return "" }
        let text = String(decoding: data.suffix(64 * 1024), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: true).suffix(lines).joined(separator: "\n")
    }

    private func closeLog() {
        try? logHandle?.close()
        logHandle = nil
    }

    /// Sleeps even when the task is cancelled (stopping must finish).
    private func sleepUncancellable(_ duration: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let milliseconds = Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
                continuation.resume()
            }
        }
    }
}
