import Foundation
import PostgresNIO
import PrimerCore

/// The response cache (`ResponseCache`): provider answers by `ResponseCacheKey`.
extension PostgresStore {
    public func cachedResponse(forKey key: String) async throws -> CompletionResponse? {
        try await write { connection in
            guard let row = try await connection.row(
                "UPDATE response_cache SET hits = hits + 1 WHERE key = \(key) RETURNING response", logger),
                let response = try? Self.decodeJSON(try row.value("response"), as: CompletionResponse.self)
            else { return nil }
            return response
        }
    }

    public func storeResponse(_ response: CompletionResponse, forKey key: String, provider: String, model: String) async throws {
        let json = try StoreRules.cacheJSON(response)
        try await write { connection in
            try await connection.run(
                """
                INSERT INTO response_cache (key, provider, model, response, created_at, hits)
                VALUES (\(key), \(provider), \(model), \(json), \(Date()), 0)
                ON CONFLICT (key) DO UPDATE SET provider = excluded.provider, model = excluded.model,
                    response = excluded.response, created_at = excluded.created_at, hits = 0
                """, logger)
        }
    }

    public func cacheStats() async throws -> ResponseCacheStats {
        try await read { connection in
            guard let row = try await connection.row(
                """
                SELECT COUNT(*) AS entries, COALESCE(SUM(octet_length(response)), 0)::bigint AS bytes,
                    COALESCE(SUM(hits), 0)::bigint AS hits, MIN(created_at) AS oldest, MAX(created_at) AS newest
                FROM response_cache
                """, logger)
            else { return ResponseCacheStats() }
            return ResponseCacheStats(
                entries: try row.int("entries"), bytes: try row.int("bytes"), hits: try row.int("hits"),
                oldest: try row.value("oldest"), newest: try row.value("newest"))
        }
    }

    @discardableResult
    public func clearCache(olderThan date: Date?) async throws -> Int {
        try await write { connection in
            if let date {
                try await connection.rows("DELETE FROM response_cache WHERE created_at < \(date) RETURNING key", logger).count
            } else {
                try await connection.rows("DELETE FROM response_cache RETURNING key", logger).count
            }
        }
    }
}
