import Testing
import Yams

@testable import PrimerCore
@testable import PrimerGeneration

/// The `near-duplicate` gate on vectors it is handed: repeats within the answer and of the
/// subject's stored items of the same shape, and nothing without an embedder.
struct GateNearDuplicateTests {
    let cards = [
        PairItem(front: "What is a matrix product?", back: "Rows times columns."),
        PairItem(front: "How is a matrix product computed?", back: "Each row times each column."),
        PairItem(front: "What is a determinant?", back: "A number from a square matrix."),
    ]
    static let product = "What is a matrix product?\nRows times columns."
    static let reworded = "How is a matrix product computed?\nEach row times each column."
    static let determinant = "What is a determinant?\nA number from a square matrix."

    func context(_ vectors: [String: [Float]], stored: [ItemContent] = []) -> GateContext {
        var context = GateContext(subject: "Linear Algebra", topic: "Algebraic Structures", subtopic: "Matrix Operations")
        context.storedItems = stored
        context.meanings = GateMeanings(vectors: vectors)
        return context
    }

    @Test func dropsALaterItemThatRepeatsAnEarlierOneInOtherWords() {
        let verdict = NearDuplicateGate().apply(.pairs(cards), context: context([
            Self.product: [1, 0, 0], Self.reworded: [0.99, 0.1, 0], Self.determinant: [0.6, 0.8, 0],
        ]))
        #expect(verdict.output == .pairs([cards[0], cards[2]]))
        #expect(verdict.dropped == [
            "dropped flashcard ‘How is a matrix product computed?’: repeats an earlier flashcard, ‘What is a matrix product?’ (similarity 0.99; below 0.93 is needed)",
        ])
    }

    @Test func dropsAnItemThatRepeatsAStoredItemOfTheSameShapeOnly() {
        let stored: [ItemContent] = [
            .pair(PairItem(front: "Determinant", back: "The number a square matrix maps to.")),
            .choice(ChoiceItem(question: "What is a matrix product?", choices: ["Rows times columns", "A sum", "A norm"], correctIndex: 0, explanation: "")),
        ]
        let verdict = NearDuplicateGate().apply(.pairs(cards), context: context([
            Self.product: [1, 0, 0], Self.reworded: [0, 0, 1], Self.determinant: [0, 1, 0],
            "Determinant\nThe number a square matrix maps to.": [0, 0.97, 0.1],
            // The stored question says what the first card says, but a question is not a card.
            "What is a matrix product?\nRows times columns": [1, 0, 0],
        ], stored: stored))
        #expect(verdict.output == .pairs([cards[0], cards[1]]))
        #expect(verdict.dropped.count == 1)
        #expect(verdict.dropped.first?.contains("repeats a stored item, ‘Determinant’") == true)
    }

    @Test func withoutAnEmbedderEveryItemIsKept() {
        let none = GateContext(subject: "Linear Algebra", topic: "Algebraic Structures", subtopic: "Matrix Operations")
        #expect(NearDuplicateGate().apply(.pairs(cards), context: none).output == .pairs(cards))
    }

    @Test func theCutIsAnOptionAndBadValuesAreRefused() throws {
        let loose = try #require(try GateRegistry.make(name: "near-duplicate", options: Yams.compose(yaml: "{max_similarity: 0.8}")) as? NearDuplicateGate)
        #expect(loose.maximum == 0.8)
        #expect(throws: GateConfigError.self) { try GateRegistry.make(name: "near-duplicate", options: Yams.compose(yaml: "{max_similarity: 0}")) }
        #expect(throws: GateConfigError.self) { try GateRegistry.make(name: "near-duplicate", options: Yams.compose(yaml: "{max_similarity: high}")) }
        #expect(throws: GateConfigError.self) { try GateRegistry.make(name: "near-duplicate", options: Yams.compose(yaml: "{min_similarity: 0.2}")) }
    }

    @Test func theGeneratorEmbedsTheStoredItemsOfTheAnswersShape() async throws {
        struct Recording: Embedder {
            let name = "recording"
            let model = "recording-1"
            let seen = Texts()
            final class Texts: @unchecked Sendable { var all: [String] = [] }
            func embed(_ texts: [String]) async throws -> [[Float]] {
                seen.all += texts
                return texts.map { $0.lowercased().contains("matrix product") ? [1, 0] : [0, 1] }
            }
        }
        let chain = GateChain([NearDuplicateGate()])
        var gateContext = GateContext(subject: "Linear Algebra", topic: "Algebraic Structures", subtopic: "Matrix Operations")
        gateContext.storedItems = [
            .pair(PairItem(front: "Matrix product", back: "Rows by columns")),
            .choice(ChoiceItem(question: "Which is a norm?", choices: ["L2", "Sum", "Trace"], correctIndex: 0, explanation: "")),
            .lesson("A lesson is never compared."),
        ]
        let embedder = Recording()
        let meanings = try #require(try await GateMeanings.make(for: .pairs([cards[0], cards[2]]), context: gateContext, chain: chain, embedder: embedder))
        #expect(Set(embedder.seen.all) == [Self.product, Self.determinant, "Matrix product\nRows by columns"])
        gateContext.meanings = meanings
        let verdict = chain.apply(.pairs([cards[0], cards[2]]), context: gateContext)
        #expect(verdict.output == .pairs([cards[2]]))
    }
}
