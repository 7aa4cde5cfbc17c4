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
                let queue = try await store.dueQueue(subjectID: subject.id, subtopicID: subtopic?.id, horizon: horizon)
                let context = "\(engine), \(horizonDays) days, \(subtopic?.title ?? "whole subject")"
                #expect(queue.first?.id == due.first?.id, "\(context)")
                #expect(queue.first == due.first, "\(context): the whole card")
                #expect(queue.due == due.count, "\(context)")
                #expect(queue.nextDue == (due.isEmpty ? StudyQueue.nextDue(expected, after: horizon) : nil), "\(context)")
                #expect(queue.subjectTitle == "Biology" && queue.parameters == nil, "\(context)")
            }
        }
        #expect(all.count == 31)
        // Nothing due: the queue says when the next card falls due.
        let chemistry = try #require(try await store.studyCards(subjectTitle: "Chemistry").first)
        let reviewed = try await store.recordReview(itemID: chemistry.id, rating: .good, at: start, durationMs: 0) {
            scheduler.review($0, rating: .good, at: start)
        }
        let empty = try await store.dueQueue(subjectID: other.id, subtopicID: nil, horizon: start)
        #expect(empty.first == nil && empty.due == 0)
        #expect(empty.nextDue.map { abs($0.timeIntervalSince(reviewed.after.state.due)) < 0.001 } == true, "\(String(describing: empty.nextDue))")
        await #expect(throws: StoreError.self) { try await store.dueQueue(subjectID: other.id + 100, subtopicID: nil, horizon: start) }
        // Another owner's subject is not found, by id as by anything else.
        await #expect(throws: StoreError.self) {
            try await store.owned(by: .account(77)).dueQueue(subjectID: subject.id, subtopicID: nil, horizon: start)
        }

        // Fitted parameters schedule the subject: the learner's, then the subject's own first.
        let learner = (0..<21).map { Double($0) / 10 }
        let own = (0..<21).map { Double($0) / 5 }
        try await store.saveFittedParameters(fitted(learner), subjectID: nil)
        #expect(try await store.dueQueue(subjectID: subject.id, subtopicID: nil, horizon: start).parameters == learner)
        try await store.saveFittedParameters(fitted(own), subjectID: subject.id)
        #expect(try await store.dueQueue(subjectID: subject.id, subtopicID: nil, horizon: start).parameters == own)
        #expect(try await store.dueQueue(subjectID: subject.id, subtopicID: subtopics[0].id, horizon: start).parameters == own)
        #expect(try await store.dueQueue(subjectID: other.id, subtopicID: nil, horizon: start).parameters == learner)
        // A rating is scheduled with the same parameters, read in its own transaction.
        for (card, expected) in [(try #require(cards.first), own), (chemistry, learner)] {
            let at = start.addingTimeInterval(60 * 86_400)
            _ = try await store.recordReview(itemID: card.id, rating: .good, at: at, durationMs: 0, clientKey: nil) { before, parameters in
                guard parameters == expected else { throw StoreError.invalidWrite("scheduled with \(String(describing: parameters))") }
                return scheduler.review(before, rating: .good, at: at)
            }
        }
    }

    func fitted(_ parameters: [Double]) -> FittedParameters {
        FittedParameters(
            parameters: parameters, fittedAt: Date(timeIntervalSince1970: 1_790_000_000), reviews: 500,
            defaultFit: FitQuality(logLoss: 0.4, rmse: 0.05), fittedFit: FitQuality(logLoss: 0.35, rmse: 0.04))
    }

    /// The queue counts a subject's memories by the subject each memory state names, which the
    /// store's triggers keep (`MemorySubjects`): imported memories, ratings, a subtopic moved to
    /// another topic and an item placed in another subtopic all count where their item is.
    @Test(arguments: Engine.allCases) func importedAndMovedMemoriesCountInTheirSubject(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        func memory(dueInDays days: Double) -> ItemMemory {
            ItemMemory(
                state: MemoryState(phase: .review, step: nil, stability: 10, difficulty: 5, due: start.addingTimeInterval(days * 86_400), lastReview: start),
                reps: 1, lapses: 0)
        }
        let subject = try await store.upsertSubject(title: "Imported", notes: "", kind: .general, instructions: "")
        let items = [
            ImportedItem(topic: "A", subtopic: "One", family: "flashcards", content: .pair(PairItem(front: "due", back: "x")), memory: memory(dueInDays: -1)),
            ImportedItem(topic: "A", subtopic: "One", family: "flashcards", content: .pair(PairItem(front: "later", back: "x")), memory: memory(dueInDays: 5)),
            ImportedItem(topic: "B", subtopic: "Two", family: "flashcards", content: .pair(PairItem(front: "new", back: "x"))),
            ImportedItem(topic: "B", subtopic: "Two", family: "flashcards", content: .pair(PairItem(front: "due too", back: "x")), memory: memory(dueInDays: -2)),
        ]
        let ids = try await store.importItems(subjectID: subject.id, items: items, at: start)
        let other = try await store.upsertSubject(title: "Other", notes: "", kind: .general, instructions: "")
        _ = try await store.importItems(
            subjectID: other.id, items: [ImportedItem(topic: "C", subtopic: "Three", family: "flashcards", content: .pair(PairItem(front: "o", back: "x")), memory: memory(dueInDays: -3))],
            at: start)

        func expectQueue(_ context: String) async throws {
            let cards = try await store.studyCards(subjectTitle: "Imported")
            let due = StudyQueue.select(cards, mode: .due, now: start, scheduler: FSRSScheduler(fuzz: false))
            let queue = try await store.dueQueue(subjectID: subject.id, subtopicID: nil, horizon: start)
            #expect(queue.due == due.count && queue.due == 3, "\(context): \(queue.due)")
            #expect(queue.first?.id == due.first?.id && queue.first?.id == ids[3], "\(context)")
            let later = try await store.dueQueue(subjectID: subject.id, subtopicID: nil, horizon: start.addingTimeInterval(10 * 86_400))
            #expect(later.due == 4, "\(context): \(later.due)")
        }
        try await expectQueue("imported")
        let plan = try await store.plan(subjectID: subject.id)
        let one = try #require(plan.first { $0.title == "A" }?.subtopics.first)
        let topicB = try #require(plan.first { $0.title == "B" })
        try await store.changeNode(.subtopic(one.id), PlanChange(topicID: topicB.id), at: start)
        try await expectQueue("a subtopic moved to another topic")
        try await store.placeItems([try #require(ids[0])], subtopicID: topicB.subtopics[0].id, at: start)
        try await expectQueue("an item placed in another subtopic")
        let otherQueue = try await store.dueQueue(subjectID: other.id, subtopicID: nil, horizon: start)
        #expect(otherQueue.due == 1)
    }
}
