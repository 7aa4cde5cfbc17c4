import Foundation
import GRDB
import PrimerCore
import Testing

@testable import PrimerStore

/// What the store does when the learner and a run change the same item, and how SQLite's
/// failures reach a command: as `StoreError`s of a kind, naming the file.
@Suite struct StoreConflictTests {
    /// Four flashcards, each learnt then forgotten once (a leech at a threshold of 1).
    static func leeches(_ store: any Store) async throws -> (StoredSubject, Int64, [Leech]) {
        let (subject, subtopic) = try await StudyStoreTests.kit(store)
        let scheduler = FSRSScheduler(fuzz: false)
        let start = Date().addingTimeInterval(-10 * 86_400)
        for card in try await store.studyCards(subjectTitle: "Biology") {
            for (day, rating) in [ReviewRating.good, .good, .again].enumerated() {
                let at = start.addingTimeInterval(Double(day) * 86_400)
                _ = try await store.recordReview(itemID: card.id, rating: rating, at: at, durationMs: 0) { scheduler.review($0, rating: rating, at: at) }
            }
        }
        let leeches = try await store.leeches(subjectID: subject.id, minLapses: 1)
        #expect(leeches.count == 4)
        return (subject, subtopic, leeches)
    }

    @Test(arguments: Engine.allCases) func aRewriteIsStoredOnlyOverTheLeechItWasWrittenFrom(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let (subject, subtopic, leeches) = try await Self.leeches(store)
        let scheduler = FSRSScheduler(fuzz: false)

        // While the model writes: one leech edited, one rated, one deleted, one left as read.
        try await store.editItem(id: leeches[0].itemID, content: .pair(PairItem(front: "Front 1", back: "The learner's words")), at: Date())
        _ = try await store.recordReview(itemID: leeches[1].itemID, rating: .again, at: Date(), durationMs: 0) {
            scheduler.review($0, rating: .again, at: Date())
        }
        #expect(try await store.deleteItem(id: leeches[2].itemID))

        let rewrites = leeches.enumerated().map { ($1, ItemContent.pair(PairItem(front: "New \($0)", back: "clearer", hint: "cue"))) }
        let outcomes = try await store.rewriteItems(subjectID: subject.id, subtopicID: subtopic, replacements: rewrites, generation: generation("flashcards"))
        #expect(outcomes.count == 4)
        #expect(outcomes[0] == .leftAlone(.edited))
        #expect(outcomes[1] == .leftAlone(.rated))
        #expect(outcomes[2] == .leftAlone(.deleted))
        guard case .stored(let newID, let reason) = outcomes[3] else {
            Issue.record("the untouched leech was not rewritten: \(outcomes[3])")
            return
        }
        #expect(reason == "forgotten 1 time in 3 reviews")

        let cards = try await store.studyCards(subjectTitle: "Biology")
        let edited = try #require(cards.first { $0.id == leeches[0].itemID })
        #expect(edited.faces.back == "The learner's words" && edited.edited && edited.replaced.isEmpty)
        let rated = try #require(cards.first { $0.id == leeches[1].itemID })
        #expect(rated.memory?.reps == 4, "the rated leech keeps its schedule and its new review")
        #expect(!cards.contains { $0.id == leeches[2].itemID } && !cards.contains { $0.id == leeches[3].itemID })
        let new = try #require(cards.first { $0.id == newID })
        #expect(new.faces.front == "New 3" && new.replaced.map(\.key) == [leeches[3].key])
        #expect(new.replaced.first?.reviews == 3 && new.replaced.first?.lapses == 1)
    }

    @Test(arguments: Engine.allCases) func aRewriteCountsTheLeechAsStoredWhenItIsWritten(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let (subject, subtopic, leeches) = try await Self.leeches(store)
        // The leech as read says 9 lapses in 20 reviews; the store holds 1 in 3: it was rated
        // (or reset) since, so the rewrite is not made from what is stored and is not stored.
        var stale = leeches[0]
        (stale.lapses, stale.reviews) = (9, 20)
        let outcomes = try await store.rewriteItems(
            subjectID: subject.id, subtopicID: subtopic, replacements: [(stale, .pair(PairItem(front: "n", back: "b")))],
            generation: generation("flashcards"))
        #expect(outcomes == [.leftAlone(.rated)])
        #expect(try await store.studyCard(id: leeches[0].itemID) != nil)
    }

