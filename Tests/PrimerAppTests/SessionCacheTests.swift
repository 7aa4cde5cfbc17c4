import Foundation
import PrimerCore
import Testing

@testable import PrimerApp

/// The accounts a server keeps of recently seen sessions: for a few seconds, never past the
/// session's end, dropped at once by a logout, bounded.
@Suite struct SessionCacheTests {
    let ana = Account(id: 1, name: "Ana", email: "ana@example.com", createdAt: Date(timeIntervalSince1970: 0))
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anEntryLastsItsLifetimeAndNeverPastTheSessionsEnd() {
        let cache = SessionCache(lifetime: 5)
        cache.keep(ana, tokenHash: "a", sessionEnds: now.addingTimeInterval(86_400), at: now)
        cache.keep(ana, tokenHash: "b", sessionEnds: now.addingTimeInterval(2), at: now)
        #expect(cache.account(tokenHash: "a", at: now.addingTimeInterval(4.9)) == ana)
        #expect(cache.account(tokenHash: "a", at: now.addingTimeInterval(5)) == nil, "read from the store again after 5 s")
        #expect(cache.account(tokenHash: "b", at: now.addingTimeInterval(1.9)) == ana)
        #expect(cache.account(tokenHash: "b", at: now.addingTimeInterval(2)) == nil, "a session that ended is not served")
    }

    @Test func aLogoutDropsTheTokenAndNoLifetimeKeepsNothing() {
        let cache = SessionCache(lifetime: 5)
        cache.keep(ana, tokenHash: "a", sessionEnds: now.addingTimeInterval(60), at: now)
        cache.forget(tokenHash: "a")
        #expect(cache.account(tokenHash: "a", at: now) == nil)
        let off = SessionCache(lifetime: 0)
        off.keep(ana, tokenHash: "a", sessionEnds: now.addingTimeInterval(60), at: now)
        #expect(off.account(tokenHash: "a", at: now) == nil)
    }

    @Test func theCacheStaysWithinItsCapacity() {
        let cache = SessionCache(lifetime: 5, capacity: 100)
        for index in 0..<250 { cache.keep(ana, tokenHash: "\(index)", sessionEnds: now.addingTimeInterval(60), at: now) }
        let kept = (0..<250).filter { cache.account(tokenHash: "\($0)", at: now) != nil }.count
        #expect(kept > 0 && kept <= 100, "\(kept) kept")
        #expect(cache.account(tokenHash: "249", at: now) == ana, "the newest is kept")
    }
}
