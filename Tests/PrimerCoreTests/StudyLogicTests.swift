import Foundation
import Testing

@testable import PrimerCore

/// The session rules of issue 13: the three buckets, the study modes and the progress numbers.
@Suite struct StudyLogicTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let scheduler = FSRSScheduler(fuzz: false)

    static func card(_ id: Int64, reviewed: [(ReviewRating, Double)] = [], known: Bool = false) -> StudyCard {
        var memory: ItemMemory?
        for (rating, daysAgo) in reviewed {
            memory = scheduler.review(memory, rating: rating, at: now.addingTimeInterval(-daysAgo * 86_400))
        }
        return StudyCard(
            id: id, subject: "S", topic: "T\(id % 2)", subtopic: "U\(id % 2)", family: "flashcards",
            content: .pair(PairItem(front: "f\(id)", back: "b\(id)")), memory: memory, known: known, edited: false,
            addedByLearner: false)
    }

    @Test func bucketsPutCardsAQuarterInHalfwayOrAside() {
        var deck = BucketDeck(Array(1...9))
        deck.sort(into: .review)  // 1 goes to index 8 / 4 = 2 of the 8 left
        #expect(deck.deck == [2, 3, 1, 4, 5, 6, 7, 8, 9])
        deck.sort(into: .understand)  // 2 goes to index 8 / 2 = 4
        #expect(deck.deck == [3, 1, 4, 5, 2, 6, 7, 8, 9])
        deck.sort(into: .easy)
        #expect(deck.deck == [1, 4, 5, 2, 6, 7, 8, 9] && deck.setAside == [3])
        while !deck.isFinished { deck.sort(into: .easy) }
        #expect(deck.setAside.sorted() == Array(1...9))
        #expect(BucketDeck<Int>.Bucket.allCases.map(\.rating) == [.again, .hard, .good])
    }

    @Test func modesChooseAndOrderCards() {
        let overdue = Self.card(1, reviewed: [(.good, 30), (.good, 29)])
        let fresh = Self.card(2, reviewed: [(.easy, 0)])
        let new = Self.card(3)
        let knownNew = Self.card(4, known: true)
        let cards = [new, fresh, overdue, knownNew]
        func ids(_ mode: StudyMode, daysAhead: Int = 0, limit: Int? = nil) -> [Int64] {
            StudyQueue.select(cards, mode: mode, now: Self.now, daysAhead: daysAhead, limit: limit, scheduler: Self.scheduler).map(\.id)
        }
        #expect(ids(.due) == [1, 3, 4], "due reviews first, then new cards in kit order")
        let freshDue = fresh.memory!.state.due
        let days = Int((freshDue.timeIntervalSince(Self.now) / 86_400).rounded(.up))
        #expect(ids(.due, daysAhead: days) == [1, 2, 3, 4], "learning ahead takes the card due within the days")
        #expect(ids(.all) == [3, 2, 1, 4])
        #expect(ids(.new) == [3, 4])
        #expect(ids(.unknown) == [3, 1], "not known, and new or below the desired retention")
        #expect(ids(.quick) == [1, 2], "studied cards, likeliest forgotten first")
        #expect(ids(.all, limit: 2) == [3, 2])
        #expect(StudyQueue.nextDue([fresh, new], after: Self.now) == freshDue)
    }

    @Test func progressCountsRetentionLapsesLeechesAndStreaks() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let lapsed = Self.card(1, reviewed: [(.good, 10), (.good, 9), (.again, 3), (.good, 3), (.good, 1)])
        let new = Self.card(2)
        func entry(_ daysAgo: Double, _ rating: ReviewRating, state: Int) -> ReviewLogEntry {
            ReviewLogEntry(
                itemID: 1, subject: "S", reviewTimeMs: Int64(Self.now.addingTimeInterval(-daysAgo * 86_400).timeIntervalSince1970 * 1000),
                rating: rating, state: state, durationMs: 0)
        }
        let log = [entry(10, .good, state: 0), entry(9, .good, state: 1), entry(3, .again, state: 2), entry(3, .good, state: 3), entry(1, .good, state: 2)]
        var policy = StudyPolicy(scheduler: Self.scheduler)
        policy.leechLapses = 1
        let progress = StudyProgress.subject(
            "S", cards: [lapsed, new], log: log, quizzes: [(50, false), (80, true)], now: Self.now, policy: policy, calendar: calendar)
        let deck = progress.progress
        #expect(deck.cards == 2 && deck.new == 1 && deck.reviews == 5 && deck.lapses == 1 && deck.leeches == [lapsed.key])
        #expect(deck.trueRetentionPercent == 50)
        let recall = Self.scheduler.retrievability(lapsed.memory!.state, at: Self.now)
        #expect(abs(deck.knowledgePercent - recall * 50) < 1e-9, "a new card counts as 0")
        #expect(progress.streakDays == 1, "yesterday only: today has no review yet")
        #expect(progress.quizzes == 2 && progress.quizzesPassed == 1 && progress.lastQuizPercent == 80)
        #expect(progress.topics.map(\.progress.title) == ["T1", "T0"] && progress.topics[0].subtopics.map(\.title) == ["U1"])
        #expect(StudyProgress.streak([entry(0, .good, state: 2)] + log, now: Self.now, calendar: calendar) == 2)

        let forecast = StudyProgress.forecast("S", cards: [lapsed, new], days: 40, now: Self.now, calendar: calendar)
        #expect(forecast.new == 1 && forecast.days.count == 40)
        #expect(forecast.days.reduce(0) { $0 + $1.due } + forecast.dueToday == 1)
    }

    @Test func lapsesCountOnlyForgottenLearntCards() {
        let learning = Self.scheduler.review(nil, rating: .again, at: Self.now)
        #expect(learning.lapses == 0 && learning.reps == 1)
        let learnt = Self.scheduler.review(Self.scheduler.review(learning, rating: .good, at: Self.now), rating: .good, at: Self.now)
        #expect(learnt.state.phase == .review)
        let forgotten = Self.scheduler.review(learnt, rating: .again, at: Self.now.addingTimeInterval(5 * 86_400))
        #expect(forgotten.lapses == 1 && forgotten.reps == 4 && forgotten.state.phase == .relearning)
    }
}
