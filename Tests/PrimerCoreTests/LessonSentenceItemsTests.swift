import Testing

@testable import PrimerCore
@testable import PrimerGeneration

/// Without a document, a `from_sentences` family makes its items from the lesson's sentences; when
/// they fall short, what the model writes is held to the same lesson (`support` reads it even with
/// `documents_only`), so no card of the kit says what its lesson does not.
struct LessonSentenceItemsTests {
    /// Answers with one card on the lesson and one on something else, and counts its calls.
    actor Model: Provider {
        nonisolated let name = "fixed"
        nonisolated let model = "fixed-1"
        private(set) var calls = 0
        func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
            calls += 1
            return CompletionResponse(
                text: "What does multiplying matrices combine? | The rows of the first matrix with the columns of the second matrix.\nWhat are the 3 main components of a computer? | CPU, memory and storage.",
                model: model)
        }
    }

    static func family(role: String = "") throws -> PromptFamily {
        let yaml = FamilyLoaderTests.minimal
            .replacingOccurrences(of: "output: flashcards\n", with: "output: flashcards\nfrom_sentences: true\n\(role)")
            .replacingOccurrences(of: "  - dedupe\n  - count: {min: 1, max: 5}", with: "  - support: {documents_only: true}\n  - count: {min: 1, max: 5}")
        #expect(yaml.contains("from_sentences: true") && yaml.contains("documents_only"))
        return try FamilyLoader.load(yaml: yaml, file: "cards.yaml")
    }

    static let subject = SubjectFacts(title: "Linear Algebra", notes: "", kind: .general)

    @Test func aLessonOfSentencesGivesTheCardsWithNoCall() async throws {
        let lesson = """
            # Matrix Operations
            Matrix multiplication combines the rows of the first matrix with the columns of the second matrix.
            The product of two matrices is defined only when the first matrix has as many columns as the second matrix has rows.
            Matrix addition adds the entries of two matrices of the same size, position by position.
            """
        let model = Model()
        let call = FamilyCall(
            try Self.family(), subject: Self.subject, subtopic: SubtopicFacts(topic: "Matrices", subtopic: "Matrix Operations", siblings: [], lesson: lesson),
            context: ContextBuilder())
        let outcome = try await Generator(provider: model).run(call)
        #expect(await model.calls == 0)
        #expect(outcome.record.provider == "lesson" && outcome.record.model == "lesson sentences")
        guard case .pairs(let cards)? = outcome.output else { Issue.record("no cards: \(String(describing: outcome.output))"); return }
        #expect(cards.count == 3)
        #expect(cards.allSatisfy { card in lesson.contains(card.back.components(separatedBy: " — ").last ?? card.back) }, "\(cards)")
    }

    @Test func whatTheModelWritesForAThinLessonIsHeldToIt() async throws {
        // A lesson of a heading and a fragment gives no sentence to make a card of.
        let model = Model()
        let thin = SubtopicFacts(topic: "Matrices", subtopic: "Matrix Operations", siblings: [], lesson: "# Matrix Operations\nShort.")
        let call = FamilyCall(try Self.family(), subject: Self.subject, subtopic: thin, context: ContextBuilder())
        #expect(call.gateContext.heldToLesson)
        let outcome = try await Generator(provider: model).run(call)
        #expect(await model.calls >= 1, "nothing to make cards of: the model writes them")
        // "Short." does not hold either card: both dropped, so the family fails rather than keep one.
        #expect(outcome.output == nil)
        let dropped = outcome.record.attempts.flatMap(\.dropped)
        #expect(dropped.contains { $0.contains("3 main components of a computer") && $0.contains("not in the lesson") }, "\(dropped)")
    }

    @Test func theModelsTermsAreHeldToTheLessonToo() async throws {
        let lesson = "# Matrix Operations\nMultiplying matrices combines the rows of the first matrix with the columns of the second matrix."
        let model = Model()
        // The lesson's one sentence defines nothing, so the glossary family asks the model; of
        // its two terms the lesson holds the first only.
        let call = FamilyCall(
            try Self.family(role: "role: glossary\n"), subject: Self.subject,
            subtopic: SubtopicFacts(topic: "Matrices", subtopic: "Matrix Operations", siblings: [], lesson: lesson), context: ContextBuilder())
        #expect(call.gateContext.heldToLesson)
        let outcome = try await Generator(provider: model).run(call)
        #expect(await model.calls == 1)
        guard case .pairs(let terms)? = outcome.output else { Issue.record("no terms: \(String(describing: outcome.output))"); return }
        #expect(terms.map(\.front) == ["What does multiplying matrices combine?"])
        // With a document, `documents_only` reads the lesson with it; without one and not made
        // from sentences, it keeps both.
        var free = call.gateContext
        free.heldToLesson = false
        #expect(try Self.family().gates.apply(.pairs(Self.modelCards), context: free).output.itemCount == 2)
    }

    static let modelCards = [
        PairItem(front: "What does multiplying matrices combine?", back: "The rows of the first matrix with the columns of the second matrix."),
        PairItem(front: "What are the 3 main components of a computer?", back: "CPU, memory and storage."),
    ]
}
