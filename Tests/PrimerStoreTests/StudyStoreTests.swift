import Foundation
import GRDB
import PrimerCore
import Testing

@testable import PrimerStore

/// The learner's state in a real SQLite store: what regeneration keeps, what outlives a card,
/// and what the v6 migration keeps of an earlier store.
@Suite struct StudyStoreTests {
    static func kit(_ store: any Store) async throws -> (subject: StoredSubject, subtopic: Int64) {
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let subtopic = plan[0].subtopics[0].id
        try await store.saveContent(
            subjectID: subject.id, subtopicID: subtopic,
            output: .pairs((1...4).map { PairItem(front: "Front \($0)", back: "Back \($0)") }), generation: generation("flashcards"))
        return (subject, subtopic)
    }

    @Test(arguments: Engine.allCases) func regenerationKeepsWhatTheLearnerOwnsAndSkipsRepeats(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let (subject, subtopic) = try await Self.kit(store)
        let cards = try await store.studyCards(subjectTitle: "Biology")
        let scheduler = FSRSScheduler(fuzz: false)
        _ = try await store.recordReview(itemID: cards[0].id, rating: .good, at: Date(), durationMs: 0) { scheduler.review($0, rating: .good, at: Date()) }
        try await store.editItem(id: cards[1].id, content: .pair(PairItem(front: "Front 2", back: "Mine")), at: Date())
        try await store.setKnown(itemID: cards[2].id, known: true, at: Date())
        let added = try await store.addItem(
            subjectID: subject.id, subtopicID: subtopic, family: "flashcards", content: .pair(PairItem(front: "Own", back: "Card")), at: Date())

        // The new answer repeats Front 1 (kept: reviewed), and brings two new cards.
        try await store.saveContent(
            subjectID: subject.id, subtopicID: subtopic,
            output: .pairs([PairItem(front: "front 1!", back: "x"), PairItem(front: "New A", back: "a"), PairItem(front: "New B", back: "b")]),
            generation: generation("flashcards"), replacing: true)
        let after = try await store.studyCards(subjectTitle: "Biology")
        #expect(after.map(\.faces.front) == ["Front 1", "Front 2", "Front 3", "Own", "New A", "New B"])
        #expect(Set(after.prefix(4).map(\.id)) == Set([cards[0].id, cards[1].id, cards[2].id, added]))
        #expect(after[0].memory?.reps == 1 && after[1].edited && after[1].faces.back == "Mine" && after[2].known && after[3].addedByLearner)
        #expect(!after.map(\.id).contains(cards[3].id), "the untouched card was replaced")
    }

