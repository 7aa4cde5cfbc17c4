import Foundation
import PrimerCore
import PrimerDefaults
import Testing

@testable import PrimerProviders

/// The real llama-server serving all-MiniLM-L6-v2 (`minilm-local`, installed by
/// `scripts/install-local-embeddings.sh`), started from the shipped manifest on a free port.
/// Not skipped when the model is missing: it fails and names the install script.
@Suite(.serialized) struct LocalEmbeddingsTests {
    /// The shipped manifest moved to a free port (both its `base_url` and its launch command).
    func shippedEmbedder() throws -> LaunchingEmbedder {
        let folder = try #require(Defaults.pluginsDirectory)
        let file = folder.appendingPathComponent("minilm-local.yaml")
        let port = try freeLoopbackPort(in: 32_000..<38_000)
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "18090", with: "\(port)")
        let manifest = try ProviderManifest.parse(yaml: text, file: file)
        var spec = try #require(try manifest.launchSpec())
        spec.logTemplate = FileManager.default.temporaryDirectory.appendingPathComponent("primer-minilm-test-{port}.log").path
        let missing = [spec.executablePath, spec.modelPath].filter { !FileManager.default.fileExists(atPath: $0) }
        try #require(
            missing.isEmpty,
            "llama-server or the embedding model is not installed (missing \(missing.joined(separator: ", "))); run scripts/install-local-embeddings.sh first")
        return LaunchingEmbedder(base: try OpenAIEmbeddingsProvider(manifest: manifest, environment: [:]), server: LocalServer(spec: spec))
    }

    @Test(.timeLimit(.minutes(3))) func closeMeaningsAreCloseAndTheServerStops() async throws {
        let embedder = try shippedEmbedder()
        do {
            let sentences = [
                "The cat sat on the mat.",
                "A feline rested on a rug.",
                "Quarterly revenue grew by five percent.",
                // Longer than the model reads: cut at max_input_characters, not refused.
                String(repeating: "Photosynthesis turns light into chemical energy in the chloroplast. ", count: 80),
            ]
            let vectors = try await embedder.embed(sentences)
            #expect(vectors.count == 4)
            #expect(vectors.allSatisfy { $0.count == 384 })
            for vector in vectors {
                let norm = vector.reduce(0.0) { $0 + Double($1) * Double($1) }.squareRoot()
                #expect(abs(norm - 1) < 1e-3, "not normalised: \(norm)")
            }
            // Same meaning, no shared word: closer than a shared-nothing sentence by a margin.
            let similar = Embeddings.cosine(vectors[0], vectors[1])
            let unrelated = Embeddings.cosine(vectors[0], vectors[2])
            #expect(similar > unrelated + 0.3, "cat/feline \(similar), cat/revenue \(unrelated)")

            // 40 texts go as two requests of batch_size 32; each keeps its own vector, in order.
            let many = (0..<40).map { "Sentence number \($0) about \(["cells", "markets", "wars", "waves"][$0 % 4])." }
            let batched = try await embedder.embed(many)
            let alone = try await embedder.embed([many[37]])
            #expect(batched.count == 40)
            #expect(Embeddings.cosine(batched[37], alone[0]) > 0.9999)
            #expect(Embeddings.cosine(batched[37], batched[36]) < 0.9999)
        } catch {
            await embedder.server.stop()
            throw error
        }
        await embedder.server.stop()
        await #expect(throws: HTTPTransportError.self) {
            _ = try await AsyncHTTPTransport.shared.send(HTTPRequestSpec(method: "GET", url: embedder.server.spec.healthURL, timeout: .seconds(2)))
        }
    }
}
