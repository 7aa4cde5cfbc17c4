import Foundation
import PrimerCore
import PrimerPostgres
import PrimerStore
import PrimerTestSupport
import Testing

/// Many ratings made at once, as a server at load makes them (PostgreSQL stores them in batches,
/// `RatingBatches`): each stored once, each scheduled from the memory the one before it left,
/// each only on its owner's card, and a card of another owner or a deleted one refused as not
/// found — without holding up the others.
@Suite struct RatingsAtOnceTests {
    @Test(arguments: Engine.allCases) func ratingsOfManyCardsAndOwnersAtOnceAreEachStoredOnce(engine: Engine) async throws {
        let folder = try TempFolder()
        let (ana, ben, _, _) = try await twoOwnersWithKits(engine, in: folder)
        let anas = try await ana.studyCards(subjectTitle: "Biology")
        let bens = try await ben.studyCards(subjectTitle: "Biology")
        #expect(anas.count == 4 && bens.count == 4)
        let gone = try #require(bens.last)
        #expect(try await ben.deleteItem(id: gone.id))
        let scheduler = FSRSScheduler(fuzz: false)

        // Each owner rates each of their cards three times and each of the other's once, all at once.
        typealias Rating = (store: any Store, item: Int64, own: Bool)
        var ratings: [Rating] = []
        for _ in 0..<3 {
            ratings += anas.map { card -> Rating in (ana, card.id, true) }
            ratings += bens.dropLast().map { card -> Rating in (ben, card.id, true) }
        }
        ratings += bens.map { card -> Rating in (ana, card.id, false) }
        ratings += anas.map { card -> Rating in (ben, card.id, false) }
        ratings.append((ben, gone.id, false))
        let outcomes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for (index, rating) in ratings.enumerated() {
                group.addTask {
                    do {
                        _ = try await rating.store.recordReview(itemID: rating.item, rating: .good, at: Date(), durationMs: 100) {
                            scheduler.review($0, rating: .good, at: Date())
                        }
                        return (index, true)
                    } catch StoreError.notFound {
                        return (index, false)
                    }
                }
            }
            return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        for (index, rating) in ratings.enumerated() {
            #expect(outcomes[index] == rating.own, "rating \(index) of item \(rating.item): stored \(String(describing: outcomes[index]))")
        }
        for (owner, cards) in [(ana, anas), (ben, Array(bens.dropLast()))] {
            let log = try await owner.reviewLog(subjectTitle: "Biology")
            for card in cards {
                let memory = try #require(try await owner.studyCard(id: card.id)?.memory)
                #expect(memory.reps == 3, "each of a card's three ratings scheduled from the one before: \(memory)")
                #expect(log.filter { $0.itemID == card.id }.count == 3)
            }
            #expect(log.count == 3 * cards.count, "nothing logged for another's card or a deleted one")
        }
    }

    @Test(arguments: Engine.allCases) func ratingsOfOneCardAtOnceWithoutKeysAreAllScheduled(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        _ = try await StudyStoreTests.kit(store)
        let card = try #require(try await store.studyCards(subjectTitle: "Biology").first)
        let scheduler = FSRSScheduler(fuzz: false)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    _ = try await store.recordReview(itemID: card.id, rating: .good, at: Date(), durationMs: 0) {
                        scheduler.review($0, rating: .good, at: Date())
                    }
                }
            }
            try await group.waitForAll()
        }
        let stored = try #require(try await store.studyCard(id: card.id))
        #expect(stored.memory?.reps == 16, "each of the 16 ratings was scheduled from the one before: \(String(describing: stored.memory))")
        #expect(try await store.reviewLog(subjectTitle: "Biology").filter { $0.itemID == card.id }.count == 16)
    }

    /// Two servers on one PostgreSQL store, each batching its own ratings, rating the same cards
    /// at once: the batches meet on the same memories (a write that finds a memory changed, or a
    /// deadlock, sends its ratings to the next batch), and every rating is still stored once,
    /// each scheduled from the one before.
    @Test func twoServersRatingTheSameCardsAtOnceStoreEveryRating() async throws {
        let url = try PostgresURL(try await PostgresTestServer.shared.newDatabase(), environment: [:])
        let one = try await PostgresStore.open(url)
        let two = try await PostgresStore.open(url)
        defer {
            one.close()
            two.close()
        }
        _ = try await StudyStoreTests.kit(one)
        let cards = try await one.studyCards(subjectTitle: "Biology")
        let scheduler = FSRSScheduler(fuzz: false)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<6 {
                for card in cards {
                    let store: PostgresStore = round.isMultiple(of: 2) ? one : two
                    group.addTask {
                        _ = try await store.recordReview(itemID: card.id, rating: .good, at: Date(), durationMs: 0) {
                            scheduler.review($0, rating: .good, at: Date())
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let log = try await two.reviewLog(subjectTitle: "Biology")
        for card in cards {
            #expect(try await two.studyCard(id: card.id)?.memory?.reps == 6)
            #expect(log.filter { $0.itemID == card.id }.count == 6)
        }
    }
}
