import Foundation
@testable import PrimerApp
import PrimerCore
import PrimerTestSupport
import Testing

/// `stats`' streak read from the store a window of days at a time (`Workspace.progress`): a
/// streak longer than the first window (32 days) is counted whole, and one broken a few days
/// back stops there, on both engines.
@Suite struct StreakTests {
    @Test(arguments: [false, true]) func aLongStreakIsCountedWholeAndABreakEndsIt(postgres: Bool) async throws {
        let folder = try WorkspaceStoreTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let address = postgres ? try await PostgresTestServer.shared.newDatabase() : folder.appendingPathComponent("s.sqlite").path
        let workspace = try WorkspaceStoreTests.workspace(store: address, in: folder)
        let store = try await workspace.store()
        let now = Date()
        let calendar = Calendar.current
        let scheduler = FSRSScheduler(fuzz: false)
        for (title, days) in [("Long", Array(0..<75)), ("Broken", [0, 1, 2, 4, 5, 6, 7])] {
            let subject = try await store.upsertSubject(title: title, notes: "", kind: .general, instructions: "")
            // One review a day at noon (today's an hour ago, or at midnight just after it: today,
            // and not in the future).
            let times = days.reversed().map { back in
                back == 0 ? max(calendar.startOfDay(for: now), now.addingTimeInterval(-3_600)) : calendar.date(byAdding: .day, value: -back, to: calendar.startOfDay(for: now))!.addingTimeInterval(12 * 3_600)
            }
            let (memory, log) = scheduler.replay(times.map { PastReview(time: $0, rating: .good) })
            _ = try await store.importItems(
                subjectID: subject.id,
                items: [ImportedItem(topic: "T", subtopic: "S", family: "flashcards", content: .pair(PairItem(front: "Q", back: "A")), memory: memory, reviews: log)],
                at: now)
        }
        let long = try #require(try await workspace.progress(subject: "Long", now: now, calendar: calendar).first)
        #expect(long.streakDays == 75 && long.progress.reviews == 75)
        let broken = try #require(try await workspace.progress(subject: "Broken", now: now, calendar: calendar).first)
        #expect(broken.streakDays == 3)
    }
}
