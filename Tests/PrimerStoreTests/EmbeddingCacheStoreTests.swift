import Foundation
import PrimerCore
import Testing

@testable import PrimerStore

/// The embedding cache on both engines, and `CachingEmbedder` over it: a text is embedded once
/// per model, vectors come back exactly as stored, and a second model's vectors are its own.
@Suite struct EmbeddingCacheStoreTests {
    /// Counts the texts it is asked to embed; each text's vector is made from its length.
    final class CountingEmbedder: Embedder, @unchecked Sendable {
        let name = "counting"
        let model: String
        private let lock = NSLock()
        private var embedded: [String] = []
        init(model: String) { self.model = model }
        var texts: [String] { lock.withLock { embedded } }
        func embed(_ texts: [String]) async throws -> [[Float]] {
            lock.withLock { embedded += texts }
            return texts.map { [Float($0.count), 0.5, -1.25, Float.leastNonzeroMagnitude] }
        }
    }

    @Test(arguments: Engine.allCases) func vectorsRoundTripPerModelAndKey(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let vector: [Float] = [0.1, -0.2, 3.5e-8, 1, -1]
        #expect(try await store.cachedVectors(model: "m", keys: ["a"]).isEmpty)
        try await store.storeVectors(model: "m", ["a": vector, "b": [1, 2]])
        try await store.storeVectors(model: "other", ["a": [9]])
        // A key already stored keeps its first vector.
        try await store.storeVectors(model: "m", ["a": [7, 7]])
        let found = try await store.cachedVectors(model: "m", keys: ["a", "b", "missing"])
        #expect(found == ["a": vector, "b": [1, 2]])
        #expect(try await store.cachedVectors(model: "other", keys: ["a", "b"]) == ["a": [9]])
        #expect(try await store.cachedVectors(model: "m", keys: []).isEmpty)
    }

    @Test(arguments: Engine.allCases) func theCachingEmbedderEmbedsEachTextOnce(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let base = CountingEmbedder(model: "count-1")
        let embedder = CachingEmbedder(base: base, cache: store)
        let first = try await embedder.embed(["alpha", "beta", "alpha", "gamma ray"])
        #expect(base.texts == ["alpha", "beta", "gamma ray"])
        #expect(first[0] == first[2])
        #expect(first[3] == [9, 0.5, -1.25, Float.leastNonzeroMagnitude])
        let second = try await embedder.embed(["gamma ray", "delta", "alpha"])
        #expect(base.texts == ["alpha", "beta", "gamma ray", "delta"])
        #expect(second[0] == first[3] && second[2] == first[0])
        // Another model's vectors are not reused.
        let other = CountingEmbedder(model: "count-2")
        _ = try await CachingEmbedder(base: other, cache: store).embed(["alpha"])
        #expect(other.texts == ["alpha"])
    }

    @Test func manyKeysAreReadInChunks() async throws {
        let folder = try TempFolder()
        let store = try folder.store()
        let vectors = Dictionary(uniqueKeysWithValues: (0..<1_234).map { ("k\($0)", [Float($0)]) })
        try await store.storeVectors(model: "m", vectors)
        let found = try await store.cachedVectors(model: "m", keys: Array(vectors.keys))
        #expect(found.count == 1_234)
        #expect(found["k1233"] == [1233])
    }
}