    @Test func aDamagedStoreIsNamedWithWhatToDo() async throws {
        let folder = try TempFolder()
        let path = folder.path("damaged.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            _ = try await StudyStoreTests.kit(store)
        }
        try checkpoint(path)
        // Pages past the schema overwritten: the store opens, and the damage shows on a read.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: Int(size / 2)))
        try handle.close()
        await #expect {
            let store = try await SQLiteStore(path: path)
            _ = try await store.studyCards(subjectTitle: "Biology")
        } throws: { error in
            guard let error = error as? StoreError, case .damaged(let named, _) = error else { return false }
            return named == path && error.kind == .unusable && error.description.contains(".recover")
        }
    }

    @Test func aStoreCutShortIsDamagedNotForeign() throws {
        let folder = try TempFolder()
        let path = folder.path("short.sqlite")
        do { _ = try SQLiteStore(path: path) }
        try checkpoint(path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(60).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.damaged(path: path, reason: "the file is cut short: 60 bytes")) { try SQLiteStore(path: path) }
        #expect(StoreError.damaged(path: path, reason: "").kind == .unusable)
    }

    @Test func aWriteThroughAReadingStoreSaysReadOnly() async throws {
        let folder = try TempFolder()
        let path = folder.path("primer.sqlite")
        let (subject, subtopic) = try await StudyStoreTests.kit(try SQLiteStore(path: path))
        let reader = try SQLiteStore(readingOnlyAt: path)
        #expect(try await reader.studyCards(subjectTitle: "Biology").count == 4)
        await #expect(throws: StoreError.readOnly(path: path)) {
            try await reader.addItem(subjectID: subject.id, subtopicID: subtopic, family: "flashcards", content: .pair(PairItem(front: "a", back: "b")), at: Date())
        }
        #expect(StoreError.readOnly(path: path).kind == .readOnly)
    }

    @Test func openingAnUpToDateStoreToReadChangesNothingInTheFile() async throws {
        let folder = try TempFolder()
        let path = folder.path("primer.sqlite")
        do { _ = try await StudyStoreTests.kit(try SQLiteStore(path: path)) }
        try checkpoint(path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let reader = try SQLiteStore(readingOnlyAt: path)
            #expect(try await reader.studyCards(subjectTitle: "Biology").count == 4)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// Folds the WAL into the file and removes it, as when the last process closed the store.
    func checkpoint(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Each item keeps the passages it came from (`GenerationRecord.itemSources`), and reads
    /// them back with the kit.
    @Test(arguments: Engine.allCases) func itemsKeepThePassagesTheyCameFrom(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Senses", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        var record = generation("flashcards", citations: [
            Citation(url: "document:ch05.md#chars=0-66", title: "ch05.md › Vision", snippet: "The retina…"),
            Citation(url: "document:ch05.md#chars=67-140", title: "ch05.md › Hearing", snippet: "The cochlea…"),
        ])
        record.itemSources = [[1], [], [0, 1]]
        try await store.saveContent(
            subjectID: subject.id, subtopicID: plan[0].subtopics[0].id,
            output: .pairs([PairItem(front: "Cochlea?", back: "Hearing"), PairItem(front: "Attention?", back: "Focus"), PairItem(front: "Both?", back: "Yes")]),
            generation: record)
        let kit = try #require(try await store.kit(subjectTitle: "Senses"))
        let items = try #require(kit.topics.first?.subtopics.first?.content.first?.items)
        #expect(items.map { $0.sources.map(\.url) } == [["document:ch05.md#chars=67-140"], [], ["document:ch05.md#chars=0-66", "document:ch05.md#chars=67-140"]])
        #expect(items[0].sources.first?.title == "ch05.md › Hearing")
    }
}
