import Foundation
import GRDB
import PrimerCore

/// The embedding cache (`embeddings`, migration v11-embeddings).
extension SQLiteStore {
    public func cachedVectors(model: String, keys: [String]) async throws -> [String: [Float]] {
        guard !keys.isEmpty else { return [:] }
        return try await read { db in
            var found: [String: [Float]] = [:]
            // SQLite binds at most 32,766 values a statement; a chapter has a few hundred passages.
            for chunk in stride(from: 0, to: keys.count, by: 500).map({ Array(keys[$0..<min(keys.count, $0 + 500)]) }) {
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let rows = try Row.fetchAll(
                    db, sql: "SELECT key, vector FROM embeddings WHERE model = ? AND key IN (\(marks))",
                    arguments: StatementArguments([model] + chunk))
                for row in rows {
                    if let vector = EmbeddingVectorBytes.decode(row["vector"]) { found[row["key"]] = vector }
                }
            }
            return found
        }
    }

    public func storeVectors(model: String, _ vectors: [String: [Float]]) async throws {
        guard !vectors.isEmpty else { return }
        let now = Date()
        try await write { db in
            let statement = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO embeddings (model, key, vector, created_at) VALUES (?, ?, ?, ?)")
            for (key, vector) in vectors {
                try statement.execute(arguments: [model, key, EmbeddingVectorBytes.encode(vector), now])
            }
        }
    }
}
