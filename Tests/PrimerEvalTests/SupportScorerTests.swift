import Testing

@testable import PrimerCore
@testable import PrimerEval

/// `supported_share` (the `support` gate's rule) and `grounded_share` (one statement holds most
/// of the claim) per family, with each item's verdicts for the hand labels.
struct SupportScorerTests {
    static let lesson = """
        # Osmosis
        Osmosis is the diffusion of water through a semipermeable membrane.
        Water moves toward the side with more dissolved solute.
        """
    static let passage = GroundingPassage(document: "ch03.md", page: 2, text: "A hypertonic solution has more solute than the cell, so the cell loses water and shrinks.")

    @Test func sharesCountSupportedAndGroundedItemsPerFamily() throws {
        let cards = [
            PairItem(front: "What is osmosis?", back: "The diffusion of water through a semipermeable membrane."),
            PairItem(front: "What happens to a cell in a hypertonic solution?", back: "It loses water and shrinks."),
            // Its words are in the lesson, spread over two statements: supported, not grounded.
            PairItem(front: "How do water and solute move in osmosis?", back: "Water diffuses through a semipermeable membrane toward more dissolved solute."),
            PairItem(front: "Who discovered the ribosome?", back: "George Palade, with an electron microscope."),
        ]
        let outputs = CaseOutputs(notes: Self.lesson, flashcards: cards, quiz: nil)
        let scores = SupportScorer().score(outputs, passages: [Self.passage])
        #expect(scores["flashcards"]?["supported_share"] == 0.75)
        #expect(scores["flashcards"]?["grounded_share"] == 0.5)
        let verdicts = try #require(SupportScorer().verdicts(outputs, passages: [Self.passage])["flashcards"])
        #expect(verdicts.map(\.supported) == [true, true, true, false])
        #expect(verdicts.map(\.grounded) == [true, true, false, false])
        #expect(verdicts[1].statement == Self.passage.text)
    }

    /// "Osmosis and Tonicity: …" labels the card with its subtopic; the label is not read as
    /// part of what the card claims, so a short sentence of the passage stays grounded.
    @Test func theSubtopicsLabelIsNoClaim() throws {
        let card = PairItem(front: "Tonicity, Turgor Pressure and Plasmolysis in Plant and Animal Tissues: A hypertonic solution has more _____ than the cell.", back: "solute — " + Self.passage.text)
        let outputs = CaseOutputs(notes: Self.lesson, flashcards: [card], quiz: nil)
        #expect(SupportScorer().verdicts(outputs, passages: [Self.passage])["flashcards"]?.first?.grounded == false, "read with the label")
        let labelled = try #require(SupportScorer(subtopic: "Tonicity, Turgor Pressure and Plasmolysis in Plant and Animal Tissues").verdicts(outputs, passages: [Self.passage])["flashcards"]?.first)
        #expect(labelled.grounded && !labelled.claim.contains("Tonicity"))
    }

    @Test func aFailedFamilyScoresZero() {
        let outputs = CaseOutputs(notes: Self.lesson, quiz: nil, generations: [.quiz: [GenerationRecord(family: "quiz", familyVersion: 1, familyHash: "", provider: "mock", model: "m", attempts: [], status: .failed)]])
        #expect(SupportScorer().score(outputs, passages: [])["quiz"] == ["supported_share": 0, "grounded_share": 0])
    }
}
