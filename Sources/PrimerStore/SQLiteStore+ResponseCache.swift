import Foundation
import GRDB
import PrimerCore

/// The response cache (`response_cache`, migration v2): provider answers by `ResponseCacheKey`,
/// so rerunning an unchanged evaluation suite makes no provider call.
extension SQLiteStore {
    /// The answer under `key`, counting the hit; nil when there is none. An entry whose JSON no
    /// longer decodes (a newer Primer wrote it) counts as a miss.
    public func cachedResponse(forKey key: String) async throws -> CompletionResponse? {
        try await write { db in
            guard let json = try String.fetchOne(db, sql: "SELECT response FROM response_cache WHERE key = ?", arguments: [key]),
                let response = try? JSONDecoder().decode(CompletionResponse.self, from: Data(json.utf8))
            else { return nil }
            try db.execute(sql: "UPDATE response_cache SET hits = hits + 1 WHERE key = ?", arguments: [key])
            return response
        }
    }

    /// Stores the answer under `key`, replacing an older one (its hits start again at 0).
    public func storeResponse(_ response: CompletionResponse, forKey key: String, provider: String, model: String) async throws {
        let json = try StoreRules.cacheJSON(response)
        try await write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO response_cache (key, provider, model, response, created_at, hits)
                    VALUES (?, ?, ?, ?, ?, 0)
                    """,
                arguments: [key, provider, model, json, Date()])
        }
    }

    /// Entries, bytes of stored JSON, hits served, and the oldest and newest entry dates.
    public func cacheStats() async throws -> ResponseCacheStats {
        try await read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) AS entries, COALESCE(SUM(length(CAST(response AS BLOB))), 0) AS bytes,
                            COALESCE(SUM(hits), 0) AS hits, MIN(created_at) AS oldest, MAX(created_at) AS newest
                        FROM response_cache
                        """)
            else { return ResponseCacheStats() }
            return ResponseCacheStats(
                entries: row["entries"], bytes: row["bytes"], hits: row["hits"], oldest: row["oldest"], newest: row["newest"])
        }
    }

    /// Removes the entries created before `date` (all of them when nil); returns how many.
    @discardableResult
    public func clearCache(olderThan date: Date?) async throws -> Int {
        try await write { db in
            if let date {
                try db.execute(sql: "DELETE FROM response_cache WHERE created_at < ?", arguments: [date])
            } else {
                try db.execute(sql: "DELETE FROM response_cache")
            }
            return db.changesCount
        }
    }
}
