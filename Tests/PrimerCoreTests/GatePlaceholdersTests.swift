import Testing
@testable import PrimerCore

struct GatePlaceholdersTests {
    let general = GateContext(subject: "Linear algebra")
    let spanish = GateContext(subject: "Spanish", subjectKind: .language)

    @Test func dropsTemplateCards() {
        let good = Flashcard(front: "What is a basis?", back: "A linearly independent spanning set.")
        let cards = [
            Flashcard(front: "Question", back: "Answer"),
            good,
            Flashcard(front: "Term", back: "Definition"),
            Flashcard(front: "Front", back: "Back"),
            Flashcard(front: "What is the rank of a matrix?", back: "TBD"),
            Flashcard(front: "…", back: "..."),
            Flashcard(front: "What is a span?", back: "[insert definition]"),
            Flashcard(front: "What is a kernel?", back: "<answer>"),
            Flashcard(front: "{{front}}", back: "{{back}}"),
            Flashcard(front: "Lorem ipsum dolor sit amet", back: "consectetur adipiscing"),
            Flashcard(front: "What is a norm?", back: "Your answer here"),
            Flashcard(front: "What is an eigenvalue?", back: "N/A"),
            Flashcard(front: "What is a subspace?", back: "Answer"),
        ]
        let verdict = PlaceholdersGate().apply(.flashcards(cards), context: general)
        #expect(verdict.output == .flashcards([good]))
        #expect(verdict.dropped.count == cards.count - 1)
        #expect(verdict.dropped.first == "dropped placeholder ‘Question | Answer’")
        #expect(verdict.dropped.contains("dropped placeholder ‘What is the rank of a matrix? | TBD’"))
    }

    @Test func keepsRealAnswersThatLookLikeTemplateWords() {
        // "Back" is a muscle group, "Na" is sodium, "[1, 2]" is a vector, "<div>" is HTML.
        let cards = [
            Flashcard(front: "Which muscles do rows mainly train?", back: "Back"),
            Flashcard(front: "Chemical symbol for sodium?", back: "Na"),
            Flashcard(front: "Write the vector from (0,0) to (1,2).", back: "[1, 2]"),
            Flashcard(front: "Which HTML element is a generic block container?", back: "<div>"),
            Flashcard(front: "What does the acronym FAQ stand for?", back: "Frequently asked questions"),
        ]
        let verdict = PlaceholdersGate().apply(.flashcards(cards), context: general)
        #expect(verdict.output == .flashcards(cards))
        #expect(verdict.dropped.isEmpty)
    }

    @Test func languageCardsMayTranslateTemplateWords() {
        // "la pregunta | question" is vocabulary; "Question | Answer" is still a template.
        let cards = [
            Flashcard(front: "la pregunta", back: "question"),
            Flashcard(front: "la respuesta", back: "the answer"),
            Flashcard(front: "Question", back: "Answer"),
        ]
        let verdict = PlaceholdersGate().apply(.flashcards(cards), context: spanish)
        #expect(verdict.output == .flashcards(Array(cards.prefix(2))))
        #expect(verdict.dropped == ["dropped placeholder ‘Question | Answer’"])
    }

    @Test func checksQuizChoicesAndExplanation() {
        let good = QuizQuestion(question: "What is the dimension of R^3?", choices: ["1", "2", "3", "4"],
                                correctIndex: 2, explanation: "R^3 has a basis of three vectors.")
        let optionStyle = QuizQuestion(question: "Which matrix is invertible?",
                                       choices: ["Option A", "Option B", "Option C", "Option D"],
                                       correctIndex: 0, explanation: "Its determinant is non-zero.")
        let todoExplanation = QuizQuestion(question: "What is det(I)?", choices: ["0", "1", "-1", "2"],
                                           correctIndex: 1, explanation: "TODO")
        let template = QuizQuestion(question: "Question", choices: ["a", "b", "c", "d"], correctIndex: 0,
                                    explanation: "Explanation")
        let verdict = PlaceholdersGate().apply(.quiz([good, optionStyle, todoExplanation, template]), context: general)
        #expect(verdict.output == .quiz([good]))
        #expect(verdict.dropped == [
            "dropped question ‘Which matrix is invertible?’: placeholder choice ‘Option A’",
            "dropped question ‘What is det(I)?’: placeholder explanation ‘TODO’",
            "dropped placeholder question ‘Question’",
        ])
    }

    @Test func namesEmptyFieldsInsteadOfQuotingNothing() {
        let cards = [Flashcard(front: "What is a basis?", back: "  "), Flashcard(front: "", back: "A spanning set.")]
        let verdict = PlaceholdersGate().apply(.flashcards(cards), context: general)
        #expect(verdict.output == .flashcards([]))
        #expect(verdict.dropped == [
            "dropped flashcard ‘What is a basis?’: empty back",
            "dropped flashcard ‘A spanning set.’: empty front",
        ])
    }

    @Test func dropsTemplateTerms() {
        let terms = [Term(term: "Term", definition: "Definition"),
                     Term(term: "Kernel", definition: "The set of vectors mapped to zero."),
                     Term(term: "Image", definition: "TBD")]
        let verdict = PlaceholdersGate().apply(.terms(terms), context: general)
        #expect(verdict.output == .terms([terms[1]]))
        #expect(verdict.dropped == ["dropped placeholder ‘Term: Definition’", "dropped placeholder ‘Image: TBD’"])
    }
}
