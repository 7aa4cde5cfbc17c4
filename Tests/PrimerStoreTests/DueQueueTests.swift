import Foundation
import PrimerCore
import Testing

/// `review next` reads the head of the due queue through the due-date index; it must pick what
/// ordering every card (`StudyQueue.select(_:mode: .due)`) picks, on both engines.
@Suite struct DueQueueTests {
    @Test(arguments: Engine.allCases) func theHeadOfTheQueueIsWhatSortingEveryCardGives(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let subtopics = plan.flatMap(\.subtopics)
        for (index, subtopic) in subtopics.enumerated() {
            try await store.saveContent(
                subjectID: subject.id, subtopicID: subtopic.id,
                output: .pairs((1...6).map { PairItem(front: "Front \(index).\($0)", back: "Back") }), generation: generation("flashcards"))
            try await store.saveContent(
                subjectID: subject.id, subtopicID: subtopic.id, output: .lesson("Lesson \(index)"), generation: generation("lesson"))
        }
        // Another subject's cards are never in Biology's queue.
        let other = try await store.upsertSubject(title: "Chemistry", notes: "", kind: .general, instructions: "")
        let otherPlan = try await store.replacePlan(subjectID: other.id, plan: samplePlan, generation: generation("plan"))
        try await store.saveContent(
            subjectID: other.id, subtopicID: otherPlan[0].subtopics[0].id, output: .pairs([PairItem(front: "C", back: "D")]),
            generation: generation("flashcards"))

        let scheduler = FSRSScheduler(fuzz: false)
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let cards = try await store.studyCards(subjectTitle: "Biology")
        #expect(cards.count == 30)
        // Reviews spread over a month, some cards left new.
        var random = SystemRandomNumberGenerator()
        for (index, card) in cards.enumerated() where index % 3 != 0 {
            let at = start.addingTimeInterval(Double(Int.random(in: 0..<(20 * 86_400), using: &random)))
            let rating = [ReviewRating.again, .hard, .good, .easy][index % 4]
            _ = try await store.recordReview(itemID: card.id, rating: rating, at: at, durationMs: 0) { scheduler.review($0, rating: rating, at: at) }
        }

        let all = try await store.studyCards(subjectTitle: nil)
        for horizonDays in [-400.0, 0, 3, 10, 40, 400] {
            let horizon = start.addingTimeInterval(horizonDays * 86_400)
            for subtopic in [nil] + subtopics.map(Optional.some) {
                var expected = try await store.studyCards(subjectTitle: "Biology")
                if let subtopic { expected = expected.filter { $0.subtopic == subtopic.title } }
                let due = StudyQueue.select(expected, mode: .due, now: horizon, scheduler: scheduler)
                let queue = try await store.dueQueue(subjectTitle: "Biology", subtopicID: subtopic?.id, horizon: horizon)
                let context = "\(engine), \(horizonDays) days, \(subtopic?.title ?? "whole subject")"
                #expect(queue.first?.id == due.first?.id, "\(context)")
                #expect(queue.first == due.first, "\(context): the whole card")
                #expect(queue.due == due.count, "\(context)")
                #expect(queue.nextDue == (due.isEmpty ? StudyQueue.nextDue(expected, after: horizon) : nil), "\(context)")
            }
        }
        #expect(all.count == 31)
        // Nothing due: the queue says when the next card falls due.
        let chemistry = try #require(try await store.studyCards(subjectTitle: "Chemistry").first)
        let reviewed = try await store.recordReview(itemID: chemistry.id, rating: .good, at: start, durationMs: 0) {
            scheduler.review($0, rating: .good, at: start)
        }
        let empty = try await store.dueQueue(subjectTitle: "Chemistry", subtopicID: nil, horizon: start)
        #expect(empty.first == nil && empty.due == 0)
        #expect(empty.nextDue.map { abs($0.timeIntervalSince(reviewed.after.state.due)) < 0.001 } == true, "\(String(describing: empty.nextDue))")
        await #expect(throws: StoreError.self) { try await store.dueQueue(subjectTitle: "Nope", subtopicID: nil, horizon: start) }
    }
}
