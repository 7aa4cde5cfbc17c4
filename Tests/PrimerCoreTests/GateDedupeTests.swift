import Testing
@testable import PrimerCore
@testable import PrimerGeneration

struct GateDedupeTests {
    let general = GateContext(subject: "Linear algebra", topic: "Vectors", subtopic: "Vector spaces")
    let spanish = GateContext(subject: "Spanish", subjectKind: .language)

    @Test func dropsCardsWhoseFrontRepeatsUpToCaseMarkdownPunctuationAndArticles() {
        let cards = [
            PairItem(front: "What is a vector?", back: "A quantity with magnitude and direction."),
            PairItem(front: "what is the **vector**", back: "An element of a vector space."),
            PairItem(front: "What is a scalar?", back: "A single number."),
            PairItem(front: "What is a scalar ?", back: "A single number."),
        ]
        let verdict = DedupeGate().apply(.pairs(cards), context: general)
        #expect(verdict.output == .pairs([cards[0], cards[2]]))
        #expect(verdict.dropped == [
            "dropped duplicate flashcard ‘what is the **vector**’",
            "dropped duplicate flashcard ‘What is a scalar ?’",
        ])
        #expect(verdict.rejections.isEmpty)
    }

    @Test func foldsDiacritics() {
        let cards = [
            PairItem(front: "Who proved Gödel's incompleteness theorem?", back: "Kurt Gödel"),
            PairItem(front: "Who proved Godel's incompleteness theorem?", back: "Godel"),
        ]
        let verdict = DedupeGate().apply(.pairs(cards), context: general)
        #expect(verdict.output == .pairs([cards[0]]))
        #expect(verdict.dropped.count == 1)
    }

    @Test func keepsDifferentFormulas() {
        // Math symbols are part of the text: these are two questions.
        let cards = [
            PairItem(front: "What is 2 + 3?", back: "5"),
            PairItem(front: "What is 2 × 3?", back: "6"),
        ]
        let verdict = DedupeGate().apply(.pairs(cards), context: general)
        #expect(verdict.output == .pairs(cards))
        #expect(verdict.dropped.isEmpty)
    }

    @Test func languageCardsAreDuplicatesOnlyWhenFrontAndBackRepeat() {
        // "banco" means both bank and bench: two real cards. The exact pair repeated is not.
        let cards = [
            PairItem(front: "el banco", back: "the bank"),
            PairItem(front: "el banco", back: "the bench"),
            PairItem(front: "El banco", back: "The bank!"),
        ]
        let verdict = DedupeGate().apply(.pairs(cards), context: spanish)
        #expect(verdict.output == .pairs([cards[0], cards[1]]))
        #expect(verdict.dropped == ["dropped duplicate flashcard ‘El banco’"])
    }

    @Test func dedupesQuestionsAndTermsByTheirPrimaryText() {
        let q1 = ChoiceItem(question: "Which operation gives a scalar from two vectors?",
                              choices: ["Dot product", "Cross product", "Sum", "Scaling"], correctIndex: 0,
                              explanation: "The dot product of two vectors is a number.")
        var q2 = q1
        q2.choices = ["Cross product", "Dot product", "Sum", "Scaling"]
        q2.correctIndex = 1
        let quiz = DedupeGate().apply(.choices([q1, q2]), context: general)
        #expect(quiz.output == .choices([q1]))
        #expect(quiz.dropped == ["dropped duplicate question ‘Which operation gives a scalar from two vectors?’"])

        let terms = [PairItem(front: "Basis", back: "A linearly independent spanning set."),
                     PairItem(front: "basis.", back: "A minimal spanning set."),
                     PairItem(front: "Span", back: "All linear combinations.")]
        let verdict = DedupeGate().apply(.pairs(terms), context: general.forTerms)
        #expect(verdict.output == .pairs([terms[0], terms[2]]))
        #expect(verdict.dropped == ["dropped duplicate term ‘basis.’"])
    }

    @Test func leavesPlansAndNotesAlone() {
        let plan = GeneratedOutput.plan(Plan(topics: [PlanTopic(title: "A", subtopics: ["x", "x"])]))
        #expect(DedupeGate().apply(plan, context: general) == GateVerdict(output: plan))
        #expect(DedupeGate().apply(.lesson("x x"), context: general) == GateVerdict(output: .lesson("x x")))
    }
}
