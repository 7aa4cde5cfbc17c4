import Foundation
import GRDB
import PrimerCore
import Testing

@testable import PrimerStore

/// `primer stats` summed by the store (`progressSums`) gives what reading every card gives
/// (`StudyProgress.subject(_:cards:log:…)`), on both engines: knowledge, due today, reviews and
/// retention per subject, topic and subtopic (subtopics of one title merged), lapses, leeches in
/// kit order, new and known cards, a deleted card's log (the subject's only), and the streak.
@Suite struct ProgressSumsTests {
    @Test(arguments: Engine.allCases) func sumsInTheStoreEqualReadingEveryCard(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        _ = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let scheduler = FSRSScheduler(fuzz: false)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var random = SystemRandomNumberGenerator()
        var items: [ImportedItem] = []
        for n in 0..<240 {
            // Reviews on some of the last days (a streak), at uneven times; some cards never seen.
            let count = n % 5 == 0 ? 0 : Int.random(in: 1...9, using: &random)
            var reviews: [PastReview] = []
            var time = now.addingTimeInterval(-Double(Int.random(in: 2...400, using: &random)) * 86_400)
            for _ in 0..<count {
                reviews.append(PastReview(time: time, rating: ReviewRating(rawValue: Int.random(in: 1...4, using: &random))!, durationMs: 1_000))
                time = min(now.addingTimeInterval(-60), time.addingTimeInterval(Double(Int.random(in: 3_600...(40 * 86_400), using: &random))))
            }
            let (memory, log) = scheduler.replay(reviews)
            var remembered = memory
            if n % 17 == 0 { remembered?.lapses = 9 }  // leeches
            items.append(ImportedItem(
                topic: n % 3 == 0 ? "Cells" : "Genetics", subtopic: n % 4 == 0 ? "Membranes" : "Inheritance", family: n % 2 == 0 ? "flashcards" : "cloze",
                content: n % 2 == 0 ? .pair(PairItem(front: "Q\(n)", back: "A\(n)")) : .cloze(ClozeItem(text: "{{c1::Fact \(n)}}")),
                memory: remembered, reviews: log))
        }
        // A subtopic of new cards only: counted, with no memory to sum.
        for n in 0..<6 {
            items.append(ImportedItem(
                topic: "Cells", subtopic: "Ribosomes", family: "flashcards", content: .pair(PairItem(front: "R\(n)", back: "B\(n)")),
                memory: nil, reviews: []))
        }
        let ids = try await store.importItems(subjectID: subject.id, items: items, at: now.addingTimeInterval(-30))
        // Reviews today and yesterday for a streak; a known card; a deleted card whose log stays.
        for id in ids.prefix(3).compactMap({ $0 }) {
            for offset in [-86_400.0 - 50, -50] {
                let at = now.addingTimeInterval(offset)
                _ = try await store.recordReview(itemID: id, rating: .good, at: at, durationMs: 0) { scheduler.review($0, rating: .good, at: at) }
            }
        }
        try await store.setKnown(itemID: ids[7]!, known: true, at: now)
        #expect(try await store.deleteItem(id: ids[11]!))

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let policy = StudyPolicy(scheduler: scheduler, leechLapses: 8)
        let expected = StudyProgress.subject(
            "Biology", cards: try await store.studyCards(subjectTitle: "Biology"), log: try await store.reviewLog(subjectTitle: "Biology"),
            quizzes: [], now: now, policy: policy, calendar: calendar)
        let sums = try await store.progressSums(
            subjectID: subject.id, now: now, endOfToday: calendar.startOfDay(for: now).addingTimeInterval(86_400), curve: scheduler.recallCurve,
            leechLapses: 8)
        let days = Set(try await store.reviewQuarters(subjectID: subject.id, since: Date.distantPast).map { calendar.startOfDay(for: $0) })
        let summed = StudyProgress.subject("Biology", sums: sums, streakDays: StudyProgress.streak(days: days, now: now, calendar: calendar), quizzes: [])

        #expect(expected.streakDays >= 2 && summed.streakDays == expected.streakDays)
        #expect(!expected.progress.leeches.isEmpty && expected.progress.reviews > 500 && expected.progress.new > 0)
        Self.expectSame(summed.progress, expected.progress)
        #expect(summed.topics.count == expected.topics.count)
        for (topic, want) in zip(summed.topics, expected.topics) {
            Self.expectSame(topic.progress, want.progress)
            #expect(topic.subtopics.count == want.subtopics.count)
            for (subtopic, wanted) in zip(topic.subtopics, want.subtopics) { Self.expectSame(subtopic, wanted) }
        }
        // The history and forecast read the studied items' memories and a count of the new ones:
        // the same as the cards.
        let cards = try await store.studyCards(subjectTitle: "Biology")
        let studied = try await store.studiedMemories(subjectTitle: "Biology")
        let expectedStudied = StudiedMemories(cards)
        #expect(studied.memories.sorted { $0.itemID < $1.itemID } == expectedStudied.memories.sorted { $0.itemID < $1.itemID })
        #expect(studied.new == expectedStudied.new && studied.new["Biology"] == expected.progress.new)
        #expect(!studied.memories.isEmpty && studied.memories.allSatisfy { $0.memory != nil })
        #expect(try await store.studiedMemories(subjectTitle: nil).memories.count == studied.memories.count)
        #expect(try await store.studiedMemories(subjectTitle: "Nope") == StudiedMemories(memories: [], new: [:]))
        // Another owner sees no sums of this subject.
        let other = store.owned(by: .account(99))
        #expect(try await other.studiedMemories(subjectTitle: nil) == StudiedMemories(memories: [], new: [:]))
        #expect(try await other.progressSums(subjectID: subject.id, now: now, endOfToday: now, curve: scheduler.recallCurve, leechLapses: 8).subtopics.isEmpty)
        #expect(try await other.reviewQuarters(subjectID: subject.id, since: Date.distantPast).isEmpty)
    }

    /// The same deck numbers; knowledge to 1e-9 % (sums in another order).
    static func expectSame(_ a: DeckProgress, _ b: DeckProgress) {
        var rounded = a
        rounded.knowledgePercent = b.knowledgePercent
        #expect(rounded == b, "\(a.title)")
        #expect(abs(a.knowledgePercent - b.knowledgePercent) < 1e-9, "\(a.title): \(a.knowledgePercent) vs \(b.knowledgePercent)")
    }
}

/// Where SQLite has no math functions, `SQLiteMath`'s stand in with the same values.
@Suite struct SQLiteMathTests {
    @Test func theStandInsComputeWhatSQLiteAndSwiftCompute() throws {
        let db = try DatabaseQueue()
        let builtIn = try db.read { try Row.fetchOne($0, sql: "SELECT pow(1 + 0.19 * 12 / 3.7, -0.15) AS p, floor(-1.5) AS f, pow(NULL, 2) AS n")! }
        try db.inDatabase { database in for function in SQLiteMath.functions { database.add(function: function) } }
        let standIn = try db.read { try Row.fetchOne($0, sql: "SELECT pow(1 + 0.19 * 12 / 3.7, -0.15) AS p, floor(-1.5) AS f, pow(NULL, 2) AS n")! }
        #expect(standIn["p"] as Double == Foundation.pow(1 + 0.19 * 12 / 3.7, -0.15))
        #expect(standIn["p"] as Double == builtIn["p"] as Double && standIn["f"] as Double == -2 && builtIn["f"] as Double == -2)
        #expect((standIn["n"] as Double?) == nil)
    }
}
