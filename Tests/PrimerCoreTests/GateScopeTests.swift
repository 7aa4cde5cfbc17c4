import Testing
@testable import PrimerCore
@testable import PrimerGeneration

struct GateScopeTests {
    /// Cards for "Matrix multiplication"; its siblings are the other subtopics of "Matrices".
    let multiplication = GateContext(
        subject: "Linear algebra", topic: "Matrices", subtopic: "Matrix multiplication",
        siblings: ["Determinants", "Matrix inverse", "Eigenvalues and eigenvectors", "Gram-Schmidt orthogonal projection"])

    @Test func dropsItemsAboutASiblingAndKeepsItemsAboutThisSubtopic() {
        let cards = [
            PairItem(front: "How do you multiply two matrices?", back: "Row-by-column dot products."),
            PairItem(front: "What is a determinant?", back: "A scalar computed from a square matrix."),
            PairItem(front: "Is matrix multiplication commutative?", back: "No: AB ≠ BA in general."),
            // Mentions a sibling word but also this subtopic: it is about multiplication.
            PairItem(front: "What is the determinant of a product of matrices?", back: "det(AB) = det(A) det(B), by multiplication of determinants."),
            PairItem(front: "How do you compute the inverse of a 2×2 matrix?", back: "Swap a and d, negate b and c, divide by the determinant."),
        ]
        let verdict = ScopeGate().apply(.pairs(cards), context: multiplication)
        #expect(verdict.output == .pairs([cards[0], cards[2], cards[3]]))
        #expect(verdict.dropped == [
            "dropped off-scope item ‘What is a determinant?’: it is about sibling subtopic ‘Determinants’",
            // Both "Determinants" and "Matrix inverse" fit; the first sibling listed is named.
            "dropped off-scope item ‘How do you compute the inverse of a 2×2 matrix?’: it is about sibling subtopic ‘Determinants’",
        ])
    }

    @Test func twoKeywordSiblingsNeedBothAndLongerOnesAtLeastHalf() {
        let cards = [
            // One of "eigenvalue, eigenvector": not enough to be about that sibling.
            PairItem(front: "What is an eigenvalue?", back: "A scalar λ with Av = λv."),
            // Both: off-scope.
            PairItem(front: "How are eigenvalues and eigenvectors related?", back: "Each eigenvalue has eigenvectors."),
            // One of four Gram-Schmidt keywords: stays.
            PairItem(front: "When are two vectors orthogonal?", back: "When their dot product is zero."),
            // Two of four: off-scope.
            PairItem(front: "What is an orthogonal projection?", back: "The closest point in a subspace."),
        ]
        let verdict = ScopeGate().apply(.pairs(cards), context: multiplication)
        #expect(verdict.output == .pairs([cards[0], cards[2]]))
        #expect(verdict.dropped == [
            "dropped off-scope item ‘How are eigenvalues and eigenvectors related?’: it is about sibling subtopic ‘Eigenvalues and eigenvectors’",
            "dropped off-scope item ‘What is an orthogonal projection?’: it is about sibling subtopic ‘Gram-Schmidt orthogonal projection’",
        ])
    }

    @Test func quizItemsAreJudgedByQuestionAndCorrectChoiceNotDistractors() {
        // A distractor naming a sibling is fine; the question is about multiplication.
        let onScope = ChoiceItem(question: "What size is the product of a 2×3 and a 3×4 matrix?",
                                   choices: ["2×4", "3×3", "Its determinant", "4×2"], correctIndex: 0,
                                   explanation: "Rows of the first, columns of the second.")
        let offScope = ChoiceItem(question: "What is det(I)?", choices: ["0", "1", "-1", "n"], correctIndex: 1,
                                    explanation: "The determinant of the identity is 1.")
        let verdict = ScopeGate().apply(.choices([onScope, offScope]), context: multiplication)
        // "det(I)" names no keyword of any sibling, so even the off-topic-looking question stays:
        // the gate only acts on what it can see.
        #expect(verdict.output == .choices([onScope, offScope]))
        #expect(verdict.dropped.isEmpty)

        let named = ChoiceItem(question: "Which determinant property holds?", choices: ["det(AB)=det(A)det(B)", "x", "y", "z"],
                                 correctIndex: 0, explanation: "Determinants are multiplicative.")
        let dropped = ScopeGate().apply(.choices([named]), context: multiplication)
        #expect(dropped.dropped == ["dropped off-scope item ‘Which determinant property holds?’: it is about sibling subtopic ‘Determinants’"])
    }

    @Test func siblingsSharingOnlyGenericWordsNeverDrop() {
        // "Introduction to vectors" vs "Applications of vectors": the only keyword is shared.
        let context = GateContext(subject: "Physics", topic: "Mechanics", subtopic: "Introduction to vectors",
                                  siblings: ["Applications of vectors", "Newton's laws"])
        let cards = [
            PairItem(front: "Name an application of vectors.", back: "Navigation: adding velocities."),
            PairItem(front: "What is a vector?", back: "A quantity with magnitude and direction."),
            PairItem(front: "State Newton's second law.", back: "F = ma."),
        ]
        let verdict = ScopeGate().apply(.pairs(cards), context: context)
        #expect(verdict.output == .pairs(Array(cards.prefix(2))))
        #expect(verdict.dropped == ["dropped off-scope item ‘State Newton's second law.’: it is about sibling subtopic ‘Newton's laws’"])
    }

    @Test func aSubtopicWithNoDistinctiveKeywordKeepsEverything() {
        // "Introduction" (or "Vectors" under topic "Vectors") previews its siblings by design.
        for subtopic in ["Introduction", "Vectors"] {
            let context = GateContext(subject: "Linear algebra", topic: "Vectors", subtopic: subtopic,
                                      siblings: ["Dot product", "Cross product"])
            let cards = [PairItem(front: "What does the dot product measure?", back: "Alignment of two vectors.")]
            let verdict = ScopeGate().apply(.pairs(cards), context: context)
            #expect(verdict.output == .pairs(cards))
        }
    }

    @Test func noSubtopicOrNoSiblingsMeansNoCheck() {
        let terms = GeneratedOutput.pairs([PairItem(front: "Determinant", back: "A scalar of a square matrix.")])
        #expect(ScopeGate().apply(terms, context: GateContext(subject: "Linear algebra")) == GateVerdict(output: terms))
        let alone = GateContext(subject: "Linear algebra", topic: "Matrices", subtopic: "Matrix multiplication")
        #expect(ScopeGate().apply(terms, context: alone) == GateVerdict(output: terms))
    }
}
