import Testing
@testable import PrimerDocuments

@Suite("Passage retrieval (BM25)")
struct PassageRetrieverTests {
    private let notes = ExtractedDocument(name: "bio.md", format: .markdown, text: BiologyNotes.markdown)

    @Test func tokenizerFoldsCaseAccentsStopWordsAndInflections() {
        #expect(Tokenizer.tokens("The Cells are DIVIDING; a cell divides.") == ["cell", "divid", "cell", "divid"])
        #expect(Tokenizer.tokens("Élan, naïve café — Week 3") == ["elan", "naiv", "cafe", "week", "3"])
        #expect(Tokenizer.stem("processes") == Tokenizer.stem("process"))
        #expect(Tokenizer.stem("mitosis") == "mitosis")
        #expect(Tokenizer.stem("studies") == "study")
        #expect(Tokenizer.stem("running") == "run")
    }

    @Test func eachQueryFindsItsSectionFirst() {
        let retriever = PassageRetriever(documents: [notes])
        let cases: [(query: String, heading: String)] = [
            (PassageRetriever.query(subtopic: "Light reactions and the Calvin cycle", topic: "Photosynthesis", subject: "Biology"), "Photosynthesis"),
            (PassageRetriever.query(subtopic: "Glycolysis and the Krebs cycle", topic: "Cellular respiration", subject: "Biology"), "Cellular respiration"),
            (PassageRetriever.query(subtopic: "Phases of cell division", topic: "Mitosis", subject: "Biology"), "Mitosis"),
            ("chromatids anaphase", "Mitosis"),
            ("how plants make oxygen from water and light", "Photosynthesis"),
            ("mitochondria electron transport", "Cellular respiration"),
        ]
        for (query, heading) in cases {
            let top = retriever.top(query: query, budgetCharacters: 10_000, limit: 3)
            #expect(top.first?.passage.headingPath.last == heading, "\(query) → \(top.map(\.passage.heading))")
        }
    }

    @Test func headingsCountAsStrongEvidence() {
        // "Mitosis" appears once in that section's text but also in its heading.
        let retriever = PassageRetriever(documents: [notes])
        let ranked = retriever.ranked(query: "mitosis")
        #expect(ranked.count == 1)
        let withoutHeadings = PassageRetriever(passages: retriever.passages, headingWeight: 0)
        #expect(ranked[0].score > withoutHeadings.ranked(query: "mitosis")[0].score)
    }

    @Test func resultsFitTheBudgetAndTheLimit() {
        let passages = PassageSplitter.split(notes, maxCharacters: 200)
        #expect(passages.count >= 6)
        let retriever = PassageRetriever(passages: passages, minimumRelativeScore: 0)
        let query = "cell energy glucose ATP"
        for budget in [150, 250, 400, 700, 5000] {
            let top = retriever.top(query: query, budgetCharacters: budget, limit: 10)
            #expect(top.map(\.passage.text.count).reduce(0, +) <= budget, "budget \(budget)")
        }
        #expect(retriever.top(query: query, budgetCharacters: 100_000, limit: 2).count == 2)
        #expect(retriever.top(query: query, budgetCharacters: 10, limit: 5).isEmpty)
        let scores = retriever.top(query: query, budgetCharacters: 100_000, limit: 10).map(\.score)
        #expect(scores == scores.sorted(by: >))
    }

    @Test func aPassageTooLongForTheRestOfTheBudgetIsPassedOver() {
        let long = Passage(documentName: "a", documentHash: "h", ordinal: 0, headingPath: ["Osmosis"], pages: nil,
                           text: String(repeating: "Osmosis. ", count: 15))
        let short = Passage(documentName: "a", documentHash: "h", ordinal: 1, headingPath: [], pages: nil,
                            text: "Osmosis is diffusion of water.")
        let retriever = PassageRetriever(passages: [long, short])
        #expect(retriever.ranked(query: "osmosis").first?.passage == long)
        #expect(retriever.top(query: "osmosis", budgetCharacters: 100, limit: 5).map(\.passage) == [short])
    }

    @Test func tiesBreakByDocumentThenOrdinal() {
        func passage(_ doc: String, _ ordinal: Int) -> Passage {
            Passage(documentName: doc, documentHash: doc, ordinal: ordinal, headingPath: [], pages: nil, text: "Enzymes speed reactions.")
        }
        let retriever = PassageRetriever(passages: [passage("b", 1), passage("a", 2), passage("b", 0), passage("a", 0)])
        let order = retriever.top(query: "enzymes", budgetCharacters: 10_000, limit: 10).map { "\($0.passage.documentName)\($0.passage.ordinal)" }
        #expect(order == ["b0", "b1", "a0", "a2"])
        // Same input, same answer.
        #expect(order == retriever.top(query: "enzymes", budgetCharacters: 10_000, limit: 10).map { "\($0.passage.documentName)\($0.passage.ordinal)" })
    }

    @Test func weakMatchesOnTheSubjectAloneAreLeftOut() {
        let retriever = PassageRetriever(documents: [notes])
        // "glucose" is in photosynthesis and respiration; "glycolysis" only in respiration.
        let top = retriever.top(query: "glycolysis pyruvate biology", budgetCharacters: 10_000, limit: 5)
        #expect(top.map { $0.passage.headingPath.last } == ["Cellular respiration"])
    }

    @Test func queriesWithNothingToMatchReturnNothing() {
        let retriever = PassageRetriever(documents: [notes])
        #expect(retriever.top(query: "the and of", budgetCharacters: 1000, limit: 3).isEmpty)
        #expect(retriever.top(query: "quantum chromodynamics", budgetCharacters: 1000, limit: 3).isEmpty)
        #expect(PassageRetriever(passages: []).top(query: "cell", budgetCharacters: 1000, limit: 3).isEmpty)
    }
}
