import Foundation
import GRDB
import PrimerCore

/// The events of a server's abuse limits (`LimitStore`): each check and its record in one write
/// transaction, which SQLite runs one at a time.
extension SQLiteStore {
    public func admit(_ check: LimitCheck, at date: Date) async throws -> LimitDecision {
        try await write { db in
            let since = date.addingTimeInterval(-check.window)
            // Every window is at most an hour: a day-old event counts for nothing anywhere.
            try db.execute(sql: "DELETE FROM limit_events WHERE at < ?", arguments: [date.addingTimeInterval(-LimitStoreRules.keptFor)])
            var counts: [Int] = []
            var oldest: Date?
            for key in check.counted {
                try db.execute(sql: "DELETE FROM limit_events WHERE key = ? AND at < ?", arguments: [key, since])
                let row = try Row.fetchOne(
                    db, sql: "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM limit_events WHERE key = ?", arguments: [key])
                counts.append(row?["n"] ?? 0)
                if let first: Date = row?["oldest"] { oldest = min(oldest ?? first, first) }
            }
            guard check.allows(counts) else {
                return .refused(retryAfter: LimitDecision.wait(oldest: oldest, window: check.window, now: date))
            }
            var ids: [Int64] = []
            for key in check.recorded {
                try db.execute(sql: "INSERT INTO limit_events (key, at) VALUES (?, ?)", arguments: [key, date])
                ids.append(db.lastInsertedRowID)
            }
            return .admitted(events: ids)
        }
    }

    public func forgetEvents(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await write { db in
            for id in ids { try db.execute(sql: "DELETE FROM limit_events WHERE id = ?", arguments: [id]) }
        }
    }

    public func clearEvents(key: String) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM limit_events WHERE key = ?", arguments: [key]) }
    }
}
