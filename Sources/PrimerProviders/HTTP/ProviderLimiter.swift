import Foundation

/// Process-wide request limits per provider, from the manifest's `limits:`
/// (`concurrent_requests`, `requests_per_minute`).
///
/// Every HTTP request to a provider first takes a permit with `acquire`, and gives it back with
/// `release` when the answer (or the failure) is in. A permit needs a free concurrency slot and,
/// when `requests_per_minute` is not 0, room in a sliding window of request starts. The limits
/// hold across every adapter instance and task in the process because they are keyed by
/// provider name in one shared actor (`ProviderLimiter.shared`); a retry is a new request and
/// takes a new permit, so backoff sleeps hold none.
public actor ProviderLimiter {
    public static let shared = ProviderLimiter()

    /// The length of the requests-per-minute window (a minute, shorter in tests).
    let window: Duration
    let now: @Sendable () -> ContinuousClock.Instant
    let sleep: @Sendable (Duration) async throws -> Void

    struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    struct Gate {
        var limits: ProviderLimits
        var inFlight = 0
        var waiters: [Waiter] = []
        /// Start times of the requests inside the current window, oldest first.
        var starts: [ContinuousClock.Instant] = []
    }

    private var gates: [String: Gate] = [:]
    private var nextWaiter: UInt64 = 0

    /// `now` and `sleep` are injectable so the requests-per-minute gate can be tested on a fake clock.
    public init(
        window: Duration = .seconds(60),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.window = window
        self.now = now
        self.sleep = sleep
    }

    /// Waits until `provider` may start one more request under `limits`, then counts it.
    /// The first caller's limits stay in force for the name (one manifest per name).
    /// Throws `CancellationError` when the task is cancelled while waiting.
    public func acquire(_ provider: String, limits: ProviderLimits) async throws {
        if gates[provider] == nil { gates[provider] = Gate(limits: limits) }
        try await takeSlot(provider)
        do {
            try await passRateWindow(provider)
        } catch {
            release(provider)
            throw error
        }
    }

    /// Gives back a permit taken with `acquire`; the longest waiter, if any, gets it.
    public func release(_ provider: String) {
        guard var gate = gates[provider] else { return }
        if gate.waiters.isEmpty {
            gate.inFlight = max(0, gate.inFlight - 1)
            gates[provider] = gate
        } else {
            // Hand the slot over directly: `inFlight` stays the same.
            let waiter = gate.waiters.removeFirst()
            gates[provider] = gate
            waiter.continuation.resume()
        }
    }

    /// Requests of `provider` holding a permit now (for tests and progress output).
    public func inFlight(_ provider: String) -> Int { gates[provider]?.inFlight ?? 0 }

    private func takeSlot(_ provider: String) async throws {
        try Task.checkCancellation()
        guard var gate = gates[provider] else { return }
        if gate.inFlight < max(1, gate.limits.concurrentRequests) {
            gate.inFlight += 1
            gates[provider] = gate
            return
        }
        nextWaiter += 1
        let id = nextWaiter
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                gates[provider]?.waiters.append(Waiter(id: id, continuation: continuation))
            }
        } onCancel: {
            Task { await self.cancelWaiter(provider, id: id) }
        }
    }

    private func cancelWaiter(_ provider: String, id: UInt64) {
        guard let index = gates[provider]?.waiters.firstIndex(where: { $0.id == id }) else { return }
        let waiter = gates[provider]!.waiters.remove(at: index)
        waiter.continuation.resume(throwing: CancellationError())
    }

    /// Sleeps until fewer than `requests_per_minute` requests started within the last window.
    private func passRateWindow(_ provider: String) async throws {
        while let gate = gates[provider], gate.limits.requestsPerMinute > 0 {
            let current = now()
            let recent = gate.starts.filter { current - $0 < window }
            if recent.count < gate.limits.requestsPerMinute {
                gates[provider]?.starts = recent + [current]
                return
            }
            gates[provider]?.starts = recent
            // Other callers may take the freed room while we sleep (actor reentrancy): loop and re-check.
            try await self.sleep(recent[0] + window - current)
        }
    }
}
