import Foundation
import PrimerCore
import Testing
@testable import PrimerStore

@Suite struct KitStoreTests {
    @Test(arguments: Engine.allCases) func upsertIsCaseInsensitive(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let first = try await store.upsertSubject(title: "Spanish", notes: "A2", kind: .language, instructions: "")
        let second = try await store.upsertSubject(title: "  SPANISH ", notes: "B1", kind: .language, instructions: "informal")
        #expect(first.id == second.id)
        #expect(second.title == "Spanish")
        #expect(second.notes == "B1" && second.instructions == "informal")
        #expect(try await store.subject(titled: "spanish") == second)
        #expect(try await store.subject(titled: "French") == nil)
        let accented = try await store.upsertSubject(title: "Économie", notes: "", kind: .general, instructions: "")
        #expect(try await store.upsertSubject(title: "ÉCONOMIE", notes: "", kind: .general, instructions: "").id == accented.id)
        #expect(try await store.counts()[.subjects] == 2)
    }

    @Test(arguments: Engine.allCases) func planIsStoredInOrder(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        #expect(try await store.plan(subjectID: subject.id).isEmpty)
        let stored = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        #expect(stored.map(\.title) == ["Cells", "Genetics"])
        #expect(stored[0].overview == "What cells are.")
        #expect(stored[1].subtopics.map(\.title) == ["DNA", "Inheritance", "Mutations"])
        #expect(try await store.plan(subjectID: subject.id) == stored)
    }

