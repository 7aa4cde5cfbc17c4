import Foundation

/// Vectors an embedder made, kept by model and text (`EmbeddingVectorBytes.key`), so a document's
/// passages are embedded once however many runs ground on them. Part of the store contract:
/// both engines keep them (table `embeddings`).
public protocol EmbeddingCache: Sendable {
    /// The vectors of `model` stored under `keys`, by key (a key not stored is absent).
    func cachedVectors(model: String, keys: [String]) async throws -> [String: [Float]]
    /// Stores vectors of `model` by key; a key already stored keeps its vector.
    func storeVectors(model: String, _ vectors: [String: [Float]]) async throws
}

/// How a vector is stored: its 32-bit floats, little-endian, one after another (a BLOB in
/// SQLite, BYTEA in PostgreSQL) — 1.5 KB for 384 dimensions.
public enum EmbeddingVectorBytes {
    /// The key of a text: a hash of it and its length in bytes (one text, one key, for any model).
    public static func key(_ text: String) -> String { StableHash.hex(text) + ":" + String(text.utf8.count) }

    public static func encode(_ vector: [Float]) -> Data {
        var data = Data(capacity: vector.count * 4)
        for value in vector { withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }

    /// Nil for bytes that are not a whole number of floats (a damaged row counts as a miss).
    public static func decode(_ data: Data) -> [Float]? {
        guard data.count % 4 == 0 else { return nil }
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count, by: 4).map { i in
            Float(bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
        }
    }
}
