import Testing
@testable import PrimerCore
@testable import PrimerGeneration

struct GateQuizShapeTests {
    let context = GateContext(subject: "Linear algebra")

    func question(_ choices: [String], correct: Int = 0, explanation: String = "Because it is.") -> ChoiceItem {
        ChoiceItem(question: "Which matrix is singular?", choices: choices, correctIndex: correct, explanation: explanation)
    }

    @Test func keepsWellFormedQuestions() {
        let q = question(["[[1,2],[2,4]]", "[[1,0],[0,1]]", "[[2,0],[0,3]]", "[[0,1],[1,0]]"],
                         explanation: "Its rows are proportional, so its determinant is 0.")
        let verdict = QuizShapeGate().apply(.choices([q]), context: context)
        #expect(verdict.output == .choices([q]))
        #expect(verdict.dropped.isEmpty)
    }

    @Test func dropsEachKindOfMalformedQuestionWithItsReason() {
        let questions = [
            question(["A", "B", "C"]),
            question(["A", "B", "C", "D", "E"]),
            question(["A", "B", " ", "D"]),
            question(["Zero", "One", "zero.", "Two"]),
            question(["A", "B", "C", "D"], correct: -1),
            question(["A", "B", "C", "D"], correct: 4),
            question(["A", "B", "C", "D"], explanation: "  "),
        ]
        let verdict = QuizShapeGate().apply(.choices(questions), context: context)
        #expect(verdict.output == .choices([]))
        let q = "dropped question ‘Which matrix is singular?’: "
        #expect(verdict.dropped == [
            q + "it has 3 choices, not 4",
            q + "it has 5 choices, not 4",
            q + "a choice is empty",
            q + "choice ‘zero.’ appears twice",
            q + "no valid correct choice is marked",
            q + "no valid correct choice is marked",
            q + "no explanation",
        ])
    }

    @Test func dropsChoicesAboutOtherChoicesUnlessAllowed() {
        let questions = [
            question(["Rank", "Trace", "Determinant", "All of the above"]),
            question(["Rank", "Trace", "None of these", "Determinant"]),
            question(["Rank", "Trace", "Both A and B", "Determinant"]),
            question(["Rank", "Trace", "A, B and C", "Determinant"]),
            // "Above" inside real content is fine.
            question(["The value above the diagonal", "Trace", "Rank", "Determinant"]),
        ]
        let strict = QuizShapeGate().apply(.choices(questions), context: context)
        #expect(strict.output == .choices([questions[4]]))
        #expect(strict.dropped.first == "dropped question ‘Which matrix is singular?’: choice ‘All of the above’ refers to other choices")
        #expect(strict.dropped.count == 4)

        let lenient = QuizShapeGate(allowAllOfTheAbove: true).apply(.choices(questions), context: context)
        #expect(lenient.output == .choices(questions))
    }

    @Test func leavesOtherKindsAlone() {
        let cards = GeneratedOutput.pairs([PairItem(front: "a?", back: "b")])
        #expect(QuizShapeGate().apply(cards, context: context) == GateVerdict(output: cards))
    }
}
