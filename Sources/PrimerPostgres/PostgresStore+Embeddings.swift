import Foundation
import PostgresNIO
import PrimerCore

/// The embedding cache (`embeddings`, migration pg4-embeddings).
extension PostgresStore {
    public func cachedVectors(model: String, keys: [String]) async throws -> [String: [Float]] {
        guard !keys.isEmpty else { return [:] }
        return try await read { connection in
            var found: [String: [Float]] = [:]
            for row in try await connection.rows(
                "SELECT key, vector FROM embeddings WHERE model = \(model) AND key = ANY(\(keys)::text[])", logger)
            {
                let bytes: ByteBuffer = try row.value("vector")
                if let vector = EmbeddingVectorBytes.decode(Data(buffer: bytes)) { found[try row.value("key")] = vector }
            }
            return found
        }
    }

    public func storeVectors(model: String, _ vectors: [String: [Float]]) async throws {
        guard !vectors.isEmpty else { return }
        let keys = Array(vectors.keys)
        // One statement: the vectors travel as one array of their bytes.
        let bytes = keys.map { ByteBuffer(data: EmbeddingVectorBytes.encode(vectors[$0]!)) }
        try await write { connection in
            try await connection.run(
                """
                INSERT INTO embeddings (model, key, vector, created_at)
                SELECT \(model), k, v, \(Date()) FROM unnest(\(keys)::text[], \(bytes)::bytea[]) AS e(k, v)
                ON CONFLICT (model, key) DO NOTHING
                """, logger)
        }
    }
}
