import Foundation
import PrimerCore
import PrimerPostgres
import PrimerTestSupport
import Testing

/// A card's first rating on PostgreSQL names its memory's subject in the statement that stores
/// it (`WriteRatings`), not through the insert trigger: the subject must be the one the item
/// has when the rating writes, also when the rating waited for the item's row while it moved.
@Suite struct FirstRatingSubjectTests {
    @Test func aFirstRatingThatWaitedOnAMoveTakesTheItemsNewSubject() async throws {
        let database = try await PostgresTestServer.shared.newDatabase()
        let store = try await PostgresStore.open(try PostgresURL(database, environment: [:]))
        _ = try await StudyStoreTests.kit(store)
        let chemistry = try await store.upsertSubject(title: "Chemistry", notes: "", kind: .general, instructions: "")
        let target = try await store.replacePlan(subjectID: chemistry.id, plan: samplePlan, generation: generation("plan"))[0].subtopics[0].id
        let card = try #require(try await store.studyCards(subjectTitle: "Biology").first)
        let scheduler = FSRSScheduler(fuzz: false)

        // Another session moves the item to Chemistry and holds its row for two seconds; the
        // rating, started meanwhile, reads the card as it was and then waits for the row.
        async let move = PostgresTestServer.shared.query(
            database, "BEGIN; UPDATE items SET subtopic_id = \(target) WHERE id = \(card.id); SELECT pg_sleep(2); COMMIT;")
        try await Task.sleep(for: .milliseconds(500))
        _ = try await store.recordReview(itemID: card.id, rating: .good, at: Date(), durationMs: 0) {
            scheduler.review($0, rating: .good, at: Date())
        }
        _ = try await move

        let subject = try await PostgresTestServer.shared.count(database, "SELECT subject_id FROM memory_states WHERE item_id = \(card.id)")
        #expect(subject == Int(chemistry.id), "the memory counts in the subject its item is in")
        let logged = try await PostgresTestServer.shared.count(database, "SELECT subject_id FROM review_log WHERE item_id = \(card.id)")
        #expect(logged == Int(chemistry.id))
    }
}
