import Foundation
import PrimerCore
import Testing

@testable import PrimerProviders

/// `adapter: exec-embeddings`: the example embedding program as a real child process, through
/// the registry as `--embedder` makes it, and a program that answers wrongly.
struct ExecEmbedderTests {
    @Test func theExampleProgramEmbedsTextsByTheirWords() async throws {
        let registry = try ProviderRegistry(directories: [ExecFixture.examplesFolder])
        #expect(registry.manifests.first { $0.name == "words-exec" }.map(registry.isEmbedder) == true)
        let embedder = try ProviderResolver(registry: registry, config: PrimerConfig())
            .makeEmbedder(named: "words-exec", environment: ProcessInfo.processInfo.environment)
        let vectors = try await embedder.embed(["matrix product rows columns", "rows columns matrix product", "cell membrane lipids"])
        #expect(vectors.count == 3 && vectors.allSatisfy { $0.count == 256 })
        #expect(abs(Embeddings.cosine(vectors[0], vectors[1]) - 1) < 1e-6, "same words, same vector")
        #expect(Embeddings.cosine(vectors[0], vectors[2]) < 0.3)
        #expect(vectors.allSatisfy { abs(sqrt($0.reduce(0) { $0 + $1 * $1 }) - 1) < 1e-5 }, "normalised")
        #expect(try await embedder.embed([]).isEmpty)
        #expect(throws: ProviderConfigError.self) {
            try ProviderResolver(registry: registry, config: PrimerConfig()).makeProvider(named: "words-exec", environment: [:])
        }
    }

    @Test func aWrongNumberOfVectorsIsOneClearError() async throws {
        let folder = try ExecFixture.folder(
            manifest: "command: [python3, script.py]", name: "short",
            files: ["script.py": """
                import json, sys
                for line in sys.stdin:
                    request = json.loads(line)
                    print(json.dumps({"id": request["id"], "vectors": [[1.0, 0.0]]}), flush=True)
                """])
        let yaml = try String(contentsOf: folder.appendingPathComponent("short.yaml"), encoding: .utf8)
        try yaml.replacingOccurrences(of: "adapter: exec", with: "adapter: exec-embeddings").write(
            to: folder.appendingPathComponent("short.yaml"), atomically: true, encoding: .utf8)
        let embedder = try ExecProvider(manifest: try ExecFixture.manifest(in: folder, name: "short"))
        let error = await ExecFixture.providerError { _ = try await embedder.embed(["one", "two"]) }
        #expect(error?.message.contains("`vectors`: 2 lists of numbers of one length, one for each text asked") == true, "\(String(describing: error))")
        #expect(try await embedder.embed(["one"]) == [[1, 0]])
    }
}
