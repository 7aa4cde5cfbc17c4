import Testing
@testable import PrimerCore
@testable import PrimerGeneration

struct GatePlaceholdersTests {
    let general = GateContext(subject: "Linear algebra")
    let spanish = GateContext(subject: "Spanish", subjectKind: .language)

    /// Markers are found as Characters: an accent joined to a brace makes it no template tag.
    @Test func aMarkerIsFoundAsCharacters() {
        #expect(PlaceholdersGate.classify("{{answer}}") == .placeholder)
        #expect(PlaceholdersGate.classify("{{\u{301}x}} is a combining accent on a brace") == .content)
        #expect(PlaceholdersGate.holds("a {{b}} c", "{{"))
        #expect(!PlaceholdersGate.holds("a {{\u{301}b", "{{"))
        #expect(PlaceholdersGate.holds("é {{b", "{{"))
    }

    @Test func dropsQuestionsThatNameNothing() {
        let kept = [
            PairItem(front: "What is 2 + 3?", back: "5"),
            PairItem(front: "What does this sentence mean?", back: "It names transduction."),
            PairItem(front: "What is a basis?", back: "A linearly independent spanning set."),
            PairItem(front: "What is the core?", back: "The Earth's innermost layer."),
            PairItem(front: "Application", back: "Using a rule on a new case."),
        ]
        let verdict = PlaceholdersGate().apply(
            .pairs([PairItem(front: "What is this?", back: "Sensation.")] + kept + [PairItem(front: "What is what?", back: "A receptor.")]),
            context: general)
        #expect(verdict.output == .pairs(kept))
        #expect(verdict.dropped == [
            "dropped flashcard ‘What is this?’: it names nothing (say what it asks about)",
            "dropped flashcard ‘What is what?’: it names nothing (say what it asks about)",
        ])
        let quiz = ChoiceItem(question: "Which is it?", choices: ["Rods", "Cones", "Both", "Neither"], correctIndex: 0, explanation: "Rods see in dim light.")
        #expect(PlaceholdersGate().apply(.choices([quiz]), context: general).dropped.count == 1)
        #expect(PlaceholdersGate().apply(.pairs([PairItem(front: "What is this?", back: "¿Qué es esto?")]), context: spanish).dropped.isEmpty,
                "a phrase to translate in a language subject")
    }

    @Test func dropsTemplateCards() {
        let good = PairItem(front: "What is a basis?", back: "A linearly independent spanning set.")
        let cards = [
            PairItem(front: "Question", back: "Answer"),
            good,
            PairItem(front: "Term", back: "Definition"),
            PairItem(front: "Front", back: "Back"),
            PairItem(front: "What is the rank of a matrix?", back: "TBD"),
            PairItem(front: "…", back: "..."),
            PairItem(front: "What is a span?", back: "[insert definition]"),
            PairItem(front: "What is a kernel?", back: "<answer>"),
            PairItem(front: "{{front}}", back: "{{back}}"),
            PairItem(front: "Lorem ipsum dolor sit amet", back: "consectetur adipiscing"),
            PairItem(front: "What is a norm?", back: "Your answer here"),
            PairItem(front: "What is an eigenvalue?", back: "N/A"),
            PairItem(front: "What is a subspace?", back: "Answer"),
        ]
        let verdict = PlaceholdersGate().apply(.pairs(cards), context: general)
        #expect(verdict.output == .pairs([good]))
        #expect(verdict.dropped.count == cards.count - 1)
        #expect(verdict.dropped.first == "dropped placeholder ‘Question | Answer’")
        #expect(verdict.dropped.contains("dropped placeholder ‘What is the rank of a matrix? | TBD’"))
    }

    @Test func keepsRealAnswersThatLookLikeTemplateWords() {
        // "Back" is a muscle group, "Na" is sodium, "[1, 2]" is a vector, "<div>" is HTML.
        let cards = [
            PairItem(front: "Which muscles do rows mainly train?", back: "Back"),
            PairItem(front: "Chemical symbol for sodium?", back: "Na"),
            PairItem(front: "Write the vector from (0,0) to (1,2).", back: "[1, 2]"),
            PairItem(front: "Which HTML element is a generic block container?", back: "<div>"),
            PairItem(front: "What does the acronym FAQ stand for?", back: "Frequently asked questions"),
        ]
        let verdict = PlaceholdersGate().apply(.pairs(cards), context: general)
        #expect(verdict.output == .pairs(cards))
        #expect(verdict.dropped.isEmpty)
    }

    @Test func languageCardsMayTranslateTemplateWords() {
        // "la pregunta | question" is vocabulary; "Question | Answer" is still a template.
        let cards = [
            PairItem(front: "la pregunta", back: "question"),
            PairItem(front: "la respuesta", back: "the answer"),
            PairItem(front: "Question", back: "Answer"),
        ]
        let verdict = PlaceholdersGate().apply(.pairs(cards), context: spanish)
        #expect(verdict.output == .pairs(Array(cards.prefix(2))))
        #expect(verdict.dropped == ["dropped placeholder ‘Question | Answer’"])
    }

    @Test func checksQuizChoicesAndExplanation() {
        let good = ChoiceItem(question: "What is the dimension of R^3?", choices: ["1", "2", "3", "4"],
                                correctIndex: 2, explanation: "R^3 has a basis of three vectors.")
        let optionStyle = ChoiceItem(question: "Which matrix is invertible?",
                                       choices: ["Option A", "Option B", "Option C", "Option D"],
                                       correctIndex: 0, explanation: "Its determinant is non-zero.")
        let todoExplanation = ChoiceItem(question: "What is det(I)?", choices: ["0", "1", "-1", "2"],
                                           correctIndex: 1, explanation: "TODO")
        let template = ChoiceItem(question: "Question", choices: ["a", "b", "c", "d"], correctIndex: 0,
                                    explanation: "Explanation")
        let verdict = PlaceholdersGate().apply(.choices([good, optionStyle, todoExplanation, template]), context: general)
        #expect(verdict.output == .choices([good]))
        #expect(verdict.dropped == [
            "dropped question ‘Which matrix is invertible?’: placeholder choice ‘Option A’",
            "dropped question ‘What is det(I)?’: placeholder explanation ‘TODO’",
            "dropped placeholder question ‘Question’",
        ])
    }

    @Test func namesEmptyFieldsInsteadOfQuotingNothing() {
        let cards = [PairItem(front: "What is a basis?", back: "  "), PairItem(front: "", back: "A spanning set.")]
        let verdict = PlaceholdersGate().apply(.pairs(cards), context: general)
        #expect(verdict.output == .pairs([]))
        #expect(verdict.dropped == [
            "dropped flashcard ‘What is a basis?’: empty back",
            "dropped flashcard ‘A spanning set.’: empty front",
        ])
    }

    @Test func dropsTemplateTerms() {
        let terms = [PairItem(front: "Term", back: "Definition"),
                     PairItem(front: "Kernel", back: "The set of vectors mapped to zero."),
                     PairItem(front: "Image", back: "TBD")]
        let verdict = PlaceholdersGate().apply(.pairs(terms), context: general)
        #expect(verdict.output == .pairs([terms[1]]))
        #expect(verdict.dropped == ["dropped placeholder ‘Term | Definition’", "dropped placeholder ‘Image | TBD’"])
    }
}
