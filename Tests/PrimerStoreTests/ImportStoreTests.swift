import Foundation
import PrimerCore
import Testing

@testable import PrimerStore

/// The store's side of `primer import` and `primer study optimize`, on both engines: imported
/// items land in the subtopics they name (found case-insensitively or appended to the plan) with
/// their tags, memories and review logs; fitted parameters are kept per subject and per learner.
@Suite struct ImportStoreTests {
    static func history(_ times: [Date], scheduler: FSRSScheduler) -> (ItemMemory?, [ReviewLogEntry]) {
        scheduler.replay(times.map { PastReview(time: $0, rating: .good, durationMs: 4_000) })
    }

    @Test(arguments: Engine.allCases) func importedItemsLandWhereTheyNameWithTheirHistory(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        _ = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let (memory, log) = Self.history([start, start.addingTimeInterval(86_400 * 3)], scheduler: FSRSScheduler())
        let ids = try await store.importItems(
            subjectID: subject.id,
            items: [
                ImportedItem(topic: "cells", subtopic: "MEMBRANES", family: "flashcards", content: .pair(PairItem(front: "Lipid?", back: "Fat")),
                             tags: ["bio", "cells"], memory: memory, reviews: log),
                ImportedItem(topic: "Imported", subtopic: "deck", family: "cloze", content: .cloze(ClozeItem(text: "{{c1::ATP}} is energy"))),
                ImportedItem(topic: "Imported", subtopic: "Deck", family: "flashcards", content: .pair(PairItem(front: "A", back: "B"))),
            ],
            at: start.addingTimeInterval(86_400 * 10))
        #expect(ids.count == 3)

        let plan = try await store.plan(subjectID: subject.id)
        #expect(plan.map(\.title) == ["Cells", "Genetics", "Imported"])
        #expect(plan[0].subtopics.map(\.title) == ["Membranes", "Organelles"])
        #expect(plan[2].subtopics.map(\.title) == ["deck"])

        let cards = try await store.studyCards(subjectTitle: "Biology")
        let lipid = try #require(cards.first { $0.id == ids[0] })
        #expect(lipid.subtopic == "Membranes" && lipid.addedByLearner && lipid.tags == ["bio", "cells"])
        #expect(lipid.memory == memory && lipid.memory?.reps == 2)
        #expect(lipid.createdAt == start)
        #expect(cards.first { $0.id == ids[1] }?.tags == [])
        let stored = try await store.reviewLog(subjectTitle: "Biology")
        #expect(stored.map(\.itemID) == [ids[0], ids[0]])
        #expect(stored.map(\.reviewTimeMs) == log.map(\.reviewTimeMs) && stored.map(\.state) == [0, 1] && stored.map(\.durationMs) == [4_000, 4_000])
    }

    @Test(arguments: Engine.allCases) func fittedParametersArePerSubjectAndPerLearner(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let biology = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        func fit(_ first: Double) -> FittedParameters {
            var parameters = FSRSScheduler.defaultParameters
            parameters[0] = first
            return FittedParameters(
                parameters: parameters, fittedAt: Date(timeIntervalSince1970: 1_800_000_000), reviews: 120,
                defaultFit: FitQuality(logLoss: 0.35, rmse: 0.06), fittedFit: FitQuality(logLoss: 0.33, rmse: 0.04))
        }
        #expect(try await store.fittedParameters(subjectID: nil) == nil)
        try await store.saveFittedParameters(fit(0.5), subjectID: nil)
        try await store.saveFittedParameters(fit(0.7), subjectID: biology.id)
        try await store.saveFittedParameters(fit(0.9), subjectID: biology.id)
        #expect(try await store.fittedParameters(subjectID: nil) == fit(0.5))
        #expect(try await store.fittedParameters(subjectID: biology.id) == fit(0.9))

        // Another owner sees none of them.
        let ana = try await store.createAccount(name: "Ana", email: "ana@example.com", passwordHash: "h", at: Date())
        #expect(try await store.owned(by: ana.owner).fittedParameters(subjectID: nil) == nil)
        #expect(try await store.deleteSubject(title: "Biology"))
        #expect(try await store.fittedParameters(subjectID: biology.id) == nil)
        #expect(try await store.fittedParameters(subjectID: nil) == fit(0.5))
    }
}
