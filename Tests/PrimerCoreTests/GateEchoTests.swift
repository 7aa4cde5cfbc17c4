import Testing
@testable import PrimerCore

struct GateEchoTests {
    let general = GateContext(subject: "Linear algebra")

    @Test func dropsCardsWhoseBackOnlyRepeatsTheFront() {
        let cards = [
            Flashcard(front: "Vector space", back: "Vector space"),
            Flashcard(front: "What is a vector space?", back: "A vector space."),
            Flashcard(front: "Define eigenvalue", back: "Eigenvalue"),
            Flashcard(front: "What is a vector space?", back: "A set closed under addition and scaling."),
            Flashcard(front: "Is every square matrix invertible?", back: "No"),
            Flashcard(front: "What is the derivative of x^2?", back: "2x"),
            // Answers made of the front's words, but not a piece of it: real naming cards.
            Flashcard(front: "Which theorem relates the rank and nullity of a matrix?", back: "The rank–nullity theorem"),
            Flashcard(front: "What do we call a matrix whose entries are all zero?", back: "Zero matrix"),
            // The front inside a back that adds a synonym.
            Flashcard(front: "Kernel", back: "Kernel = null space"),
        ]
        let verdict = EchoGate().apply(.flashcards(cards), context: general)
        #expect(verdict.output == .flashcards(Array(cards.suffix(6))))
        #expect(verdict.dropped == [
            "dropped echo: answer repeats ‘Vector space’",
            "dropped echo: answer repeats ‘What is a vector space?’",
            "dropped echo: answer repeats ‘Define eigenvalue’",
        ])
    }

    @Test func keepsChoiceFrontsWhoseAnswerIsOneOfTheOfferedWords() {
        // The answer of "X or Y?" is one of the words in the front by design.
        let cards = [
            Flashcard(front: "Is the dot product a scalar or a vector?", back: "A scalar"),
            Flashcard(front: "True or false: every basis has the same size.", back: "True"),
        ]
        let verdict = EchoGate().apply(.flashcards(cards), context: general)
        #expect(verdict.output == .flashcards(cards))
    }

    @Test func dropsTermsDefinedByThemselves() {
        let terms = [
            Term(term: "Vector", definition: "a vector"),
            Term(term: "Basis", definition: "A basis is a basis."),
            Term(term: "Scalar", definition: "A single real or complex number."),
            // Weak, but it does say something: not an echo.
            Term(term: "Vector space", definition: "A space of vectors."),
        ]
        let verdict = EchoGate().apply(.terms(terms), context: general)
        #expect(verdict.output == .terms([terms[2], terms[3]]))
        #expect(verdict.dropped == [
            "dropped echo: definition repeats ‘Vector’",
            "dropped echo: definition repeats ‘Basis’",
        ])
    }

    @Test func dropsQuizExplanationsThatRepeatTheQuestionOrTheAnswer() {
        let repeatsQuestion = QuizQuestion(question: "What is the determinant of the identity matrix?",
                                           choices: ["0", "1", "-1", "n"], correctIndex: 1,
                                           explanation: "What is the determinant of the identity matrix")
        let repeatsAnswer = QuizQuestion(question: "Which product of two vectors is a scalar?",
                                         choices: ["Dot product", "Cross product", "Outer product", "Tensor product"],
                                         correctIndex: 0, explanation: "Dot product.")
        let good = QuizQuestion(question: "What is det(I)?", choices: ["0", "1", "-1", "n"], correctIndex: 1,
                                explanation: "The identity scales no volume, so its determinant is 1.")
        let verdict = EchoGate().apply(.quiz([repeatsQuestion, repeatsAnswer, good]), context: general)
        #expect(verdict.output == .quiz([good]))
        #expect(verdict.dropped == [
            "dropped echo: explanation repeats question ‘What is the determinant of the identity matrix?’",
            "dropped echo: explanation of ‘Which product of two vectors is a scalar?’ only repeats the answer",
        ])
    }

    @Test func leavesLanguageCognatesAlone() {
        // "hotel | hotel" is real Spanish vocabulary.
        let cards = [Flashcard(front: "el hotel", back: "the hotel"), Flashcard(front: "taxi", back: "taxi")]
        let verdict = EchoGate().apply(.flashcards(cards), context: GateContext(subject: "Spanish", subjectKind: .language))
        #expect(verdict.output == .flashcards(cards))
    }
}
