import Foundation
import PrimerCore
import PrimerPostgres
import PrimerStore
import Testing

/// Many learners asking for their next card at once, as a server at load asks (PostgreSQL reads
/// whole-subject queues in batches, `QueueHeadBatches`): each gets the queue of their own subject,
/// the same as when asking alone, and a subject of another owner or none is not found — without
/// holding up the others.
@Suite struct QueuesAtOnceTests {
    @Test(arguments: Engine.allCases) func queuesAskedForAtOnceAreEachTheirOwnersQueue(engine: Engine) async throws {
        let folder = try TempFolder()
        let (ana, ben, anas, bens) = try await twoOwnersWithKits(engine, in: folder)
        // Ana has studied two cards, one of them due again now; Ben none.
        let scheduler = FSRSScheduler(fuzz: false)
        let cards = try await ana.studyCards(subjectTitle: "Biology")
        let past = Date().addingTimeInterval(-30 * 86_400)
        _ = try await ana.recordReview(itemID: cards[0].id, rating: .again, at: past, durationMs: 0) { scheduler.review($0, rating: .again, at: past) }
        _ = try await ana.recordReview(itemID: cards[1].id, rating: .easy, at: Date(), durationMs: 0) { scheduler.review($0, rating: .easy, at: Date()) }
        let now = Date()
        let alone = (
            ana: try await ana.dueQueue(subjectID: anas, subtopicID: nil, horizon: now),
            ben: try await ben.dueQueue(subjectID: bens, subtopicID: nil, horizon: now))
        #expect(alone.ana.first?.id == cards[0].id && alone.ana.due == 3, "the review due first, then two new cards: \(alone.ana)")
        #expect(alone.ben.first != nil && alone.ben.due == 4)
        // Each asks with its own horizon: before the review was due, Ana has only her new cards.
        let before = past.addingTimeInterval(-86_400)
        let early = try await ana.dueQueue(subjectID: anas, subtopicID: nil, horizon: before)
        #expect(early.due == 2 && early.first?.id != cards[0].id, "\(early)")

        typealias Ask = (store: any Store, subject: Int64, horizon: Date, expected: DueQueue?)
        var asks: [Ask] = []
        for _ in 0..<12 {
            asks.append((ana, anas, now, alone.ana))
            asks.append((ana, anas, before, early))
            asks.append((ben, bens, now, alone.ben))
        }
        asks += [(ana, bens, now, nil), (ben, anas, now, nil), (ana, 999_999, now, nil)]
        let answers = try await withThrowingTaskGroup(of: (Int, DueQueue?).self) { group in
            for (index, ask) in asks.enumerated() {
                group.addTask {
                    do {
                        return (index, try await ask.store.dueQueue(subjectID: ask.subject, subtopicID: nil, horizon: ask.horizon))
                    } catch StoreError.notFound {
                        return (index, nil)
                    }
                }
            }
            return try await group.reduce(into: [Int: DueQueue?]()) { $0[$1.0] = $1.1 }
        }
        for (index, ask) in asks.enumerated() {
            #expect(answers[index] == ask.expected, "ask \(index) for subject \(ask.subject)")
        }
    }
}
