import Foundation
import PrimerCore

/// A provider written in any language, run as a child process (`adapter: exec`); also an
/// embedding model (`adapter: exec-embeddings`, `embed`).
///
/// Primer starts the command on the first request and keeps it running; requests go one at a
/// time (concurrent callers queue) as one JSON line on the child's stdin, and the answer is one
/// JSON line on its stdout (protocol v1, `ExecProtocol`, documented in Plugins/examples/README.md).
/// A child that exits, times out or breaks the protocol is stopped and started again on the next
/// request. The last 20 stderr lines go into error messages.
public final class ExecProvider: Provider, Embedder, @unchecked Sendable {
    public let name: String
    public let model: String
    public let configuration: ExecConfiguration
    /// The program and arguments after path resolution.
    public let executable: URL
    public let arguments: [String]
    /// The child's whole environment.
    public let childEnvironment: [String: String]
    let manifestFile: URL
    /// Whether `json_schema` is sent: only when the manifest declares `capabilities: [json_schema]`.
    public let sendsJSONSchema: Bool

    /// Serializes requests (and shutdown); the state below is only touched while holding it.
    private let queue = AsyncLock()
    private var child: ExecChild?
    private var nextID = 0

    public static let defaultModel = "exec"
    /// The longest answer line Primer reads; a longer one fails its request (and the child is
    /// restarted) instead of being held in memory whole.
    public static let maxLineBytes = 16 * 1024 * 1024

    /// Builds the provider from its manifest. Bad settings throw `ProviderConfigError`; a command
    /// that cannot be found or run throws `ProviderError` naming it and the manifest.
    public init(manifest: ProviderManifest, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let settings = manifest.settingsReader
        let configuration = try ExecConfiguration(settings: settings)
        let (executable, arguments) = try configuration.resolvedCommand(
            provider: manifest.name, manifestFile: manifest.file,
            manifestLine: settings.lineOf("command") ?? manifest.line(ofKey: "settings"), path: environment["PATH"])
        self.name = manifest.name
        self.model = manifest.model.isEmpty ? Self.defaultModel : manifest.model
        self.configuration = configuration
        self.executable = executable
        self.arguments = arguments
        self.childEnvironment = configuration.childEnvironment(from: environment)
        self.manifestFile = manifest.file
        self.sendsJSONSchema = manifest.hasCapability("json_schema")
    }

    deinit {
        // A deinit may run on a thread of the async pool: the child is stopped on a thread of its
        // own (its waits are short sleeps) so that no request waits behind it.
        if let child {
            Thread.detachNewThread { child.stopBlocking() }
        }
    }

    /// The command as the manifest wrote it, for messages.
    var commandText: String { configuration.command.joined(separator: " ") }

    /// The running child's process id, if one is running (tests use it).
    public var processIdentifier: Int32? {
        get async {
            await queue.acquire()
            defer { queue.release() }
            guard let child, child.isRunning else { return nil }
            return child.pid
        }
    }

