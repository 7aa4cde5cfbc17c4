import Testing
import Yams

@testable import PrimerCore
@testable import PrimerGeneration

/// The `relevance` gate on vectors it is handed (the generator makes them with the run's
/// embedder), and the generator handing them over.
struct GateRelevanceTests {
    let cards = [
        PairItem(front: "What is a matrix product?", back: "Rows times columns."),
        PairItem(front: "What are the 3 main components of a computer?", back: "CPU, memory, storage."),
    ]

    func context(vectors: [String: [Float]]) -> GateContext {
        var context = GateContext(subject: "Linear Algebra", topic: "Algebraic Structures", subtopic: "Matrix Operations")
        context.meanings = GateMeanings(vectors: vectors)
        return context
    }

    @Test func dropsAnItemFarFromItsSubtopicAndNamesTheSimilarity() {
        let subtopic = "Algebraic Structures: Matrix Operations"
        let verdict = RelevanceGate().apply(.pairs(cards), context: context(vectors: [
            subtopic: [1, 0, 0],
            "What is a matrix product?\nRows times columns.": [0.9, 0.1, 0],
            "What are the 3 main components of a computer?\nCPU, memory, storage.": [0.1, 1, 0],
        ]))
        #expect(verdict.output == .pairs([cards[0]]))
        #expect(verdict.dropped == [
            "dropped flashcard ‘What are the 3 main components of a computer?’: not about “Matrix Operations” (similarity 0.10; at least 0.18 is needed)",
        ])
    }

    @Test func withoutAnEmbedderEveryItemIsKept() {
        let none = GateContext(subject: "Linear Algebra", topic: "Algebraic Structures", subtopic: "Matrix Operations")
        #expect(RelevanceGate().apply(.pairs(cards), context: none).output == .pairs(cards))
        // A vector missing for an item (not embedded) keeps it too.
        let partial = RelevanceGate().apply(.pairs(cards), context: context(vectors: ["Algebraic Structures: Matrix Operations": [1, 0]]))
        #expect(partial.output == .pairs(cards))
    }

    @Test func theCutIsAnOptionAndBadValuesAreRefused() throws {
        let strict = try #require(try GateRegistry.make(name: "relevance", options: Yams.compose(yaml: "{min_similarity: 0.95}")) as? RelevanceGate)
        #expect(strict.minimum == 0.95)
        #expect(throws: GateConfigError.self) { try GateRegistry.make(name: "relevance", options: Yams.compose(yaml: "{min_similarity: 2}")) }
        #expect(throws: GateConfigError.self) { try GateRegistry.make(name: "relevance", options: Yams.compose(yaml: "{min: 0.2}")) }
    }

    /// An embedder that points texts mentioning "computer" one way and everything else another.
    struct TwoWayEmbedder: Embedder {
        let name = "two-way"
        let model = "two-way-1"
        func embed(_ texts: [String]) async throws -> [[Float]] {
            texts.map { $0.lowercased().contains("computer") ? [0, 1] : [1, 0] }
        }
    }

    @Test func theGeneratorEmbedsTheAnswerForTheGate() async throws {
        struct Fixed: Provider {
            let name = "fixed"
            let model = "fixed-1"
            func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
                CompletionResponse(text: "What is a matrix product? | Rows times columns.\nWhat are the 3 main components of a computer? | CPU, memory, storage.", model: model)
            }
        }
        // The loader tests' minimal family, gated by relevance alone.
        let yaml = FamilyLoaderTests.minimal.replacingOccurrences(of: "  - dedupe\n  - count: {min: 1, max: 5}", with: "  - relevance")
        #expect(yaml.contains("  - relevance"))
        let family = try FamilyLoader.load(yaml: yaml, file: "cards.yaml")
        var generator = Generator(provider: Fixed())
        generator.embedder = TwoWayEmbedder()
        let context = GateContext(subject: "Linear Algebra", topic: "Algebraic Structures", subtopic: "Matrix Operations")
        let purpose = RequestPurpose(family: "cards", shape: .pair, subjectKind: .general, subject: "Linear Algebra")
        let outcome = try await generator.run(family: family, kind: .general, values: ["subtopic": "Matrix Operations"], purpose: purpose, gateContext: context)
        #expect(outcome.output == .pairs([cards[0]]))
        #expect(outcome.record.attempts.first?.dropped.first?.contains("not about “Matrix Operations”") == true)
    }
}
