import Foundation
import NIOConcurrencyHelpers
import PrimerCore

/// The accounts of recently seen session tokens (by their hashes), each kept for `lifetime`
/// (5 s by default) and never past its session's end: the hot routes read no session from the
/// store. The store stays the truth: a logout here drops the token at once; a logout on another
/// server on the same store is seen here when the entry ages out. Bounded: past `capacity` tokens, the
/// aged-out ones go, and when none has, all of them (the next requests read the store again).
final class SessionCache: Sendable {
    private struct Entry {
        var account: Account
        var until: Date
    }

    private let entries = NIOLockedValueBox<[String: Entry]>([:])
    let lifetime: TimeInterval
    let capacity: Int

    init(lifetime: TimeInterval, capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    func account(tokenHash: String, at now: Date) -> Account? {
        entries.withLockedValue { entries in
            guard let entry = entries[tokenHash] else { return nil }
            guard entry.until > now else {
                entries[tokenHash] = nil
                return nil
            }
            return entry.account
        }
    }

    /// Keeps the account of a session the store found open `now`, until `sessionEnds`.
    func keep(_ account: Account, tokenHash: String, sessionEnds: Date, at now: Date) {
        guard lifetime > 0 else { return }
        entries.withLockedValue { entries in
            if entries.count >= capacity {
                entries = entries.filter { $0.value.until > now }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[tokenHash] = Entry(account: account, until: min(sessionEnds, now.addingTimeInterval(lifetime)))
        }
    }

    func forget(tokenHash: String) {
        _ = entries.withLockedValue { $0.removeValue(forKey: tokenHash) }
    }
}
