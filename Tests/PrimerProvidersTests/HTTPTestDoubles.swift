import Foundation
import PrimerProviders

/// A transport that answers from a list (the last entry repeats) and counts calls.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var script: [Result<HTTPResponseData, HTTPTransportError>]
    private var count = 0

    init(_ script: [Result<HTTPResponseData, HTTPTransportError>]) { self.script = script }

    var calls: Int { lock.withLock { count } }

    func send(_ request: HTTPRequestSpec) async throws -> HTTPResponseData {
        let next: Result<HTTPResponseData, HTTPTransportError> = lock.withLock {
            count += 1
            return script.count > 1 ? script.removeFirst() : script[0]
        }
        return try next.get()
    }
}

/// Records the waits instead of sleeping, so policy tests run instantly.
final class SleepRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Duration] = []
    var waits: [Duration] { lock.withLock { recorded } }
    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] duration in lock.withLock { recorded.append(duration) } }
    }
}

/// A clock that only moves when the code under test sleeps on it.
final class FakeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = ContinuousClock.now
    private let start: ContinuousClock.Instant
    init() { start = current }
    var now: @Sendable () -> ContinuousClock.Instant { { [self] in lock.withLock { current } } }
    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] duration in
            lock.withLock { current = current + duration }
            await Task.yield()
        }
    }
    var elapsed: Duration { lock.withLock { current - start } }
}

func status(_ code: Int, _ body: String = "", headers: [String: String] = [:]) -> Result<HTTPResponseData, HTTPTransportError> {
    .success(HTTPResponseData(status: code, headers: headers, body: Data(body.utf8)))
}
