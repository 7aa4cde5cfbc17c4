import Testing
import Yams
@testable import PrimerCore
@testable import PrimerGeneration

/// length (item-level, drops) and count (answer-level, rejects).
struct GateBoundsTests {
    let context = GateContext(subject: "Linear algebra")

    @Test func lengthDropsItemsWithAFieldOutOfBounds() {
        let gate = LengthGate(bounds: GateBounds(min: 2, max: 40))
        let cards = [
            PairItem(front: "What is a basis?", back: "A linearly independent spanning set."),
            PairItem(front: "Rank?", back: "The dimension of the column space of a matrix, i.e. its image."),
            PairItem(front: "x", back: "An unknown."),
        ]
        let verdict = gate.apply(.pairs(cards), context: context)
        #expect(verdict.output == .pairs([cards[0]]))
        #expect(verdict.dropped == [
            "dropped flashcard ‘Rank?’: back is 62 characters (max 40)",
            "dropped flashcard ‘x’: front is 1 character (min 2)",
        ])
        #expect(verdict.rejections.isEmpty)
    }

    @Test func lengthChecksEveryQuizChoiceAndPerFieldOverridesWin() throws {
        // Choices limited to 10 characters; the question keeps the global max of 100.
        let gate = try LengthGate(options: try Yams.compose(yaml: "{min: 1, max: 100, choice: {max: 10}}"))
        let short = ChoiceItem(question: "What is det(I)?", choices: ["0", "1", "-1", "2"], correctIndex: 1,
                                 explanation: "The identity matrix has determinant 1.")
        let wordy = ChoiceItem(question: "Which is a basis of R^2?",
                                 choices: ["(1,0),(0,1)", "(1,1),(2,2)", "(0,0),(1,0)", "(1,0)"],
                                 correctIndex: 0, explanation: "Two independent vectors span R^2.")
        let verdict = gate.apply(.choices([short, wordy]), context: context)
        #expect(verdict.output == .choices([short]))
        #expect(verdict.dropped == ["dropped question ‘Which is a basis of R^2?’: choice is 11 characters (max 10)"])
    }

    @Test func bareLengthRejectsOnlyEmptyFields() throws {
        let gate = try LengthGate(options: nil)
        let terms = [PairItem(front: "Span", back: "  "), PairItem(front: "Kernel", back: String(repeating: "k", count: 5000))]
        let verdict = gate.apply(.pairs(terms), context: context.forTerms)
        #expect(verdict.output == .pairs([terms[1]]))
        #expect(verdict.dropped == ["dropped term ‘Span’: definition is 0 characters (min 1)"])
        // The same pairs as flashcards are named as flashcards.
        #expect(gate.apply(.pairs(terms), context: context).dropped == ["dropped flashcard ‘Span’: back is 0 characters (min 1)"])
    }

    @Test func countRejectsTooFewAndTooManyButKeepsTheItems() {
        let gate = CountGate(bounds: GateBounds(min: 3, max: 4))
        let one = [PairItem(front: "a?", back: "b")]
        let low = gate.apply(.pairs(one), context: context)
        #expect(low.output == .pairs(one))
        #expect(low.dropped.isEmpty)
        #expect(low.rejections == ["only 1 flashcard left after gates; write at least 3"])

        let none = gate.apply(.choices([]), context: context)
        #expect(none.rejections == ["no questions left after gates; write at least 3"])

        let five = (1...5).map { PairItem(front: "t\($0)", back: "d\($0)") }
        #expect(gate.apply(.pairs(five), context: context.forTerms).rejections == ["5 terms is too many; write at most 4"])

        let three = Array(repeating: PairItem(front: "a?", back: "b"), count: 3)
        #expect(gate.apply(.pairs(three), context: context).rejections.isEmpty)
    }

    @Test func countIgnoresPlansAndNotes() {
        let gate = CountGate(bounds: GateBounds(min: 3))
        #expect(gate.apply(.lesson("Short."), context: context).rejections.isEmpty)
        #expect(gate.apply(.plan(Plan(topics: [])), context: context).rejections.isEmpty)
    }
}
