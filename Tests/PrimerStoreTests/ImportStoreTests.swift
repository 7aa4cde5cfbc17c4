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

    /// More items than one batch of PostgreSQL's import (`importBatch`), in two subtopics and
    /// two families, some repeated: every new item gets its id, in the order given, after what
    /// the subtopic held, each with its memory (a new card's step and a learnt one's stability
    /// alike) and its reviews; a repeat gets none.
    @Test(arguments: Engine.allCases) func aLargeImportKeepsOrderMemoryAndReviews(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Deck", notes: "", kind: .general, instructions: "")
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let scheduler = FSRSScheduler()
        let (learnt, log) = Self.history([start, start.addingTimeInterval(86_400 * 2)], scheduler: scheduler)
        let learning = ItemMemory(state: MemoryState(phase: .learning, step: 1, stability: nil, difficulty: nil, due: start, lastReview: nil), reps: 0, lapses: 0)
        var items: [ImportedItem] = []
        for n in 0..<2_300 {
            let content = n % 3 == 0 ? ItemContent.cloze(ClozeItem(text: "{{c1::Fact \(n)}} holds")) : .pair(PairItem(front: "Q\(n)", back: "A\(n)"))
            items.append(ImportedItem(
                topic: "Imported", subtopic: n < 1_200 ? "Part 1" : "Part 2", family: n % 3 == 0 ? "cloze" : "flashcards", content: content,
                memory: n % 2 == 0 ? learnt : learning, reviews: n % 2 == 0 ? log : []))
        }
        items.insert(items[5], at: 1_500)  // a repeat, skipped
        let ids = try await store.importItems(subjectID: subject.id, items: items, at: start.addingTimeInterval(86_400 * 5))
        #expect(ids.count == 2_301 && ids[1_500] == nil && ids.compactMap { $0 }.count == 2_300)
        #expect(Set(ids.compactMap { $0 }).count == 2_300)
        let cards = try await store.studyCards(subjectTitle: "Deck")
        let byID = Dictionary(uniqueKeysWithValues: cards.map { ($0.id, $0) })
        for (index, id) in ids.enumerated() {
            guard let id else { continue }
            let n = index < 1_500 ? index : index - 1
            let card = try #require(byID[id])
            #expect(card.content == items[index].content, "item \(n) is where it was given")
            #expect(card.memory == (n % 2 == 0 ? learnt : learning), "item \(n)'s memory")
        }
        // Each family's positions follow the import's order within its subtopic.
        let part1 = cards.filter { $0.subtopic == "Part 1" && $0.family == "flashcards" }
        #expect(part1.map(\.id) == part1.map(\.id).sorted())
        let stored = try await store.reviewLog(subjectTitle: "Deck")
        #expect(stored.count == 1_150 * 2)
        #expect(Set(stored.map(\.itemID)) == Set(ids.enumerated().compactMap { index, id in ((index < 1_500 ? index : index - 1) % 2 == 0) ? id : nil }))
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
