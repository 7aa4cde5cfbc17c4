import Foundation

/// An embedder that asks the store first (`EmbeddingCache`) and embeds only the texts it has not
/// seen with this model, storing what it made. The same text always gets the same vector, so
/// a chapter attached to ten subjects is embedded once.
public struct CachingEmbedder: Embedder {
    public let base: any Embedder
    public let cache: any EmbeddingCache

    public init(base: any Embedder, cache: any EmbeddingCache) {
        self.base = base
        self.cache = cache
    }

    public var name: String { base.name }
    public var model: String { base.model }

    public func embed(_ texts: [String]) async throws -> [[Float]] {
        let keys = texts.map(EmbeddingVectorBytes.key)
        var known = try await cache.cachedVectors(model: model, keys: Array(Set(keys)))
        // Each missing text once, in first-seen order.
        var seen = Set<String>()
        let missing = texts.indices.filter { known[keys[$0]] == nil && seen.insert(keys[$0]).inserted }
        if !missing.isEmpty {
            let made = try await base.embed(missing.map { texts[$0] })
            var fresh: [String: [Float]] = [:]
            for (index, vector) in zip(missing, made) { fresh[keys[index]] = vector }
            try await cache.storeVectors(model: model, fresh)
            known.merge(fresh) { old, _ in old }
        }
        return keys.map { known[$0] ?? [] }
    }
}
