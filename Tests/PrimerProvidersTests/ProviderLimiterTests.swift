import Foundation
import PrimerProviders
import Testing

@Suite struct ProviderLimiterTests {
    @Test func requestsPerMinuteUsesASlidingWindow() async throws {
        let clock = FakeClock()
        let limiter = ProviderLimiter(window: .seconds(60), now: clock.now, sleep: clock.sleep)
        let limits = ProviderLimits(concurrentRequests: 10, requestsPerMinute: 3)
        var startedAt: [Duration] = []
        for _ in 0..<7 {
            try await limiter.acquire("rpm", limits: limits)
            startedAt.append(clock.elapsed)
            await limiter.release("rpm")
        }
        // Three per minute: the 4th waits for the 1st to leave the window, and so on.
        #expect(startedAt == [.zero, .zero, .zero, .seconds(60), .seconds(60), .seconds(60), .seconds(120)])
    }

    @Test func providersAreLimitedSeparately() async throws {
        let clock = FakeClock()
        let limiter = ProviderLimiter(now: clock.now, sleep: clock.sleep)
        let limits = ProviderLimits(concurrentRequests: 1, requestsPerMinute: 1)
        try await limiter.acquire("a", limits: limits)
        try await limiter.acquire("b", limits: limits)
        #expect(await limiter.inFlight("a") == 1)
        #expect(await limiter.inFlight("b") == 1)
        #expect(clock.elapsed == .zero)
    }

    @Test func concurrencyWaitersGetSlotsInTurn() async throws {
        let limiter = ProviderLimiter()
        let limits = ProviderLimits(concurrentRequests: 1)
        try await limiter.acquire("one", limits: limits)
        let waiter = Task {
            try await limiter.acquire("one", limits: limits)
            return "got it"
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(await limiter.inFlight("one") == 1)
        await limiter.release("one")
        #expect(try await waiter.value == "got it")
        #expect(await limiter.inFlight("one") == 1)
        await limiter.release("one")
        #expect(await limiter.inFlight("one") == 0)
    }

    @Test func cancelledWaiterLeavesTheQueue() async throws {
        let limiter = ProviderLimiter()
        let limits = ProviderLimits(concurrentRequests: 1)
        try await limiter.acquire("c", limits: limits)
        let waiter = Task { try await limiter.acquire("c", limits: limits) }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        await limiter.release("c")
        #expect(await limiter.inFlight("c") == 0)
    }
}
