import Foundation
import NIOConcurrencyHelpers
import PrimerCore

/// The accounts of recently seen session tokens (by their hashes): the hot routes read no
/// session from the store. The store stays the truth: an account is served at most `lifetime`
/// (5 s by default) after the store read that found its session began, and never past the
/// session's end; a logout here drops the token at once, a logout on another server on the same
/// store is seen here within `lifetime`.
///
/// An entry is read again ahead of time: from a random moment between half and three quarters of
/// its lifetime, the first request to use it gets `.refresh` — it is served the account and
/// starts one read of the store, whose result replaces the entry. A request of a session in use
/// therefore never waits for the store: at load, a request that did waited its turn for a
/// connection twice, twice the others' latency (the 99th percentile, BENCHMARKS.md (ad)). The
/// random moment spreads the reads of sessions first seen together.
///
/// Bounded: past `capacity` tokens, the aged-out ones go, and when none has, all of them (the
/// next requests read the store again).
final class SessionCache: Sendable {
    private struct Entry {
        /// nil: the token was forgotten (a logout) at `readAt`; a store read that began before
        /// that does not bring it back.
        var account: Account?
        /// When the store read that found the session began (for a logout's mark: when it came).
        var readAt: Date
        var refreshAt: Date
        var until: Date
        var refreshing = false
    }

    enum Lookup: Equatable {
        case fresh(Account)
        /// Serve the account and read the session from the store again (`keep` or `forget`).
        case refresh(Account)
        case missing
    }

    private let entries = NIOLockedValueBox<[String: Entry]>([:])
    let lifetime: TimeInterval
    let capacity: Int

    init(lifetime: TimeInterval, capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    func lookup(tokenHash: String, at now: Date) -> Lookup {
        entries.withLockedValue { entries in
            guard var entry = entries[tokenHash] else { return .missing }
            guard entry.until > now else {
                entries[tokenHash] = nil
                return .missing
            }
            guard let account = entry.account else { return .missing }
            guard entry.refreshAt <= now, !entry.refreshing else { return .fresh(account) }
            entry.refreshing = true
            entries[tokenHash] = entry
            return .refresh(account)
        }
    }

    /// Keeps the account of a session the store found open by a read that began at `readAt`,
    /// unless the token was forgotten since.
    func keep(_ account: Account, tokenHash: String, sessionEnds: Date, readAt: Date) {
        guard lifetime > 0 else { return }
        entries.withLockedValue { entries in
            if let mark = entries[tokenHash], mark.account == nil, mark.readAt >= readAt { return }
            makeRoom(&entries, at: readAt)
            entries[tokenHash] = Entry(
                account: account, readAt: readAt, refreshAt: readAt.addingTimeInterval(lifetime * Double.random(in: 0.5...0.75)),
                until: min(sessionEnds, readAt.addingTimeInterval(lifetime)))
        }
    }

    /// Drops the token; a store read that began before `now` cannot bring it back.
    func forget(tokenHash: String, at now: Date) {
        guard lifetime > 0 else { return }
        entries.withLockedValue { entries in
            // A later mark stays: a background read that began before a logout and found nothing
            // afterwards must not let a read begun between the two bring the token back.
            if let mark = entries[tokenHash], mark.account == nil, mark.readAt >= now { return }
            makeRoom(&entries, at: now)
            entries[tokenHash] = Entry(account: nil, readAt: now, refreshAt: .distantFuture, until: now.addingTimeInterval(lifetime))
        }
    }

    private func makeRoom(_ entries: inout [String: Entry], at now: Date) {
        guard entries.count >= capacity else { return }
        entries = entries.filter { $0.value.until > now }
        // Accounts go before logouts' marks, which keep older reads from bringing a token back.
        if entries.count >= capacity { entries = entries.filter { $0.value.account == nil } }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
    }
}
