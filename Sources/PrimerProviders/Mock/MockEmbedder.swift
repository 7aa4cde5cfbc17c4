import Foundation
import PrimerCore

/// A deterministic, offline embedder (`adapter: mock-embeddings`) for tests and dry runs: each
/// word of a text (lower-cased letters and digits, a plural's final "s" dropped) is hashed
/// (FNV-1a) to one of `dimensions` coordinates with a sign, and the sum is normalised. Texts
/// that share words are close, texts that share none are orthogonal; it knows no synonyms,
/// which is what a real model adds.
///
/// ```yaml
/// settings:
///   dimensions: 384
/// ```
public struct MockEmbedder: Embedder {
    public static let adapterName = "mock-embeddings"
    public static let defaultModel = "mock-embeddings-1"

    public let name: String
    public let model: String
    public let dimensions: Int

    public init(name: String = "mock-embeddings", model: String = MockEmbedder.defaultModel, dimensions: Int = 384) {
        self.name = name
        self.model = model.isEmpty ? Self.defaultModel : model
        self.dimensions = max(1, dimensions)
    }

    public init(manifest: ProviderManifest, environment: [String: String] = [:]) throws {
        let settings = manifest.settingsReader
        try settings.rejectUnknownKeys(allowed: ["dimensions"])
        self.init(name: manifest.name, model: manifest.model, dimensions: try settings.int("dimensions", minimum: 1) ?? 384)
    }

    public func embed(_ texts: [String]) async throws -> [[Float]] {
        texts.map(vector)
    }

    func vector(_ text: String) -> [Float] {
        var vector = [Float](repeating: 0, count: dimensions)
        for word in Self.words(text) {
            let hash = StableHash.fnv1a(word)
            vector[Int(hash % UInt64(dimensions))] += (hash >> 63) == 0 ? 1 : -1
        }
        return Embeddings.normalised(vector)
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map { word in
            word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : String(word)
        }
    }
}
