import Testing
import Yams

@testable import PrimerCore
@testable import PrimerGeneration

/// The `support` gate: an item's answer must be held by the lesson and the documents it was
/// written from, and a question must have one right answer.
struct GateSupportTests {
    static let lesson = """
        # Matrix Operations
        A matrix product multiplies the rows of the first matrix by the columns of the second.
        Matrix addition adds the entries in the same position; both matrices must have the same size.
        The transpose of a matrix swaps its rows and columns.
        """

    func context(passages: [GroundingPassage] = []) -> GateContext {
        var context = GateContext(subject: "Linear Algebra", topic: "Algebraic Structures", subtopic: "Matrix Operations")
        context.lesson = Self.lesson
        context.passages = passages
        return context
    }

    @Test func dropsACardItsLessonDoesNotHoldAndSaysHowMuchItHolds() {
        let cards = [
            PairItem(front: "What does a matrix product multiply?", back: "The rows of the first matrix by the columns of the second."),
            PairItem(front: "What are the 3 main components of a computer?", back: "CPU, memory, storage."),
        ]
        let verdict = SupportGate().apply(.pairs(cards), context: context())
        #expect(verdict.output == .pairs([cards[0]]))
        #expect(verdict.dropped == [
            "dropped flashcard ‘What are the 3 main components of a computer?’: what it says is not in the lesson or the documents (0 % of its words are; at least 45 % is needed)",
        ])
    }

    @Test func aQuestionWithTwoRightAnswersOrAnUnsupportedKeyIsDropped() {
        let good = ChoiceItem(
            question: "Which operation swaps the rows and columns of a matrix?", choices: ["Transpose", "Addition", "Inverse", "Determinant"],
            correctIndex: 0, explanation: "The transpose swaps rows and columns.")
        let paraphrase = ChoiceItem(
            question: "Which operation swaps the rows and columns of a matrix?", choices: ["Transpose", "The matrix transpose", "Inverse", "Trace"],
            correctIndex: 0, explanation: "The transpose swaps rows and columns.")
        let invented = ChoiceItem(
            question: "Which part of a computer stores data for the long term?", choices: ["Storage", "CPU", "Memory", "Screen"],
            correctIndex: 0, explanation: "Storage keeps data.")
        let verdict = SupportGate().apply(.choices([good, paraphrase, invented]), context: context())
        #expect(verdict.output == .choices([good]))
        #expect(verdict.dropped.count == 2)
        #expect(verdict.dropped[0].contains("the choice ‘The matrix transpose’ says what the answer ‘Transpose’ says"), "\(verdict.dropped)")
        #expect(verdict.dropped[1].contains("is not in the lesson or the documents"), "\(verdict.dropped)")
    }

    @Test func aDocumentSupportsToo_andTheSpanNamesItsPlace() {
        let passage = GroundingPassage(
            document: "ch05.md", page: 3, heading: "Products",
            text: "Intro line here.\nThe Kronecker product of two matrices is a block matrix built from every pair of entries.",
            characters: 1_000..<1_200)
        let card = PairItem(front: "What is the Kronecker product?", back: "A block matrix built from every pair of entries of two matrices.")
        #expect(SupportGate().apply(.pairs([card]), context: context(passages: [passage])).output == .pairs([card]))
        let span = try! #require(ItemSupport.span(of: ItemSupport.claim(of: .pair(card))!, lesson: Self.lesson, passages: [passage]))
        #expect(span.passage == 0)
        #expect(span.statement.hasPrefix("The Kronecker product"))
        #expect(span.characters == 1_017..<(1_017 + span.statement.count))
        let citation = ItemSupport.citation(span, passages: [passage])
        #expect(citation.url == "document:ch05.md#page=3&chars=1017-\(1_017 + span.statement.count)")
        #expect(citation.title == "ch05.md, p. 3 › Products")
    }

    @Test func withNothingToReadEveryItemIsKeptAndOptionsAreChecked() throws {
        let card = PairItem(front: "What are the 3 main components of a computer?", back: "CPU, memory, storage.")
        #expect(SupportGate().apply(.pairs([card]), context: GateContext(subject: "Linear Algebra")).output == .pairs([card]))
        #expect(try SupportGate(options: try Yams.compose(yaml: "{min_share: 0.1}")).minimum == 0.1)
        // documents_only: the lesson alone is not read; with a passage it is.
        let lessonOnly = try SupportGate(options: try Yams.compose(yaml: "{documents_only: true}"))
        #expect(lessonOnly.apply(.pairs([card]), context: context()).output == .pairs([card]))
        let passage = GroundingPassage(document: "ch05.md", text: "Matrices are added entry by entry.")
        #expect(lessonOnly.apply(.pairs([card]), context: context(passages: [passage])).output == .pairs([]))
        #expect(throws: GateConfigError.self) { try SupportGate(options: try Yams.compose(yaml: "{min_share: 2}")) }
        #expect(throws: GateConfigError.self) { try SupportGate(options: try Yams.compose(yaml: "{share: 0.5}")) }
    }
}

/// Items made from the learner's own sentences (`SentenceItems`): the answer is always the
/// document's sentence; the model supplies no fact.
struct SentenceItemsTests {
    static let passage = GroundingPassage(
        document: "ch03.md", heading: "Transport",
        text: """
            Osmosis is the diffusion of water through a semipermeable membrane.
            The movement of molecules from high to low concentration is called diffusion.
            Active transport refers to movement against a gradient that uses energy from ATP.
            Facilitated diffusion is a passive process that uses membrane proteins to move molecules.
            Endocytosis: a process by which the cell takes in material by folding its membrane.
            The cell membrane controls what enters and leaves the cell through its lipid bilayer.
            """)

