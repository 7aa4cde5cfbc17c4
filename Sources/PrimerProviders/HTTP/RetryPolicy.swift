import Foundation

/// How `ResilientTransport` retries: how many attempts, and how long it waits between them.
///
/// Between attempts it waits a random time in `0...min(maxDelay, baseDelay × 2ⁿ⁻¹)` ("full
/// jitter"), so many clients that failed together do not come back together. When the server
/// says how long to wait (`Retry-After`, `retry-after-ms`) that wait is used instead, unless it
/// is longer than `maxServerWait`: then the transport gives up at once rather than sleep for
/// minutes (`ResilientTransportError.serverWaitTooLong`).
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first one included (1 = never retry).
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration
    /// The longest server-requested wait that is honoured.
    public var maxServerWait: Duration

    public init(
        maxAttempts: Int = 4, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(20),
        maxServerWait: Duration = .seconds(60)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(.zero, baseDelay)
        self.maxDelay = max(.zero, maxDelay)
        self.maxServerWait = max(.zero, maxServerWait)
    }

    /// Four attempts, 0.5 s base, 20 s cap, server waits up to 60 s.
    public static let standard = RetryPolicy()
    /// One attempt, no retry.
    public static let once = RetryPolicy(maxAttempts: 1)

    /// The backoff before attempt `attempt + 1`, after `attempt` failures (from 1); `unit` is a
    /// random number in 0..<1 (injected so tests are deterministic).
    public func backoff(afterAttempt attempt: Int, unit: Double) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let ceiling = min(maxDelay, baseDelay * (1 << exponent))
        return ceiling * min(max(unit, 0), 1)
    }
}
