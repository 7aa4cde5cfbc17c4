import Testing
@testable import PrimerCore
@testable import PrimerGeneration

struct GateEchoTests {
    let general = GateContext(subject: "Linear algebra")

    @Test func dropsCardsWhoseBackOnlyRepeatsTheFront() {
        let cards = [
            PairItem(front: "Vector space", back: "Vector space"),
            PairItem(front: "What is a vector space?", back: "A vector space."),
            PairItem(front: "Define eigenvalue", back: "Eigenvalue"),
            PairItem(front: "What is a vector space?", back: "A set closed under addition and scaling."),
            PairItem(front: "Is every square matrix invertible?", back: "No"),
            PairItem(front: "What is the derivative of x^2?", back: "2x"),
            // Answers made of the front's words, but not a piece of it: real naming cards.
            PairItem(front: "Which theorem relates the rank and nullity of a matrix?", back: "The rank–nullity theorem"),
            PairItem(front: "What do we call a matrix whose entries are all zero?", back: "Zero matrix"),
            // The front inside a back that adds a synonym.
            PairItem(front: "Kernel", back: "Kernel = null space"),
        ]
        let verdict = EchoGate().apply(.pairs(cards), context: general)
        #expect(verdict.output == .pairs(Array(cards.suffix(6))))
        #expect(verdict.dropped == [
            "dropped echo: back repeats ‘Vector space’",
            "dropped echo: back repeats ‘What is a vector space?’",
            "dropped echo: back repeats ‘Define eigenvalue’",
        ])
    }

    @Test func keepsChoiceFrontsWhoseAnswerIsOneOfTheOfferedWords() {
        // The answer of "X or Y?" is one of the words in the front by design.
        let cards = [
            PairItem(front: "Is the dot product a scalar or a vector?", back: "A scalar"),
            PairItem(front: "True or false: every basis has the same size.", back: "True"),
        ]
        let verdict = EchoGate().apply(.pairs(cards), context: general)
        #expect(verdict.output == .pairs(cards))
    }

    @Test func dropsTermsDefinedByThemselves() {
        let terms = [
            PairItem(front: "Vector", back: "a vector"),
            PairItem(front: "Basis", back: "A basis is a basis."),
            PairItem(front: "Scalar", back: "A single real or complex number."),
            // Weak, but it does say something: not an echo.
            PairItem(front: "Vector space", back: "A space of vectors."),
        ]
        let verdict = EchoGate().apply(.pairs(terms), context: general.forTerms)
        #expect(verdict.output == .pairs([terms[2], terms[3]]))
        #expect(verdict.dropped == [
            "dropped echo: definition repeats ‘Vector’",
            "dropped echo: definition repeats ‘Basis’",
        ])
    }

    @Test func dropsQuizExplanationsThatRepeatTheQuestionOrTheAnswer() {
        let repeatsQuestion = ChoiceItem(question: "What is the determinant of the identity matrix?",
                                           choices: ["0", "1", "-1", "n"], correctIndex: 1,
                                           explanation: "What is the determinant of the identity matrix")
        let repeatsAnswer = ChoiceItem(question: "Which product of two vectors is a scalar?",
                                         choices: ["Dot product", "Cross product", "Outer product", "Tensor product"],
                                         correctIndex: 0, explanation: "Dot product.")
        let good = ChoiceItem(question: "What is det(I)?", choices: ["0", "1", "-1", "n"], correctIndex: 1,
                                explanation: "The identity scales no volume, so its determinant is 1.")
        let verdict = EchoGate().apply(.choices([repeatsQuestion, repeatsAnswer, good]), context: general)
        #expect(verdict.output == .choices([good]))
        #expect(verdict.dropped == [
            "dropped echo: explanation repeats question ‘What is the determinant of the identity matrix?’",
            "dropped echo: explanation of ‘Which product of two vectors is a scalar?’ only repeats the answer",
        ])
    }

    @Test func leavesLanguageCognatesAlone() {
        // "hotel | hotel" is real Spanish vocabulary.
        let cards = [PairItem(front: "el hotel", back: "the hotel"), PairItem(front: "taxi", back: "taxi")]
        let verdict = EchoGate().apply(.pairs(cards), context: GateContext(subject: "Spanish", subjectKind: .language))
        #expect(verdict.output == .pairs(cards))
    }
}