    @Test func definingSentencesNameTheirTerm() {
        #expect(DefiningSentence("Osmosis is the diffusion of water through a semipermeable membrane.")?.term == "Osmosis")
        let named = DefiningSentence("The movement of molecules from high to low concentration is called diffusion.")
        #expect(named?.term == "diffusion")
        #expect(named?.question == "What is the movement of molecules from high to low concentration called?")
        #expect(DefiningSentence("Endocytosis: a process by which the cell takes in material by folding its membrane.")?.term == "Endocytosis")
        #expect(DefiningSentence("It is a process that takes energy.") == nil, "a pronoun is no term")
        #expect(DefiningSentence("The weather was pleasant on the day the experiment began.") == nil)
    }

    @Test func pointersQuantifiersAndClausesNameNoTerm() {
        #expect(DefiningSentence("Many plant pathogens are fungi that cause tissue decay.") == nil)
        #expect(DefiningSentence("Such conceptualizations are known as stimulus-based definitions.") != nil, "the name after 'known as' is a term")
        #expect(DefiningSentence("Such conceptualizations are known as stimulus-based definitions.")?.question == nil, "'such…' describes nothing")
        #expect(DefiningSentence("Protectionism takes three main forms: tariffs, import quotas, and nontariff barriers.") == nil)
        #expect(DefiningSentence("Molecules of 1-butene and 2-butene are structural isomers.") == nil)
        let cut = DefiningSentence("Such conceptualizations are known as stimulus-based definitions because they characterize stress as a stimulus.")
        #expect(cut?.term == "stimulus-based definitions", "the name ends where the clause about it begins")
        #expect(DefiningSentence("After the cleavage has produced over 100 cells, the embryo is called a blastula.")?.question == nil)
        #expect(DefiningSentence("This process is called sensory transduction.")?.question == nil)
        #expect(
            SentenceItems.card("This process is called sensory transduction.", subtopic: "Senses", words: .init(statements: [], subtopic: "Senses")).front
                == "Senses: This process is called _____.", "a card that cannot ask by the description blanks the name")
    }

    @Test func aBlankAsksForTheSectionsOwnWordNotTheTitles() {
        let statements = [
            "The visible light seen by humans as white light actually exists in a rainbow of colors.",
            "Each color of light carries a different amount of energy.",
            "Short waves of light carry the most energy.",
        ]
        let words = SentenceItems.Blanks(statements: statements, subtopic: "Photosynthesis and Colors")
        #expect(words.telling(statements[0]) == "light", "the word the passages use most, not the longest ('actually')")
        #expect(words.telling(statements[1]) == "light", "'color' is the title's")
        #expect(SentenceItems.Blanks(statements: [], subtopic: "").telling("It slowly and carefully moved.") == "moved", "an adverb only when nothing else is left")
    }

    @Test func theOtherChoicesLookLikeTheKey() throws {
        let made = try #require(
            SentenceItems.question(
                sentence: "Osmosis is the diffusion of water.", answer: "Osmosis", subtopic: "Transport",
                pool: ["active transport pumps", "endocytosis", "facilitated diffusion", "exocytosis", "phagocytosis"]))
        let others = made.choices.enumerated().filter { $0.offset != made.correctIndex }.map(\.element)
        #expect(others == ["Endocytosis", "Exocytosis", "Phagocytosis"], "one word like the key, capitalized like it, in the pool's order")
    }

    @Test func aBlankIsOneWordEvenBesideADash() {
        #expect(SentenceItems.tellingWord("Lincoln delayed emancipation—would the border states stay?") == "emancipation")
    }

    @Test func cardsTermsQuestionsAndClozesKeepTheSentence() throws {
        let make = { (shape: Shape, role: FamilyRole?) in
            SentenceItems.output(shape: shape, role: role, passages: [Self.passage], subtopic: "Membrane Transport", topic: "Cells", siblings: [], subjectTerms: [])
        }
        guard case .pairs(let cards)? = make(.pair, nil) else { Issue.record("no cards"); return }
        #expect(cards.count == 4)
        #expect(cards.allSatisfy { card in Self.passage.text.contains(card.back) || card.back.contains(" — ") })
        guard case .pairs(let terms)? = make(.pair, .glossary) else { Issue.record("no terms"); return }
        #expect(terms.map(\.front).contains("Osmosis") && terms.allSatisfy { Self.passage.text.contains($0.back) })
        guard case .choices(let questions)? = make(.choice, nil) else { Issue.record("no questions"); return }
        for question in questions {
            let key = question.choices[question.correctIndex]
            #expect(question.choices.count == 4 && Set(question.choices).count == 4)
            #expect(question.explanation.range(of: key, options: .caseInsensitive) != nil, "the key is the sentence's term: \(question)")
            #expect(!question.question.localizedCaseInsensitiveContains(key), "the key is blanked: \(question.question)")
        }
        guard case .clozes(let clozes)? = make(.cloze, nil) else { Issue.record("no clozes"); return }
        #expect(clozes.contains { $0.text.contains("{{c1::Osmosis}}") })
        #expect(make(.choice, nil).map { _ in true } == true)
        #expect(SentenceItems.output(shape: .pair, role: nil, passages: [], subtopic: "x", topic: "y", siblings: [], subjectTerms: []) == nil)
    }
}
