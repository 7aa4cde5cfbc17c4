import Foundation
import PrimerCore
import Testing

@testable import PrimerApp

/// The accounts a server keeps of recently seen sessions: served at most a few seconds after the
/// store read that found them, never past the session's end, read again ahead of time, dropped at
/// once by a logout, bounded.
@Suite struct SessionCacheTests {
    let ana = Account(id: 1, name: "Ana", email: "ana@example.com", createdAt: Date(timeIntervalSince1970: 0))
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func served(_ cache: SessionCache, _ hash: String, after seconds: Double) -> Bool {
        cache.lookup(tokenHash: hash, at: now.addingTimeInterval(seconds)) != .missing
    }

    @Test func anEntryIsServedAtMostItsLifetimeAndNeverPastTheSessionsEnd() {
        let cache = SessionCache(lifetime: 5)
        cache.keep(ana, tokenHash: "a", sessionEnds: now.addingTimeInterval(86_400), readAt: now)
        cache.keep(ana, tokenHash: "b", sessionEnds: now.addingTimeInterval(2), readAt: now)
        #expect(cache.lookup(tokenHash: "a", at: now.addingTimeInterval(2.49)) == .fresh(ana))
        #expect(served(cache, "a", after: 4.9))
        #expect(!served(cache, "a", after: 5), "read from the store again 5 s after the read that found it")
        #expect(served(cache, "b", after: 1.9))
        #expect(!served(cache, "b", after: 2), "a session that ended is not served")
    }

    /// From three quarters of its lifetime at the latest, one request (only one) is told to read
    /// the session again while it is served; the read's result then lasts a lifetime of its own.
    @Test func anEntryIsReadAgainAheadOfTimeByOneRequest() {
        let cache = SessionCache(lifetime: 5)
        cache.keep(ana, tokenHash: "a", sessionEnds: now.addingTimeInterval(86_400), readAt: now)
        #expect(cache.lookup(tokenHash: "a", at: now.addingTimeInterval(3.75)) == .refresh(ana))
        #expect(cache.lookup(tokenHash: "a", at: now.addingTimeInterval(3.8)) == .fresh(ana), "one read at a time")
        #expect(cache.lookup(tokenHash: "a", at: now.addingTimeInterval(4.99)) == .fresh(ana))
        cache.keep(ana, tokenHash: "a", sessionEnds: now.addingTimeInterval(86_400), readAt: now.addingTimeInterval(3.8))
        #expect(cache.lookup(tokenHash: "a", at: now.addingTimeInterval(6)) == .fresh(ana))
        #expect(!served(cache, "a", after: 8.8))
    }

    /// Sessions first seen together are read again over a stretch of time, not in one burst.
    @Test func entriesMadeTogetherAreReadAgainApart() {
        let cache = SessionCache(lifetime: 5)
        for index in 0..<100 { cache.keep(ana, tokenHash: "\(index)", sessionEnds: now.addingTimeInterval(60), readAt: now) }
        #expect((0..<100).allSatisfy { cache.lookup(tokenHash: "\($0)", at: now.addingTimeInterval(2.49)) == .fresh(ana) })
        let refreshing = (0..<100).filter { cache.lookup(tokenHash: "\($0)", at: now.addingTimeInterval(3.125)) == .refresh(ana) }.count
        #expect((5..<95).contains(refreshing), "about half are read again by 3.125 s: \(refreshing)")
    }

    @Test func aLogoutDropsTheTokenAndNoLifetimeKeepsNothing() {
        let cache = SessionCache(lifetime: 5)
        cache.keep(ana, tokenHash: "a", sessionEnds: now.addingTimeInterval(60), readAt: now)
        cache.forget(tokenHash: "a", at: now)
        #expect(!served(cache, "a", after: 0))
        let off = SessionCache(lifetime: 0)
        off.keep(ana, tokenHash: "a", sessionEnds: now.addingTimeInterval(60), readAt: now)
        #expect(!served(off, "a", after: 0))
    }

    /// A read of the store that began before a logout found the session still open: what it
    /// found is not kept. A read that began after it is.
    @Test func aReadThatBeganBeforeALogoutDoesNotBringTheTokenBack() {
        let cache = SessionCache(lifetime: 5)
        cache.forget(tokenHash: "a", at: now)
        cache.keep(ana, tokenHash: "a", sessionEnds: now.addingTimeInterval(60), readAt: now.addingTimeInterval(-0.1))
        #expect(!served(cache, "a", after: 0.1))
        cache.keep(ana, tokenHash: "a", sessionEnds: now.addingTimeInterval(60), readAt: now.addingTimeInterval(0.1))
        #expect(cache.lookup(tokenHash: "a", at: now.addingTimeInterval(0.2)) == .fresh(ana))
    }

    /// A background read that began before a logout, and found nothing after it, does not
    /// weaken the logout's mark: a read begun between the two still cannot bring the token back.
    @Test func aLaterLogoutsMarkIsNotWeakenedByAnEarlierRead() {
        let cache = SessionCache(lifetime: 5)
        cache.forget(tokenHash: "a", at: now.addingTimeInterval(2))
        cache.forget(tokenHash: "a", at: now)
        cache.keep(ana, tokenHash: "a", sessionEnds: now.addingTimeInterval(60), readAt: now.addingTimeInterval(1))
        #expect(!served(cache, "a", after: 2.5))
    }

    @Test func theCacheStaysWithinItsCapacity() {
        let cache = SessionCache(lifetime: 5, capacity: 100)
        for index in 0..<250 { cache.keep(ana, tokenHash: "\(index)", sessionEnds: now.addingTimeInterval(60), readAt: now) }
        for index in 250..<400 { cache.forget(tokenHash: "\(index)", at: now) }
        cache.keep(ana, tokenHash: "last", sessionEnds: now.addingTimeInterval(60), readAt: now)
        let kept = (0..<250).filter { served(cache, "\($0)", after: 0) }.count
        #expect(kept <= 100, "\(kept) kept")
        #expect(served(cache, "last", after: 0), "the newest is kept")
    }
}
