import Testing
import Yams
@testable import PrimerCore

/// length (item-level, drops) and count (answer-level, rejects).
struct GateBoundsTests {
    let context = GateContext(subject: "Linear algebra")

    @Test func lengthDropsItemsWithAFieldOutOfBounds() {
        let gate = LengthGate(bounds: GateBounds(min: 2, max: 40))
        let cards = [
            Flashcard(front: "What is a basis?", back: "A linearly independent spanning set."),
            Flashcard(front: "Rank?", back: "The dimension of the column space of a matrix, i.e. its image."),
            Flashcard(front: "x", back: "An unknown."),
        ]
        let verdict = gate.apply(.flashcards(cards), context: context)
        #expect(verdict.output == .flashcards([cards[0]]))
        #expect(verdict.dropped == [
            "dropped flashcard ‘Rank?’: back is 62 characters (max 40)",
            "dropped flashcard ‘x’: front is 1 character (min 2)",
        ])
        #expect(verdict.rejections.isEmpty)
    }

    @Test func lengthChecksEveryQuizChoiceAndPerFieldOverridesWin() throws {
        // Choices limited to 10 characters; the question keeps the global max of 100.
        let gate = try LengthGate(options: try Yams.compose(yaml: "{min: 1, max: 100, choice: {max: 10}}"))
        let short = QuizQuestion(question: "What is det(I)?", choices: ["0", "1", "-1", "2"], correctIndex: 1,
                                 explanation: "The identity matrix has determinant 1.")
        let wordy = QuizQuestion(question: "Which is a basis of R^2?",
                                 choices: ["(1,0),(0,1)", "(1,1),(2,2)", "(0,0),(1,0)", "(1,0)"],
                                 correctIndex: 0, explanation: "Two independent vectors span R^2.")
        let verdict = gate.apply(.quiz([short, wordy]), context: context)
        #expect(verdict.output == .quiz([short]))
        #expect(verdict.dropped == ["dropped question ‘Which is a basis of R^2?’: choice is 11 characters (max 10)"])
    }

    @Test func bareLengthRejectsOnlyEmptyFields() throws {
        let gate = try LengthGate(options: nil)
        let terms = [Term(term: "Span", definition: "  "), Term(term: "Kernel", definition: String(repeating: "k", count: 5000))]
        let verdict = gate.apply(.terms(terms), context: context)
        #expect(verdict.output == .terms([terms[1]]))
        #expect(verdict.dropped == ["dropped term ‘Span’: definition is 0 characters (min 1)"])
    }

    @Test func countRejectsTooFewAndTooManyButKeepsTheItems() {
        let gate = CountGate(bounds: GateBounds(min: 3, max: 4))
        let one = [Flashcard(front: "a?", back: "b")]
        let low = gate.apply(.flashcards(one), context: context)
        #expect(low.output == .flashcards(one))
        #expect(low.dropped.isEmpty)
        #expect(low.rejections == ["only 1 flashcard left after gates; write at least 3"])

        let none = gate.apply(.quiz([]), context: context)
        #expect(none.rejections == ["no questions left after gates; write at least 3"])

        let five = (1...5).map { Term(term: "t\($0)", definition: "d\($0)") }
        #expect(gate.apply(.terms(five), context: context).rejections == ["5 terms is too many; write at most 4"])

        let three = Array(repeating: Flashcard(front: "a?", back: "b"), count: 3)
        #expect(gate.apply(.flashcards(three), context: context).rejections.isEmpty)
    }

    @Test func countIgnoresPlansAndNotes() {
        let gate = CountGate(bounds: GateBounds(min: 3))
        #expect(gate.apply(.notes("Short."), context: context).rejections.isEmpty)
        #expect(gate.apply(.plan(Plan(topics: [])), context: context).rejections.isEmpty)
    }
}
