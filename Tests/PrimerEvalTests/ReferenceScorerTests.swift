import PrimerCore
import Testing
@testable import PrimerEval

@Suite struct ReferenceScorerTests {
    let golden = GoldenSubtopic(
        topic: "Stars and Galaxies", subtopic: "The Life Cycle of Stars",
        objectives: ["Describe how stars form from nebulae", "Explain what happens when a massive star becomes a supernova"],
        terms: [
            PairItem(front: "nebula", back: "a cloud of gas and dust in space where stars form"),
            PairItem(front: "supernova", back: "the explosion of a massive star at the end of its life"),
            PairItem(front: "white dwarf", back: "the small dense core left when a low-mass star dies"),
        ],
        mcq: [ReferenceMCQ(stem: "What is left after a low-mass star dies?", choices: ["A white dwarf", "A nebula", "A comet", "A galaxy"], answer: 0)])

    func quiz(_ items: [(String, String)]) -> [ReferenceScorer.Item] { items.map { .init(prompt: $0.0, answer: $0.1) } }

    @Test func aWellFormedQuizAboutSomethingElseScoresNothing() {
        let starfleet = quiz([
            ("Who commands the starship Enterprise?", "Captain Kirk"),
            ("Which fleet does the Enterprise belong to?", "Starfleet"),
        ])
        let m = ReferenceScorer(golden: golden).score(starfleet)
        #expect(m["glossary_recall"] == 0)
        #expect(m["reference_overlap"] == 0)
        #expect(m["definition_f1"] == nil, "no question names a golden term")
    }

    @Test func aQuizOnTheSectionScoresHigh() throws {
        let good = quiz([
            ("What is a nebula?", "A cloud of gas and dust where stars form"),
            ("What is a supernova?", "The explosion of a massive star"),
        ])
        let m = ReferenceScorer(golden: golden).score(good)
        // nebula and supernova named, white dwarf not: 2/3.
        #expect(approx(m["glossary_recall"], 2.0 / 3))
        #expect(try #require(m["reference_overlap"]) > 0.8)
        // Both prompts name a term; the answers share most of the definitions' words.
        #expect(try #require(m["definition_f1"]) > 0.6)
    }

    @Test func objectivesCountWhenTheNotesMentionMostOfTheirWords() {
        let scorer = ReferenceScorer(golden: golden)
        // Objective 1 {star, form, nebula}; objective 2 {happen, massive, star, become, supernova}.
        #expect(scorer.objectiveCoverage(lesson: "Stars form inside nebulae, clouds of gas.") == 0.5)
        #expect(scorer.objectiveCoverage(lesson: "Stars form in a nebula. A massive star ends as a supernova.") == 1)
        #expect(scorer.objectiveCoverage(lesson: "Captain Kirk commands the Enterprise.") == 0)
        #expect(ReferenceScorer(golden: GoldenSubtopic(topic: "t", subtopic: "s")).objectiveCoverage(lesson: "x") == nil)
    }

    @Test func theCaseScorerAddsThemToQuizFlashcardsNotesAndTerms() {
        let evalCase = EvalCase(id: "astro/1.1", kind: .subtopic, subject: EvalSubject(title: "Astronomy"), families: [.lesson, .flashcards, .quiz, .terms], subtopic: golden)
        let scores = CaseScorer().score(
            evalCase,
            outputs: CaseOutputs(
                notes: "Stars form in a nebula.", flashcards: [PairItem(front: "What is a nebula?", back: "A cloud of gas and dust")],
                quiz: [ChoiceItem(question: "Who commands the Enterprise?", choices: ["Kirk", "Spock", "Data", "Worf"], correctIndex: 0, explanation: "")],
                terms: [PairItem(front: "nebula", back: "a cloud of gas")]))
        #expect(scores.families["lesson"]?["objective_coverage"] == 0.5)
        #expect(scores.families["flashcards"]?["reference_overlap"] == 1)
        #expect(scores.families["quiz"]?["reference_overlap"] == 0)
        #expect(scores.families["terms"]?["reference_overlap"] != nil && scores.families["terms"]?["glossary_recall"] == nil)
    }
}