    @Test(arguments: Engine.allCases) func fullKitRoundTrip(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(
            title: "Biology", notes: "first year", kind: .general, instructions: "be brief")
        let plan = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let membranes = plan[0].subtopics[0]
        let web = [
            Citation(url: "https://a.example", title: "A", snippet: "a"),
            Citation(url: "https://b.example", title: "B"),
        ]
        let cards = [PairItem(front: "Lipid bilayer", back: "Two layers"), PairItem(front: "Osmosis", back: "Water")]
        let quiz = [
            ChoiceItem(question: "What crosses?", choices: ["Water", "Ions", "Proteins", "None"], correctIndex: 0,
                         explanation: "Small molecules.")
        ]
        let terms = [PairItem(front: "bilayer", back: "two layers"), PairItem(front: "osmosis", back: "water moves")]
        try await store.saveContent(
            subjectID: subject.id, subtopicID: membranes.id, output: .lesson("# Membranes"),
            generation: generation("lesson", citations: web))
        try await store.saveContent(
            subjectID: subject.id, subtopicID: membranes.id, output: .pairs(cards),
            generation: generation("flashcards", citations: [web[1], Citation(url: "https://c.example")]))
        try await store.saveContent(
            subjectID: subject.id, subtopicID: membranes.id, output: .choices(quiz), generation: generation("quiz"))
        let rejected = [
            AttemptRecord(number: 1, status: .rejected, reasons: ["only 2 terms"], dropped: ["x"], latencyMs: 5),
            AttemptRecord(number: 2, status: .accepted, usage: TokenUsage(promptTokens: 7), cost: 0.5),
        ]
        try await store.saveContent(
            subjectID: subject.id, subtopicID: membranes.id, output: .pairs(terms),
            generation: generation("terms", attempts: rejected))
        try await store.recordFailure(
            subjectID: subject.id, subtopicID: plan[0].subtopics[1].id,
            generation: generation("lesson", status: .failed, error: "provider 'mock': boom"))

        #expect(try await store.lesson(subtopicID: membranes.id, family: "lesson") == "# Membranes")
        #expect(try await store.lesson(subtopicID: membranes.id, family: "grammar-lesson") == nil)
        // Read in plan order: what the subtopics before the one named stored, nothing after it.
        let next = plan[0].subtopics[1].id, last = plan[1].subtopics[2].id
        #expect(try await store.glossary(subjectID: subject.id, family: "terms", before: next) == ["bilayer", "osmosis"])
        #expect(try await store.glossary(subjectID: subject.id, family: "flashcards", before: last) == cards.map(\.front))
        #expect(try await store.glossary(subjectID: subject.id, family: "terms", before: membranes.id).isEmpty)
        #expect(try await store.subjectItems(subjectID: subject.id, seenFrom: membranes.id).isEmpty)
        #expect(try await store.subjectItems(subjectID: subject.id, seenFrom: next).count == 5)
        #expect(try await store.subjectItems(subjectID: subject.id).count == 5)
        #expect(try await store.completedFamilies(subtopicID: membranes.id) == ["lesson", "flashcards", "quiz", "terms"])
        #expect(try await store.completedFamilies(subtopicID: plan[0].subtopics[1].id).isEmpty)

        let kit = try #require(try await store.kit(subjectTitle: "BIOLOGY"))
        #expect(kit.subject == KitSubject(title: "Biology", kind: .general, notes: "first year", instructions: "be brief"))
        #expect(kit.topics.map(\.title) == ["Cells", "Genetics"])
        #expect(kit.topics[1].subtopics.map(\.title) == ["DNA", "Inheritance", "Mutations"])
        let first = kit.topics[0].subtopics[0]
        #expect(first.lesson == "# Membranes")
        #expect(first.pairs("flashcards") == cards)
        #expect(first.choices("quiz") == quiz)
        #expect(first.pairs("terms") == terms)
        #expect(first.sources.map(\.url) == ["https://a.example", "https://b.example", "https://c.example"])
        #expect(first.sources[0] == web[0])
        #expect(first.generations.map(\.family) == ["lesson", "flashcards", "quiz", "terms"])
        #expect(first.generations[0].promptTokens == 100 && first.generations[0].cost == 0.002)
        #expect(first.generations[3].attempts == 2 && first.generations[3].cost == 0.5)
        let failed = kit.topics[0].subtopics[1]
        #expect(failed.lesson == nil && failed.pairs("flashcards").isEmpty)
        #expect(failed.generations.map(\.status) == ["failed"])
        #expect(failed.generations[0].error == "provider 'mock': boom")

        let generations = try await store.generations(subjectTitle: "biology")
        #expect(generations.map(\.family) == ["plan", "lesson", "flashcards", "quiz", "terms", "lesson"])
        #expect(generations[0].subtopicID == nil && generations[0].subtopicTitle == nil)
        #expect(generations[1].subtopicTitle == "Membranes")
        #expect(generations[1].familyHash == "hash-lesson" && generations[1].cachedPromptTokens == 10)
        let attempts = try await store.attempts(generationID: generations[4].id)
        #expect(attempts.map(\.status) == [.rejected, .accepted])
        #expect(attempts[0].reasons == ["only 2 terms"] && attempts[0].dropped == ["x"])
        #expect(attempts[1].promptTokens == 7 && attempts[1].cost == 0.5 && attempts[0].finishReason == nil)

        let summary = try #require(try await store.listSubjects().first)
        #expect(summary.title == "Biology" && summary.kind == .general)
        #expect(summary.topics == 2 && summary.subtopics == 5 && summary.lessons == 1)
        #expect(summary.families == [
            FamilyCount(family: "lesson", shape: .lesson, items: 1), FamilyCount(family: "flashcards", shape: .pair, items: 2),
            FamilyCount(family: "quiz", shape: .choice, items: 1), FamilyCount(family: "terms", shape: .pair, items: 2),
        ])
        #expect(summary.items == 5)
        #expect(summary.updatedAt >= summary.createdAt)

        // The kit is what `show --format json` emits: it survives a JSON round trip.
        let json = try JSONEncoder().encode(kit)
        #expect(try JSONDecoder().decode(Kit.self, from: json) == kit)
        #expect(try await store.kit(subjectTitle: "Chemistry") == nil)
    }

    @Test(arguments: Engine.allCases) func replacePlanCascades(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let subtopic = plan[1].subtopics[0].id
        try await store.saveContent(
            subjectID: subject.id, subtopicID: subtopic, output: .lesson("DNA"),
            generation: generation("lesson", citations: [Citation(url: "https://dna.example")]))
        try await store.saveContent(
            subjectID: subject.id, subtopicID: subtopic, output: .pairs([PairItem(front: "A", back: "T")]),
            generation: generation("flashcards"))
        try await store.recordFailure(subjectID: subject.id, subtopicID: subtopic, generation: generation("quiz", status: .failed))
        let before = try await store.counts()
        #expect(before[.topics] == 2 && before[.subtopics] == 5)
        #expect(before[.generations] == 4 && before[.attempts] == 4 && before[.citations] == 1)
        #expect(before[.items] == 2)

        let newPlan = Plan(topics: [PlanTopic(title: "Evolution", subtopics: ["Selection"])])
        let stored = try await store.replacePlan(subjectID: subject.id, plan: newPlan, generation: generation("plan"))
        #expect(stored.map(\.title) == ["Evolution"])
        let after = try await store.counts()
        #expect(after[.subjects] == 1)
        #expect(after[.topics] == 1 && after[.subtopics] == 1)
        // Both plan generations stay (they belong to the subject); subtopic ones went with their subtopic.
        #expect(after[.generations] == 2 && after[.attempts] == 2 && after[.citations] == 0)
        #expect(after[.items] == 0)
        // The counts the store reports are the rows in the file.
        if engine == .sqlite { #expect(try rawCounts(folder.path("primer.sqlite")) == after) }
    }

    @Test(arguments: Engine.allCases) func deleteSubjectRemovesEverything(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let keep = try await store.upsertSubject(title: "Keep", notes: "", kind: .general, instructions: "")
        _ = try await store.replacePlan(subjectID: keep.id, plan: samplePlan, generation: generation("plan"))
        let keepCounts = try await store.counts()

        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(
            subjectID: subject.id, plan: samplePlan,
            generation: generation("plan", citations: [Citation(url: "https://plan.example")]))
        let subtopic = plan[0].subtopics[0].id
        try await store.saveContent(
            subjectID: subject.id, subtopicID: subtopic, output: .lesson("N"),
            generation: generation("lesson", citations: [Citation(url: "https://n.example")]))
        try await store.saveContent(
            subjectID: subject.id, subtopicID: subtopic, output: .pairs([PairItem(front: "F", back: "B")]),
            generation: generation("flashcards"))
        try await store.saveContent(
            subjectID: subject.id, subtopicID: subtopic,
            output: .choices([ChoiceItem(question: "Q", choices: ["a", "b", "c", "d"], correctIndex: 1, explanation: "")]),
            generation: generation("quiz"))
        try await store.saveContent(
            subjectID: subject.id, subtopicID: subtopic, output: .pairs([PairItem(front: "t", back: "d")]),
            generation: generation("terms"))
        try await store.recordFailure(subjectID: subject.id, subtopicID: nil, generation: generation("plan", status: .failed))
        try await store.addDocument(subjectID: subject.id, name: "a.md", format: "md", text: "t", contentHash: "h")
        // The learner's state of Biology: a review, a known mark, a quiz.
        let cards = try await store.studyCards(subjectTitle: "Biology")
        let card = try #require(cards.first { $0.family == "flashcards" })
        let question = try #require(cards.first { $0.content.shape == .choice })
        let scheduler = FSRSScheduler(fuzz: false)
        _ = try await store.recordReview(itemID: card.id, rating: .good, at: Date(), durationMs: 900) {
            scheduler.review($0, rating: .good, at: Date())
        }
        try await store.setKnown(itemID: card.id, known: true, at: Date())
        // An edit: what it replaced is the card's history.
        try await store.editItem(id: card.id, content: .pair(PairItem(front: "Q, edited", back: "A")), at: Date())
        try await store.recordQuiz(
            QuizAttempt(
                subject: "Biology", subtopic: nil, takenAt: Date(),
                answers: [QuizResponse(itemID: question.id, question: "Q", chosen: 1, correctIndex: 1)], passPercent: 70),
            rating: { _ in .good }, schedule: { memory, rating in scheduler.review(memory, rating: rating, at: Date()) })
        // A leech written again: the rewrite's provenance row.
        let term = try #require(cards.first { $0.family == "terms" })
        _ = try await store.recordReview(itemID: term.id, rating: .again, at: Date(), durationMs: 0) {
            scheduler.review($0, rating: .again, at: Date())
        }
        _ = try await store.rewriteItems(
            subjectID: subject.id, subtopicID: subtopic,
            replacements: [(Leech(itemID: term.id, subtopicID: subtopic, family: "terms", content: term.content, lapses: 0, reviews: 1),
                            .pair(PairItem(front: "t", back: "a clearer d")))],
            generation: generation("terms"))
        // Parameters fitted to Biology's log go with it.
        try await store.saveFittedParameters(
            FittedParameters(
                parameters: FSRSScheduler.defaultParameters, fittedAt: Date(), reviews: 2, defaultFit: FitQuality(logLoss: 0.3, rmse: 0.05),
                fittedFit: FitQuality(logLoss: 0.29, rmse: 0.04)),
            subjectID: subject.id)
        let full = try await store.counts()
        for table in KitTable.allCases {
            #expect(full[table]! > keepCounts[table]!, "\(table) should have rows of Biology")
        }

        #expect(try await store.deleteSubject(title: "biology"))
        #expect(try await store.counts() == keepCounts)
        #expect(try await store.deleteSubject(title: "biology") == false)
        #expect(try await store.subject(titled: "Keep") != nil)
        #expect(try await store.listSubjects().map(\.title) == ["Keep"])
    }

    @Test(arguments: Engine.allCases) func recordFailureStoresNoContent(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let subtopic = plan[0].subtopics[0].id
        let attempts = [
            AttemptRecord(number: 1, status: .rejected, reasons: ["too short"]),
            AttemptRecord(number: 2, status: .error, reasons: ["provider 'mock': timeout"]),
        ]
        try await store.recordFailure(
            subjectID: subject.id, subtopicID: subtopic,
            generation: generation(
                "lesson", status: .failed, attempts: attempts, citations: [Citation(url: "https://x.example")],
                error: "gave up after 2 attempts"))
        let counts = try await store.counts()
        #expect(counts[.generations] == 2 && counts[.attempts] == 3)
        #expect(counts[.items] == 0)
        #expect(counts[.citations] == 0)
        #expect(try await store.completedFamilies(subtopicID: subtopic).isEmpty)
        #expect(try await store.lesson(subtopicID: subtopic, family: "lesson") == nil)
        let failed = try #require(try await store.generations(subjectTitle: "Biology").last)
        #expect(failed.status == .failed && failed.error == "gave up after 2 attempts" && failed.attempts == 2)
        #expect(try await store.attempts(generationID: failed.id).map(\.reasons) == [["too short"], ["provider 'mock': timeout"]])
    }

    @Test(arguments: Engine.allCases) func saveContentNeverReplacesAStoredFamily(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let subtopic = plan[0].subtopics[0].id
        #expect(try await store.saveContent(
            subjectID: subject.id, subtopicID: subtopic, output: .lesson("first"),
            generation: generation("lesson", citations: [Citation(url: "https://first.example")])))
        #expect(try await store.saveContent(
            subjectID: subject.id, subtopicID: subtopic, output: .pairs([PairItem(front: "1", back: "1")]),
            generation: generation("flashcards")))
        // A second run's answers for the same families (it raced the first one) are not kept.
        await #expect(try !store.saveContent(
            subjectID: subject.id, subtopicID: subtopic, output: .lesson("second"),
            generation: generation("lesson", citations: [Citation(url: "https://second.example")])))
        await #expect(try !store.saveContent(
            subjectID: subject.id, subtopicID: subtopic, output: .pairs([PairItem(front: "2", back: "2")]),
            generation: generation("flashcards")))
        let stored = try #require(try await store.kit(subjectTitle: "Biology")).topics[0].subtopics[0]
        #expect(stored.lesson == "first")
        #expect(stored.pairs("flashcards") == [PairItem(front: "1", back: "1")])
        #expect(stored.sources.map(\.url) == ["https://first.example"])
        // The discarded answers stay as provenance (their calls and tokens were spent), marked so.
        let rows = try await store.generations(subjectTitle: "Biology").filter { $0.subtopicID == subtopic }
        #expect(rows.map(\.status) == [.ok, .ok, .failed, .failed])
        #expect(rows.last?.error?.contains("another run stored this flashcards first") == true)
    }

    @Test(arguments: Engine.allCases) func aPlanIsReplacedOnlyWhenAskedTo(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let first = try await store.storePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"), replacing: false)
        let other = Plan(topics: [PlanTopic(title: "Ecology", overview: "", subtopics: ["Food webs"])])
        let kept = try await store.storePlan(subjectID: subject.id, plan: other, generation: generation("plan"), replacing: false)
        #expect(kept == first)
        let replaced = try await store.storePlan(subjectID: subject.id, plan: other, generation: generation("plan"), replacing: true)
        #expect(replaced.map(\.title) == ["Ecology"])
    }

    @Test(arguments: Engine.allCases) func invalidWritesAreRefused(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let biology = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let chemistry = try await store.upsertSubject(title: "Chemistry", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(subjectID: biology.id, plan: samplePlan, generation: generation("plan"))
        let subtopic = plan[0].subtopics[0].id
        await #expect(throws: StoreError.self) {
            try await store.saveContent(
                subjectID: chemistry.id, subtopicID: subtopic, output: .lesson("x"), generation: generation("lesson"))
        }
        await #expect(throws: StoreError.self) {
            try await store.saveContent(
                subjectID: biology.id, subtopicID: subtopic, output: .plan(samplePlan), generation: generation("plan"))
        }
        await #expect(throws: StoreError.self) {
            try await store.replacePlan(subjectID: 999, plan: samplePlan, generation: generation("plan"))
        }
        await #expect(throws: StoreError.self) {
            try await store.upsertSubject(title: "  ", notes: "", kind: .general, instructions: "")
        }
        let counts = try await store.counts()
        #expect(counts[.generations] == 1 && counts[.items] == 0)
    }
}
