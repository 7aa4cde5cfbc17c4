import Foundation
import PostgresNIO
import PrimerCore

/// The events of a server's abuse limits (`LimitStore`), shared by every server on the store:
/// each check takes a transaction-scoped advisory lock per key (in one order, so two checks never
/// wait on each other), so the count and the record are one step for all of them.
extension PostgresStore {
    public func admit(_ check: LimitCheck, at date: Date) async throws -> LimitDecision {
        try await write { connection in
            for key in Set(check.counted + check.recorded).sorted() {
                try await connection.run("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 7))", logger)
            }
            let since = date.addingTimeInterval(-check.window)
            // Every window is at most an hour: a day-old event counts for nothing anywhere.
            try await connection.run("DELETE FROM limit_events WHERE at < \(date.addingTimeInterval(-LimitStoreRules.keptFor))", logger)
            var counts: [Int] = []
            var oldest: Date?
            for key in check.counted {
                try await connection.run("DELETE FROM limit_events WHERE key = \(key) AND at < \(since)", logger)
                let row = try await connection.row(
                    "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM limit_events WHERE key = \(key)", logger)
                counts.append(Int(try row?.value("n", as: Int64.self) ?? 0))
                if let first = try row?.value("oldest", as: Date?.self) { oldest = min(oldest ?? first, first) }
            }
            guard check.allows(counts) else {
                return .refused(retryAfter: LimitDecision.wait(oldest: oldest, window: check.window, now: date))
            }
            var ids: [Int64] = []
            for key in check.recorded {
                let row = try await connection.row("INSERT INTO limit_events (key, at) VALUES (\(key), \(date)) RETURNING id", logger)
                ids.append(try row!.value("id"))
            }
            return .admitted(events: ids)
        }
    }

    public func forgetEvents(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await write { connection in try await connection.run("DELETE FROM limit_events WHERE id = ANY(\(ids))", logger) }
    }

    public func clearEvents(key: String) async throws {
        try await write { connection in try await connection.run("DELETE FROM limit_events WHERE key = \(key)", logger) }
    }
}