    @Test(arguments: Engine.allCases) func theReviewLogOutlivesADeletedCardAndIdsAreNeverReused(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let (subject, subtopic) = try await Self.kit(store)
        let cards = try await store.studyCards(subjectTitle: "Biology")
        let last = try #require(cards.last)
        let scheduler = FSRSScheduler(fuzz: false)
        _ = try await store.recordReview(itemID: last.id, rating: .again, at: Date(), durationMs: 10) { scheduler.review($0, rating: .again, at: Date()) }
        #expect(try await store.deleteItem(id: last.id))
        #expect(try await store.studyCard(id: last.id) == nil)
        #expect(try await store.reviewLog(subjectTitle: "Biology").map(\.itemID) == [last.id])
        let added = try await store.addItem(
            subjectID: subject.id, subtopicID: subtopic, family: "flashcards", content: .pair(PairItem(front: "a", back: "b")), at: Date())
        #expect(added > last.id)
        await #expect(throws: StoreError.self) {
            try await store.recordReview(itemID: last.id, rating: .good, at: Date(), durationMs: 0) { scheduler.review($0, rating: .good, at: Date()) }
        }
    }

    /// A rating sent again with its client key (a page that could not tell whether the first
    /// send arrived) is stored once — also when both sends arrive at once; the same key on
    /// another item is that item's own review.
    @Test(arguments: Engine.allCases) func aRatingSentTwiceWithItsKeyIsStoredOnce(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        _ = try await Self.kit(store)
        let cards = try await store.studyCards(subjectTitle: "Biology")
        let scheduler = FSRSScheduler(fuzz: false)
        let at = Date().addingTimeInterval(-5)
        let first = try await store.recordReview(itemID: cards[0].id, rating: .good, at: at, durationMs: 0, clientKey: "k-1") {
            scheduler.review($0, rating: .good, at: at)
        }
        let again = try await store.recordReview(itemID: cards[0].id, rating: .good, at: Date(), durationMs: 0, clientKey: "k-1") {
            scheduler.review($0, rating: .good, at: Date())
        }
        #expect(!first.repeated && again.repeated)
        // (To the millisecond: PostgreSQL keeps times in microseconds.)
        #expect(
            again.after.reps == first.after.reps && again.after.state.phase == first.after.state.phase
                && abs(again.after.state.due.timeIntervalSince(first.after.state.due)) < 0.001,
            "the repeat changed nothing and answers with the memory the first left")
        #expect(abs(again.reviewedAt.timeIntervalSince(at)) < 0.002, "the repeat answers with the first review's time")
        // Eight sends of one key at once: one review.
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await store.recordReview(itemID: cards[1].id, rating: .again, at: Date(), durationMs: 0, clientKey: "k-2") {
                        scheduler.review($0, rating: .again, at: Date())
                    }.repeated
                }
            }
            var fresh = 0
            for try await repeated in group where !repeated { fresh += 1 }
            #expect(fresh == 1)
        }
        _ = try await store.recordReview(itemID: cards[2].id, rating: .hard, at: Date(), durationMs: 0, clientKey: "k-1") {
            scheduler.review($0, rating: .hard, at: Date())
        }
        let log = try await store.reviewLog(subjectTitle: "Biology")
        #expect(log.map(\.itemID).sorted() == [cards[0].id, cards[1].id, cards[2].id].sorted())
        #expect(log.first { $0.itemID == cards[0].id }?.rating == .good)
        // One key names one rating: sent again with another rating, it is refused.
        await #expect(throws: StoreError.self) {
            try await store.recordReview(itemID: cards[0].id, rating: .again, at: Date(), durationMs: 0, clientKey: "k-1") {
                scheduler.review($0, rating: .again, at: Date())
            }
        }
    }

    /// Ratings of one card at once (each its key): all are stored, each scheduled from the memory
    /// the one before left (on PostgreSQL a rating's write stores only over the memory it was
    /// scheduled from, else it is scheduled again).
    @Test(arguments: Engine.allCases) func ratingsOfOneCardAtOnceAreAllScheduled(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        _ = try await Self.kit(store)
        let card = try #require(try await store.studyCards(subjectTitle: "Biology").first)
        let scheduler = FSRSScheduler(fuzz: false)
        for round in 0..<4 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for one in 0..<4 {
                    group.addTask {
                        _ = try await store.recordReview(itemID: card.id, rating: .good, at: Date(), durationMs: 0, clientKey: "r\(round)-\(one)") {
                            scheduler.review($0, rating: .good, at: Date())
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        let stored = try #require(try await store.studyCard(id: card.id))
        #expect(stored.memory?.reps == 16, "each of the 16 ratings was scheduled from the one before: \(String(describing: stored.memory))")
        #expect(try await store.reviewLog(subjectTitle: "Biology").filter { $0.itemID == card.id }.count == 16)
    }

    /// A rating racing its card's deletion is either stored before it (its log line stays) or
    /// refused as not found; neither leaves a memory without its card.
    @Test(arguments: Engine.allCases) func aRatingRacingItsCardsDeletionIsStoredBeforeOrNotFound(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        _ = try await Self.kit(store)
        let cards = try await store.studyCards(subjectTitle: "Biology")
        let scheduler = FSRSScheduler(fuzz: false)
        var stored = 0
        #expect(cards.count >= 4)
        for card in cards {
            let rated = try await withThrowingTaskGroup(of: Bool?.self) { group in
                group.addTask {
                    do {
                        _ = try await store.recordReview(itemID: card.id, rating: .good, at: Date(), durationMs: 0) {
                            scheduler.review($0, rating: .good, at: Date())
                        }
                        return true
                    } catch StoreError.notFound { return false }
                }
                group.addTask { _ = try await store.deleteItem(id: card.id); return nil }
                var rated: Bool?
                for try await outcome in group { if let outcome { rated = outcome } }
                return rated
            }
            if rated == true { stored += 1 }
        }
        #expect(try await store.studyCards(subjectTitle: "Biology").isEmpty)
        #expect(try await store.reviewLog(subjectTitle: "Biology").count == stored, "each rating reported stored kept its log line")
    }

    @Test func theStudyMigrationKeepsItemsTheirIdsAndTheSequence() async throws {
        let folder = try TempFolder()
        let path = folder.path("old.sqlite")
        // A store migrated up to v5, with items whose highest id was deleted.
        do {
            let pool = try DatabasePool(path: path)
            var migrator = Schema.migrator
            migrator.eraseDatabaseOnSchemaChange = false
            try migrator.migrate(pool, upTo: "v5-items")
            try await pool.write { db in
                try db.execute(sql: """
                    INSERT INTO subjects (id, title, title_key, created_at, updated_at) VALUES (1, 'S', 's', '2026-01-01', '2026-01-01');
                    INSERT INTO topics (id, subject_id, position, title) VALUES (1, 1, 0, 'T');
                    INSERT INTO subtopics (id, topic_id, position, title) VALUES (1, 1, 0, 'U');
                    INSERT INTO generations (id, subject_id, subtopic_id, family, family_version, family_hash, provider, model, status,
                        attempts, prompt_tokens, completion_tokens, cached_prompt_tokens, latency_ms, created_at)
                        VALUES (1, 1, 1, 'flashcards', 1, 'h', 'mock', 'm', 'ok', 1, 0, 0, 0, 0, '2026-01-01');
                    INSERT INTO items (id, subtopic_id, family, shape, position, fields, generation_id) VALUES
                        (5, 1, 'flashcards', 'pair', 0, '{"front":"a","back":"b"}', 1),
                        (9, 1, 'flashcards', 'pair', 1, '{"front":"c","back":"d"}', 1);
                    DELETE FROM items WHERE id = 9;
                    """)
            }
        }
        let store = try SQLiteStore(path: path)
        let cards = try await store.studyCards(subjectTitle: "S")
        #expect(cards.map(\.id) == [5] && cards[0].faces.back == "b" && cards[0].isNew && !cards[0].addedByLearner)
        let added = try await store.addItem(subjectID: 1, subtopicID: 1, family: "flashcards", content: .pair(PairItem(front: "e", back: "f")), at: Date())
        #expect(added == 10, "a deleted item's id is not reused")
    }
}

@Suite struct ItemKeyTests {
    @Test func keysAreUniqueShortAndSpreadOut() {
        let keys = (1...100_000).map { ItemKey.of(Int64($0)) }
        #expect(Set(keys).count == keys.count)
        #expect(keys.allSatisfy { $0.count == 8 && ItemKey.isWellFormed($0) })
        // Neighbouring ids do not share a 3-digit prefix, so short prefixes are usually enough.
        let shared = zip(keys, keys.dropFirst()).filter { $0.prefix(3) == $1.prefix(3) }.count
        #expect(shared < keys.count / 100)
        #expect(!ItemKey.isWellFormed("xyz") && !ItemKey.isWellFormed("") && !ItemKey.isWellFormed("123456789"))
        // A whole key gives its id back, in either case; a prefix does not.
        for id in [1, 2, 77, 99_999, 100_000, 4_000_000_000] as [Int64] {
            #expect(ItemKey.id(of: ItemKey.of(id)) == id && ItemKey.id(of: ItemKey.of(id).uppercased()) == id)
        }
        #expect(ItemKey.id(of: String(ItemKey.of(5).prefix(7))) == nil && ItemKey.id(of: "zzzzzzzz") == nil)
    }
}
