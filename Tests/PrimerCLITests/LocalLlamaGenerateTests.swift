import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PrimerCore
import PrimerStore
import Testing

/// End to end on the real local model server (installed by scripts/install-local-llm.sh, which
/// scripts/test.sh runs first): Primer starts llama-server, generates a plan and one subtopic kit
/// with JSON-schema constrained output, stores provider and real token counts, and stops the
/// server. Fails, never skips, when the server is not installed.
@Suite(.serialized, .timeLimit(.minutes(30))) struct LocalLlamaGenerateTests {
    @Test func generateOnLlamaLocalCompletesAPlanAndOneSubtopicKit() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        // Small token limits keep the tiny model fast on a CPU.
        _ = try cli.write("""
            profiles:
              llama-small:
                provider: llama-local
                max_tokens: 900
            """, to: "primer.yaml")
        let result = try await cli.run(
            ["generate", "Photosynthesis", "--provider", "llama-small", "--max-subtopics", "1", "--json"],
            environment: ["PRIMER_PROVIDER": ""])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try JSONDecoder().decode(RunSummary.self, from: Data(result.stdout.utf8))
        #expect(summary.provider == "llama-small")
        #expect(summary.model == "SmolLM2-135M-Instruct")
        #expect(!summary.topics.isEmpty)
        for family in ["plan", "notes", "flashcards", "quiz", "terms"] {
            #expect(summary.families[family]?.generated == 1, "\(family) stored")
        }

        let store = try SQLiteStore(path: cli.storePath)
        let generations = try store.generations(subjectTitle: "Photosynthesis").filter { $0.status == "ok" }
        #expect(generations.count == 5)
        #expect(generations.allSatisfy { $0.provider == "llama-small" && $0.model.lowercased().contains("smollm2") })
        #expect(generations.allSatisfy { $0.promptTokens > 50 && $0.completionTokens > 0 }, "real token counts from the server")

        // The server Primer started is gone when the command ends.
        let health = try? await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, Error>) in
            URLSession.shared.dataTask(with: URL(string: "http://127.0.0.1:18080/health")!) { data, _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data ?? Data()) }
            }.resume()
        }
        #expect(health == nil, "llama-server was stopped")
    }
}
