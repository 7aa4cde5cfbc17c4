import Testing

@testable import PrimerCore
@testable import PrimerGeneration

/// What `primer ask` holds an answer to: claims cite sources that exist and say them
/// (`citations` gate), a small model's JSON becomes cited lines (`AnswerParser`), and quotes
/// stand in when no answer is supported (`ExtractiveAnswer`).
struct AskAnswerTests {
    let sources = [
        "Transduction is the conversion of sensory stimulus energy into action potentials.",
        "Rods are located throughout the retina; cones are concentrated in the fovea.",
    ]

    func gate(_ answer: String) -> GateVerdict {
        var context = GateContext(subject: "Sensation and Perception")
        context.sources = sources
        return CitationsGate().apply(.lesson(answer), context: context)
    }

    @Test func anAnswerWhoseClaimsCiteWhatSaysThemPasses() {
        #expect(gate("Transduction converts sensory stimulus energy into action potentials [1].\n\nCones are concentrated in the fovea [2].").rejections.isEmpty)
        #expect(gate("# Answer\nRods and cones: rods throughout the retina, cones in the fovea [1, 2].").rejections.isEmpty)
        #expect(gate("not in the sources.").rejections.isEmpty, "the refusal alone needs no citation")
    }

    @Test func aClaimWithoutACitationOrWithANumberNotGivenIsRejected() {
        let uncited = gate("Transduction converts stimulus energy into action potentials.")
        #expect(uncited.rejections == ["‘Transduction converts stimulus energy into action…’ cites no source; end it with the number of the source that says it, like [1]"])
        let unknown = gate("Transduction converts stimulus energy into action potentials [3].")
        #expect(unknown.rejections == ["the answer cites [3], but the sources are [1] to [2]"])
        #expect(gate("Yes.").rejections.first?.contains("makes no claim") == true)
    }

    @Test func aClaimItsSourceDoesNotMakeIsRejected() {
        let invented = gate("Photosynthesis turns light into chemical energy in chloroplasts [1].")
        #expect(invented.rejections.count == 1)
        #expect(invented.rejections.first?.contains("is not what [1] says (17 % of its words are there)") == true)
        // Cited to the wrong source: the words are in [2], not in [1].
        #expect(!gate("Cones are concentrated in the fovea of the retina [1].").rejections.isEmpty)
    }

    @Test func supportIsTheShareOfTheClaimsWordsInItsSources() {
        #expect(Citations.support(of: "Cones are concentrated in the fovea [2].", in: [sources[1]]) == 1)
        // cone, see, colour, fovea: two of the four are in the source.
        #expect(Citations.support(of: "Cones see colour in the fovea [2].", in: [sources[1]]) == 0.5)
        #expect(Citations.numbers(in: "a [1] b [2, 3] c [x] d [] e [4]") == [1, 2, 3, 4])
        #expect(Citations.isRefusal("Not in the sources") && !Citations.isRefusal("The sources say [1]."))
    }

    @Test func aSmallModelsJSONBecomesCitedLinesAndAnEmptyListTheRefusal() throws {
        #expect(try AnswerParser.parse(#"{"sentences": [{"text": "Cones are in the fovea.", "source": 2}, {"text": "Rods are elsewhere.", "source": 2}]}"#)
            == "Cones are in the fovea. [2]\nRods are elsewhere. [2]")
        #expect(try AnswerParser.parse(#"{"sentences": []}"#) == Citations.refusal)
        #expect(try AnswerParser.parse("Cones are in the fovea [2].") == "Cones are in the fovea [2].")
    }

    @Test func quotesAreTheSentencesSharingTheMostOfTheQuestionsWords() {
        let numbered = sources.enumerated().map { AskSource(number: $0.offset + 1, kind: .document, document: "ch05.pdf", page: 3, text: $0.element) }
        #expect(ExtractiveAnswer.answer(question: "Where are cones?", sources: numbered) == "\(sources[1]) [2]")
        #expect(ExtractiveAnswer.answer(question: "How does photosynthesis work in plants?", sources: numbered) == Citations.refusal)
        #expect(ExtractiveAnswer.answer(question: "What is transduction?", sources: numbered)
            == "Transduction is the conversion of sensory stimulus energy into action potentials. [1]")
    }

    /// A syllabus: lines without full stops, each week a label line and what it covers.
    static let syllabus = """
        Marine Ecology - Course Syllabus
        Week 1: Introduction to Marine Environments
        Ocean zones, salinity, temperature and light
        Week 2: Coral Reef Ecosystems
        Symbiosis between corals and zooxanthellae; bleaching.
        Week 3: Kelp Forests
        Grazing by sea urchins and the role of sea otters
        Week 4: The Open Ocean
        Plankton blooms and the food web of the pelagic zone
        Week 5: Human Impacts
        Overfishing, pollution and marine protected areas
        """

    @Test func shortLinesAreStatementsAndALabelKeepsWhatItCovers() {
        let statements = Statements.of(Self.syllabus)
        #expect(statements.contains("Week 2: Coral Reef Ecosystems — Symbiosis between corals and zooxanthellae; bleaching."), "\(statements)")
        #expect(statements.contains("Week 5: Human Impacts — Overfishing, pollution and marine protected areas"), "\(statements)")
        #expect(statements.count == 6, "the title and five weeks: \(statements)")
        // Prose wrapped at a margin is still joined: its next lines mostly go on mid-sentence.
        let prose = "Coral polyps host algae called zooxanthellae, which\nphotosynthesize and share sugars with the coral. When\nwater warms, the coral expels them and turns white."
        #expect(Statements.of(prose) == [
            "Coral polyps host algae called zooxanthellae, which photosynthesize and share sugars with the coral.",
            "When water warms, the coral expels them and turns white.",
        ])
    }

    @Test func aQuestionNamingANumberGetsThatLine() {
        let source = [AskSource(number: 1, kind: .document, document: "syllabus.pdf", page: 1, text: Self.syllabus)]
        #expect(ExtractiveAnswer.answer(question: "What does week 2 cover?", sources: source)
            == "Week 2: Coral Reef Ecosystems — Symbiosis between corals and zooxanthellae; bleaching. [1]")
        #expect(ExtractiveAnswer.answer(question: "What is in week 4?", sources: source)
            == "Week 4: The Open Ocean — Plankton blooms and the food web of the pelagic zone [1]")
        #expect(ExtractiveAnswer.answer(question: "What does week 9 cover?", sources: source) == Citations.refusal, "no ninth week")
    }
}
