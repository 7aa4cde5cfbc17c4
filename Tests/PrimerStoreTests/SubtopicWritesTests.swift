import Foundation
import PrimerCore
import Testing
@testable import PrimerStore

/// What the pipeline reads and writes for a subtopic at once, on both engines: several families'
/// outputs in one transaction (`saveContents`), and its start in one read (`subtopicStart`).
@Suite struct SubtopicWritesTests {
    @Test(arguments: Engine.allCases) func outputsReadyTogetherAreStoredAsEachAlone(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let subtopic = plan[0].subtopics[0].id
        try await store.saveContent(subjectID: subject.id, subtopicID: subtopic, output: .lesson("first"), generation: generation("lesson"))
        let cards = [PairItem(front: "Osmosis", back: "Water moves"), PairItem(front: "Bilayer", back: "Two layers")]
        let terms = [PairItem(front: "lipid", back: "a fat")]
        let quiz = [ChoiceItem(question: "What crosses?", choices: ["Water", "Ions"], correctIndex: 0, explanation: "Small.")]
        let stored = try await store.saveContents(
            subjectID: subject.id, subtopicID: subtopic,
            [
                (.pairs(cards), generation("flashcards", citations: [Citation(url: "https://cards.example")])),
                (.lesson("second"), generation("lesson")),  // another run stored the lesson first: kept
                (.pairs(terms), generation("terms")),
                (.choices(quiz), generation("quiz")),
            ], replacing: false)
        #expect(stored == [true, false, true, true])
        let kit = try #require(try await store.kit(subjectTitle: "Biology")).topics[0].subtopics[0]
        #expect(kit.lesson == "first")
        #expect(kit.pairs("flashcards") == cards)
        #expect(kit.pairs("terms") == terms)
        #expect(kit.sources.map(\.url) == ["https://cards.example"])
        #expect(try await store.completedFamilies(subtopicID: subtopic) == ["lesson", "flashcards", "terms", "quiz"])
        // Each output has its generation, in the order given; the one not kept is recorded as discarded.
        let rows = try await store.generations(subjectTitle: "Biology").filter { $0.subtopicID == subtopic }
        #expect(rows.map(\.family) == ["lesson", "flashcards", "lesson", "terms", "quiz"])
        #expect(rows.map(\.status) == [.ok, .ok, .failed, .ok, .ok])

        // With `replacing`, every output replaces its family's content.
        let again = try await store.saveContents(
            subjectID: subject.id, subtopicID: subtopic,
            [(.lesson("third"), generation("lesson")), (.pairs([cards[0]]), generation("flashcards"))], replacing: true)
        #expect(again == [true, true])
        let replaced = try #require(try await store.kit(subjectTitle: "Biology")).topics[0].subtopics[0]
        #expect(replaced.lesson == "third")
        #expect(replaced.pairs("flashcards") == [cards[0]])
    }

    @Test(arguments: Engine.allCases) func outputsThatCannotAllBeStoredStoreNone(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let other = try await store.upsertSubject(title: "Chemistry", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let subtopic = plan[0].subtopics[0].id
        let cards: GeneratedOutput = .pairs([PairItem(front: "Osmosis", back: "Water moves")])
        // A plan among them is refused before anything is written.
        await #expect(throws: StoreError.self) {
            try await store.saveContents(
                subjectID: subject.id, subtopicID: subtopic,
                [(cards, generation("flashcards")), (.plan(samplePlan), generation("plan"))], replacing: false)
        }
        // So is a subtopic of another subject.
        await #expect(throws: StoreError.self) {
            try await store.saveContents(
                subjectID: other.id, subtopicID: subtopic, [(cards, generation("flashcards"))], replacing: false)
        }
        #expect(try await store.completedFamilies(subtopicID: subtopic).isEmpty)
        #expect(try await store.subjectItems(subjectID: subject.id).isEmpty)
        #expect(try await store.saveContents(subjectID: subject.id, subtopicID: subtopic, [], replacing: false).isEmpty)
    }

    @Test(arguments: Engine.allCases) func aSubtopicStartIsItsThreeReads(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let (first, second, last) = (plan[0].subtopics[0].id, plan[0].subtopics[1].id, plan[1].subtopics[2].id)
        _ = try await store.saveContents(
            subjectID: subject.id, subtopicID: first,
            [(.lesson("# Membranes"), generation("lesson")), (.pairs([PairItem(front: "lipid", back: "a fat")]), generation("terms"))],
            replacing: false)
        _ = try await store.saveContents(
            subjectID: subject.id, subtopicID: second,
            [(.pairs([PairItem(front: "gene", back: "a unit")]), generation("terms"))], replacing: false)

        for subtopic in [first, second, last] {
            let start = try await store.subtopicStart(
                subjectID: subject.id, subtopicID: subtopic, lessonFamily: "lesson", glossaryFamily: "terms")
            #expect(start == SubtopicStart(
                completed: try await store.completedFamilies(subtopicID: subtopic),
                lesson: try await store.lesson(subtopicID: subtopic, family: "lesson"),
                terms: try await store.glossary(subjectID: subject.id, family: "terms", before: subtopic)))
        }
        #expect(try await store.subtopicStart(subjectID: subject.id, subtopicID: first, lessonFamily: "lesson", glossaryFamily: "terms")
            == SubtopicStart(completed: ["lesson", "terms"], lesson: "# Membranes", terms: []))
        #expect(try await store.subtopicStart(subjectID: subject.id, subtopicID: last, lessonFamily: "lesson", glossaryFamily: "terms")
            == SubtopicStart(completed: [], lesson: nil, terms: ["lipid", "gene"]))
        // No lesson or glossary family for the subject's kind: neither is read.
        #expect(try await store.subtopicStart(subjectID: subject.id, subtopicID: first, lessonFamily: nil, glossaryFamily: nil)
            == SubtopicStart(completed: ["lesson", "terms"], lesson: nil, terms: []))
    }
}