    public func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        await queue.acquire()
        defer { queue.release() }
        try Task.checkCancellation()
        var request = request
        if !sendsJSONSchema { request.jsonSchema = nil }
        return try await exchange { id in ExecProtocol.encode(request, id: id, model: self.model) } decode: { line throws(ExecProtocol.DecodeError) in
            try ExecProtocol.decode(line, defaultModel: self.model)
        }
    }

    /// The texts' vectors, in one request (protocol v1's `embed`).
    public func embed(_ texts: [String]) async throws -> [[Float]] {
        guard !texts.isEmpty else { return [] }
        await queue.acquire()
        defer { queue.release() }
        try Task.checkCancellation()
        let vectors = try await exchange { id in ExecProtocol.encode(embedding: texts, id: id, model: self.model) } decode: { line throws(ExecProtocol.DecodeError) in
            try ExecProtocol.decode(vectorsFrom: line, count: texts.count)
        }
        return vectors.map(Embeddings.normalised)
    }

    /// Stops the child (close stdin, wait up to `grace` seconds, then terminate). A later request
    /// starts a new one.
    public func shutdown(grace: Double = 2) async {
        await queue.acquire()
        defer { queue.release() }
        if let child {
            self.child = nil
            await child.stop(grace: grace)
        }
    }

    // MARK: - One request

    private func exchange<Payload>(
        _ encode: (String) -> Data, decode: (String) throws(ExecProtocol.DecodeError) -> ExecProtocol.Answer<Payload>
    ) async throws -> Payload {
        let child = try running()
        let id = newID()
        // Lines written since the last answer answer nothing: the child wrote more than one line
        // for a request. Its state is not trusted; it is restarted by the retry.
        let stray = child.lines.drain().filter { !Self.isBlank($0) }
        if let first = stray.first {
            var shown = "a line too long to show"
            if case .line(let line) = first { shown = quoted(ExecProtocol.preview(line)) }
            throw await failure(
                "`\(commandText)` wrote \(stray.count == 1 ? "a line" : "\(stray.count) lines") after its last answer, "
                    + "before request \(id) was sent: \(shown); each request gets exactly one answer line",
                child: child, retryable: true)
        }
        let deadline = Date().addingTimeInterval(
            configuration.timeoutSeconds + (child.answered == 0 ? configuration.startupTimeoutSeconds : 0))
        child.send(encode(id))

        while true {
            switch await child.lines.next(timeout: deadline.timeIntervalSinceNow) {
            case let event where Self.isBlank(event):
                continue
            case .tooLong:
                throw await failure(
                    "`\(commandText)` wrote an answer line longer than \(Self.maxLineBytes / 1024 / 1024) MB for request \(id), "
                        + "the most Primer reads; it was stopped and will be restarted on the next request "
                        + "(an answer must be one line of JSON of at most \(Self.maxLineBytes / 1024 / 1024) MB)",
                    child: child, retryable: true)
            case .line(let line):
                let answer: ExecProtocol.Answer<Payload>
                do throws(ExecProtocol.DecodeError) {
                    answer = try decode(line)
                } catch {
                    let problem: String
                    switch error {
                    case .notJSON(let preview):
                        problem = "wrote a line that is not a JSON object: \(quoted(preview))"
                    case .incomplete(let what):
                        problem = "answered request \(id) without \(what): \(quoted(ExecProtocol.preview(line)))"
                    }
                    throw await failure(
                        "`\(commandText)` \(problem); each answer must be one line of JSON "
                            + "(print logs to stderr)", child: child, retryable: false)
                }
                switch answer {
                case .response(let answerID, let response) where answerID == id:
                    child.answered += 1
                    return response
                case .failure(let answerID, let message, let retryable) where answerID == id:
                    child.answered += 1
                    throw ProviderError(provider: name, message: message, retryable: retryable)
                case .response(let answerID, _), .failure(let answerID, _, _):
                    throw await failure(
                        "`\(commandText)` answered id \(quoted(answerID)) while request \(quoted(id)) was waiting; "
                            + "each request gets exactly one answer line, with the request's id",
                        child: child, retryable: false)
                }
            case .closed:
                // stdout ended: the child is exiting; give it a moment so the exit code is known.
                _ = await child.waitForExit(seconds: 2)
                let how = child.exitDescription ?? "closed its stdout"
                throw await failure(
                    "`\(commandText)` \(how) while answering request \(id); it will be restarted on the next request",
                    child: child, retryable: true)
            case .timedOut:
                let seconds = configuration.timeoutSeconds
                    + (child.answered == 0 ? configuration.startupTimeoutSeconds : 0)
                throw await failure(
                    "`\(commandText)` did not answer request \(id) within \(Self.format(seconds))s "
                        + "(settings.timeout_seconds); it was stopped and will be restarted on the next request",
                    child: child, retryable: true)
            case .cancelled:
                // Its answer would arrive during the next request: start afresh.
                self.child = nil
                await child.terminateNow()
                throw CancellationError()
            }
        }
    }

    /// A request id no line written before the request can hold: a counter (for people reading
    /// logs) and a random part (so an answer written ahead of time cannot guess it).
    private func newID() -> String {
        nextID += 1
        return "\(nextID)-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }

    static func isBlank(_ event: LineChannel.Event) -> Bool {
        if case .line(let line) = event { return line.trimmingCharacters(in: .whitespaces).isEmpty }
        return false
    }

    /// The running child, starting one when there is none or the last one has ended.
    private func running() throws -> ExecChild {
        if let child, child.isRunning { return child }
        child = nil
        do {
            let started = try ExecChild(
                executable: executable, arguments: arguments, environment: childEnvironment, maxLineBytes: Self.maxLineBytes)
            child = started
            return started
        } catch {
            throw ProviderError(
                provider: name,
                message: "cannot start command `\(commandText)` (settings.command in \(manifestFile.path)): "
                    + "\(error.localizedDescription)",
                retryable: false)
        }
    }

    /// Stops `child` (it is no longer trusted) and builds the error, with its last stderr lines.
    private func failure(_ message: String, child: ExecChild, retryable: Bool) async -> ProviderError {
        if self.child === child { self.child = nil }
        await child.terminateNow()
        let tail = await child.stderr.settled(waitingUpTo: 1)
        var text = message
        if !tail.isEmpty {
            text += "; its last stderr lines:\n" + tail.map { "    \($0)" }.joined(separator: "\n")
        }
        return ProviderError(provider: name, message: text, retryable: retryable)
    }

    private func quoted(_ text: String) -> String { "‘\(text)’" }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// A first-in, first-out lock for async code: `acquire` suspends (without blocking a thread)
/// until the holder calls `release`.
final class AsyncLock: @unchecked Sendable {
    private let lock = NSLock()
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if busy {
                waiters.append(continuation)
                lock.unlock()
            } else {
                busy = true
                lock.unlock()
                continuation.resume()
            }
        }
    }

    func release() {
        lock.lock()
        if waiters.isEmpty {
            busy = false
            lock.unlock()
        } else {
            let next = waiters.removeFirst()
            lock.unlock()
            next.resume()
        }
    }
}
