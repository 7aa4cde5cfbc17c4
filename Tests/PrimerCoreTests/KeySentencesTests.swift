import Foundation
import Testing

@testable import PrimerCore
@testable import PrimerGeneration

/// The sentences of a subtopic's passages that the small-model families are given.
@Suite struct KeySentencesTests {
    static let passage = GroundingPassage(
        document: "ch05.md", heading: "Active Transport",
        text: """
            # Active Transport
            Active transport mechanisms require the cell's energy, usually in the form of ATP.
            **Visual Connection.** Why do you think a potassium solution injection is lethal?
            The weather was pleasant on the day the experiment began in the laboratory.
            We call the combined gradient of concentration and charge that affects an ion its electrochemical gradient.
            Passive transport, e.g. diffusion, needs no energy from the cell at all, unlike pumps.
            Short line.
            """)

    /// The subtopic's sentence, its definition and the sentence in the passage's own words
    /// (energy, cell, transport recur) are chosen, in document order; the weather is not.
    @Test func theSubtopicsDefiningSentencesComeFirstInDocumentOrder() {
        let chosen = KeySentences.select(
            from: [Self.passage], subtopic: "Active Transport", topic: "Plasma Membranes", siblings: ["Passive Transport"], limit: 3)
        #expect(chosen == [
            "Active transport mechanisms require the cell's energy, usually in the form of ATP.",
            "We call the combined gradient of concentration and charge that affects an ion its electrochemical gradient.",
            "Passive transport, e.g. diffusion, needs no energy from the cell at all, unlike pumps.",
        ])
    }

    @Test func headingsLabelsQuestionsAndFragmentsAreNotStatements() {
        let sentences = KeySentences.sentences(in: Self.passage.text)
        #expect(!sentences.contains { $0.hasPrefix("#") || $0.hasSuffix("?") || $0.contains("Visual Connection") })
        #expect(!sentences.contains("Short line."))
        #expect(sentences.contains("Passive transport, e.g. diffusion, needs no energy from the cell at all, unlike pumps."), "not split after e.g.")
        #expect(KeySentences.split("One sentence ends here. Another begins. 3 more follow! Done") == [
            "One sentence ends here.", "Another begins.", "3 more follow!", "Done",
        ])
    }

    /// Of two sentences naming the subtopic alike, the one in the passages' own vocabulary wins
    /// over an anecdote's one-off words.
    @Test func theSectionsOwnVocabularyBeatsAnAnecdote() {
        let passage = GroundingPassage(
            document: "ch08.md",
            text: """
                Chlorophyll absorbs light energy in the thylakoid membrane of the chloroplast.
                In 1779 a Dutch physician walking in his garden noticed bubbles on submerged leaves at noon.
                The thylakoid membrane holds chlorophyll and the proteins that capture light energy.
                Light energy absorbed by chlorophyll drives the reactions in the chloroplast.
                """)
        let chosen = KeySentences.select(from: [passage], subtopic: "Photosynthesis", topic: "Plants", limit: 3)
        #expect(chosen.count == 3 && !chosen.contains { $0.contains("1779") }, "\(chosen)")
    }

    @Test func limitsAndBudgetHold() {
        let all = KeySentences.select(from: [Self.passage, Self.passage], subtopic: "Active Transport", topic: "Biology", limit: 10)
        #expect(all.count == 4, "each sentence once, though the passage came twice")
        let budgeted = KeySentences.select(from: [Self.passage], subtopic: "Active Transport", topic: "Biology", limit: 10, characters: 100)
        #expect(budgeted.count == 1 && budgeted[0].count <= 100)
        #expect(KeySentences.select(from: [], subtopic: "Active Transport", topic: "Biology").isEmpty)
    }

    @Test func aListOfShortPointsGivesItsLines() {
        let syllabus = GroundingPassage(document: "syllabus.md", text: "# Week 3\n- Mitosis and its phases\n- Meiosis makes gametes\n- Cell cycle")
        #expect(KeySentences.select(from: [syllabus], subtopic: "Meiosis", topic: "Cell division", limit: 2) == [
            "Meiosis makes gametes", "Cell cycle",
        ])
    }

    @Test func renderedNumberedInsideOneFence() {
        let text = KeySentences.render(["First fact.", "Second fact."], from: [Self.passage, Self.passage])
        #expect(text.hasPrefix(DocumentFence.preface))
        #expect(text.contains("<<<material source=\"ch05.md\"\n1. First fact.\n2. Second fact.\n>>>"))
        #expect(KeySentences.render([], from: [Self.passage]) == "")
    }

    /// On a real textbook section: the glossary's defining sentence is among the four.
    @Test func aTextbookSectionGivesItsDefinitions() throws {
        let url = RepositoryFiles.root.appendingPathComponent("Evaluations/openstax-docs/text/biology-2e/ch05-s03.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let chosen = KeySentences.select(
            from: [GroundingPassage(document: "ch05-s03.md", text: text)], subtopic: "Active Transport",
            topic: "Structure and Function of Plasma Membranes", siblings: ["Components and Structure", "Passive Transport", "Bulk Transport"])
        #expect(chosen.count == 4)
        #expect(chosen.contains { $0.contains("electrochemical gradient") }, "\(chosen)")
        #expect(chosen.joined().count <= 1_000)
    }
}
