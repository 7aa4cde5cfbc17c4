import Foundation
import PrimerCore
import Testing

@testable import PrimerProviders

/// Embedding models are manifests like providers', kept apart from them: each refuses to stand
/// in for the other with what to do, and the mock embedder behaves as documented.
struct EmbedderRegistryTests {
    func registry() throws -> ProviderRegistry {
        let file = URL(fileURLWithPath: "/plugins/test.yaml")
        return try ProviderRegistry(manifests: [
            try ProviderManifest.parse(yaml: "name: mock\nadapter: mock\n", file: file),
            try ProviderManifest.parse(yaml: "name: words\nadapter: mock-embeddings\nsettings: {dimensions: 64}\n", file: file),
        ])
    }

    @Test func anEmbedderIsNotAProviderAndAProviderIsNotAnEmbedder() throws {
        let registry = try registry()
        let words = try #require(registry.manifest(named: "words"))
        let mock = try #require(registry.manifest(named: "mock"))
        #expect(registry.isEmbedder(words))
        #expect(!registry.isEmbedder(mock))
        #expect(throws: ProviderConfigError.self) { try registry.makeProvider(from: words, environment: [:]) }
        do {
            _ = try registry.makeProvider(from: words, environment: [:])
        } catch {
            #expect("\(error)".contains("--embedder"), "\(error)")
        }
        do {
            _ = try registry.makeEmbedder(from: mock, environment: [:])
            Issue.record("a chat provider was accepted as an embedder")
        } catch {
            #expect("\(error)".contains("the embedding models are: words"), "\(error)")
        }
        let embedder = try registry.makeEmbedder(from: words, environment: [:])
        #expect(embedder.name == "words")
    }

    @Test func unknownSettingsOfTheMockEmbedderAreRefusedWithTheirName() throws {
        let file = URL(fileURLWithPath: "/plugins/bad.yaml")
        let manifest = try ProviderManifest.parse(yaml: "name: bad\nadapter: mock-embeddings\nsettings: {dimension: 64}\n", file: file)
        #expect(throws: ProviderConfigError.self) { try MockEmbedder(manifest: manifest) }
    }

    @Test func theMockEmbedderIsCloseForSharedWordsAndOrthogonalForNone() async throws {
        let embedder = MockEmbedder(dimensions: 384)
        let vectors = try await embedder.embed([
            "The mitochondria make energy for the cell",
            "Cells get their energy from mitochondria",
            "Supply and demand set prices",
            "The mitochondria make energy for the cell",
            "",
        ])
        #expect(vectors.allSatisfy { $0.count == 384 })
        #expect(vectors[0] == vectors[3], "not deterministic")
        let shared = Embeddings.cosine(vectors[0], vectors[1])
        let none = Embeddings.cosine(vectors[0], vectors[2])
        #expect(shared > 0.3, "\(shared)")
        #expect(abs(none) < 0.2, "\(none)")
        #expect(vectors[4].allSatisfy { $0 == 0 }, "an empty text is the zero vector")
        #expect(Embeddings.cosine(vectors[4], vectors[0]) == 0)
    }
}
