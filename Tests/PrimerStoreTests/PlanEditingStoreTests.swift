import Foundation
import PrimerCore
import Testing

/// Decks by hand on both engines: topics, subtopics and items added, renamed, moved and deleted
/// by their owner, and nothing of it reachable by another owner's view of the store.
@Suite struct PlanEditingStoreTests {
    @Test(arguments: Engine.allCases) func anOwnerBuildsAPlanByHandAndMovesIt(engine: Engine) async throws {
        let folder = try TempFolder()
        let base = try await engine.store(in: folder)
        let ana = try await base.createAccount(name: "Ana", email: "ana@example.com", passwordHash: "h", at: Date())
        let store = base.owned(by: ana.owner)
        let subject = try await store.createSubject(NewSubject(title: "Spanish"), at: Date())

        let verbs = try await store.addTopic(subjectID: subject.id, title: "Verbs", overview: "", at: Date())
        let nouns = try await store.addTopic(subjectID: subject.id, title: "Nouns", overview: "Things.", at: Date())
        let ser = try await store.addSubtopic(topicID: verbs, title: "Ser and estar", at: Date())
        let tener = try await store.addSubtopic(topicID: verbs, title: "Tener", at: Date())
        let food = try await store.addSubtopic(topicID: nouns, title: "Food", at: Date())
        #expect(try await store.plan(subjectID: subject.id).map(\.title) == ["Verbs", "Nouns"])

        // Titles are unique in a subject, case-insensitively; an empty subject takes its first topic.
        await #expect(throws: StoreError.self) { _ = try await store.addTopic(subjectID: subject.id, title: "verbs", overview: "", at: Date()) }
        await #expect(throws: StoreError.self) { _ = try await store.addSubtopic(topicID: nouns, title: "TENER", at: Date()) }

        // Reorder topics, move a subtopic to the other topic at the front, rename one.
        try await store.changeNode(.topic(nouns), PlanChange(position: 0), at: Date())
        try await store.changeNode(.subtopic(tener), PlanChange(title: "Tener (to have)", position: 0, topicID: nouns), at: Date())
        let plan = try await store.plan(subjectID: subject.id)
        #expect(plan.map(\.title) == ["Nouns", "Verbs"])
        #expect(plan[0].subtopics.map(\.title) == ["Tener (to have)", "Food"])
        #expect(plan[1].subtopics.map(\.id) == [ser])
        #expect(try await store.place(of: .subtopic(tener)) == PlanPlace(subjectID: subject.id, topicID: nouns, subtopicID: tener))

        // Items: added to one subtopic, placed in order into another, one deleted.
        let one = try await store.addItem(subjectID: subject.id, subtopicID: food, family: "flashcards", content: .pair(PairItem(front: "pan", back: "bread")), at: Date())
        let two = try await store.addItem(subjectID: subject.id, subtopicID: food, family: "flashcards", content: .pair(PairItem(front: "agua", back: "water")), at: Date())
        let three = try await store.addItem(subjectID: subject.id, subtopicID: ser, family: "flashcards", content: .pair(PairItem(front: "soy", back: "I am")), at: Date())
        try await store.placeItems([three, two], subtopicID: food, at: Date())
        let cards = try await store.studyCards(subjectTitle: "Spanish").filter { $0.subtopic == "Food" }
        #expect(cards.map(\.id) == [three, two, one])
        #expect(try await store.deleteNode(.item(two), at: Date()))
        #expect(try await !store.deleteNode(.item(two), at: Date()))

        // A lesson written by hand, then rewritten: the first text is its history.
        let lesson = try await store.writeLesson(subtopicID: food, family: "lesson", body: "# Food\nFirst.", at: Date())
        #expect(try await store.writeLesson(subtopicID: food, family: "lesson", body: "# Food\nSecond.", at: Date()) == lesson)
        #expect(try await store.lesson(subtopicID: food, family: "lesson") == "# Food\nSecond.")
        #expect(try await store.itemHistory(id: lesson).map(\.content) == [.lesson("# Food\nFirst.")])
        await #expect(throws: StoreError.self) { try await store.placeItems([lesson], subtopicID: food, at: Date()) }

        // An edit of a card keeps what it replaced.
        try await store.editItem(id: one, content: .pair(PairItem(front: "el pan", back: "bread")), at: Date())
        #expect(try await store.itemHistory(id: one).map(\.content) == [.pair(PairItem(front: "pan", back: "bread"))])

        // The subject itself: renamed, recoloured; a title another subject has is taken.
        _ = try await store.createSubject(NewSubject(title: "French"), at: Date())
        await #expect(throws: StoreError.self) { _ = try await store.updateSubject(id: subject.id, SubjectChange(title: "french"), at: Date()) }
        let renamed = try await store.updateSubject(id: subject.id, SubjectChange(title: "Spanish A1", color: "#3366ff"), at: Date())
        #expect(renamed.title == "Spanish A1" && renamed.color == "#3366ff" && renamed.notes == subject.notes)
        #expect(try await store.subject(titled: "spanish a1")?.id == subject.id)

        // Deleting a topic takes its subtopics and items with it.
        #expect(try await store.deleteNode(.topic(nouns), at: Date()))
        #expect(try await store.plan(subjectID: subject.id).map(\.title) == ["Verbs"])
        #expect(try await store.studyCards(subjectTitle: "Spanish A1").map(\.id) == [])
    }

    @Test(arguments: Engine.allCases) func movedItemsOutliveTheirFirstSubtopicAndHistoryOutlivesARewrite(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let subject = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"))
        let (membranes, organelles) = (plan[0].subtopics[0].id, plan[0].subtopics[1].id)
        try await store.saveContent(
            subjectID: subject.id, subtopicID: membranes, output: .pairs([PairItem(front: "Q1", back: "A1"), PairItem(front: "Q2", back: "A2")]),
            generation: generation("flashcards"))
        let generated = try await store.studyCards(subjectTitle: "Biology").map(\.id)
        #expect(generated.count == 2)

        // One generated card moved to the other subtopic: it is the learner's now, and deleting
        // the subtopic it came from (its generation goes) leaves it.
        try await store.placeItems([generated[0]], subtopicID: organelles, at: Date())
        #expect(try await store.studyCard(id: generated[0])?.edited == true)
        #expect(try await store.deleteNode(.subtopic(membranes), at: Date()))
        #expect(try await store.studyCards(subjectTitle: "Biology").map(\.id) == [generated[0]])

        // Naming the topic a subtopic is in already, without a place, moves nothing.
        let cells = plan[0].id
        let before = try await store.plan(subjectID: subject.id)
        try await store.changeNode(.subtopic(organelles), PlanChange(title: "Organelles", topicID: cells), at: Date())
        #expect(try await store.plan(subjectID: subject.id) == before)

        // Bulk deletion is all or none.
        let added = try await store.addItem(subjectID: subject.id, subtopicID: organelles, family: "flashcards", content: .pair(PairItem(front: "Q3", back: "A3")), at: Date())
        await #expect(throws: StoreError.self) { _ = try await store.deleteItems([added, 999_999], at: Date()) }
        #expect(try await store.studyCards(subjectTitle: "Biology").count == 2)
        #expect(try await store.deleteItems([added, generated[0]], at: Date()) == 2)

        // An edited card written again as a leech keeps its edits' history on the new card.
        let card = try await store.addItem(subjectID: subject.id, subtopicID: organelles, family: "flashcards", content: .pair(PairItem(front: "Q4", back: "A4")), at: Date())
        try await store.editItem(id: card, content: .pair(PairItem(front: "Q4, edited", back: "A4")), at: Date())
        let scheduler = FSRSScheduler(fuzz: false)
        _ = try await store.recordReview(itemID: card, rating: .again, at: Date(), durationMs: 0) { scheduler.review($0, rating: .again, at: Date()) }
        let outcomes = try await store.rewriteItems(
            subjectID: subject.id, subtopicID: organelles,
            replacements: [(Leech(itemID: card, subtopicID: organelles, family: "flashcards", content: .pair(PairItem(front: "Q4, edited", back: "A4")), lapses: 0, reviews: 1),
                            .pair(PairItem(front: "Q4, clearer", back: "A4")))],
            generation: generation("flashcards"))
        guard case .stored(let newID, _)? = outcomes.first else { Issue.record("the rewrite was not stored: \(outcomes)"); return }
        #expect(try await store.itemHistory(id: newID).map(\.content) == [.pair(PairItem(front: "Q4", back: "A4"))])
    }

    @Test(arguments: Engine.allCases) func anotherOwnersViewFindsNoneOfIt(engine: Engine) async throws {
        let folder = try TempFolder()
        let base = try await engine.store(in: folder)
        let ana = base.owned(by: try await base.createAccount(name: "Ana", email: "ana@example.com", passwordHash: "h", at: Date()).owner)
        let ben = base.owned(by: try await base.createAccount(name: "Ben", email: "ben@example.com", passwordHash: "h", at: Date()).owner)
        let subject = try await ana.createSubject(NewSubject(title: "Spanish"), at: Date())
        let topic = try await ana.addTopic(subjectID: subject.id, title: "Verbs", overview: "", at: Date())
        let subtopic = try await ana.addSubtopic(topicID: topic, title: "Ser", at: Date())
        let item = try await ana.addItem(subjectID: subject.id, subtopicID: subtopic, family: "flashcards", content: .pair(PairItem(front: "soy", back: "I am")), at: Date())
        let lesson = try await ana.writeLesson(subtopicID: subtopic, family: "lesson", body: "Ser.", at: Date())
        let bens = try await ben.createSubject(NewSubject(title: "Mine"), at: Date())
        let bensTopic = try await ben.addTopic(subjectID: bens.id, title: "T", overview: "", at: Date())
        let bensSubtopic = try await ben.addSubtopic(topicID: bensTopic, title: "S", at: Date())

        #expect(try await ben.ownedSubject(id: subject.id) == nil)
        for node in [PlanNode.topic(topic), .subtopic(subtopic), .item(item)] { #expect(try await ben.place(of: node) == nil) }
        await #expect(throws: StoreError.self) { _ = try await ben.updateSubject(id: subject.id, SubjectChange(title: "Taken"), at: Date()) }
        await #expect(throws: StoreError.self) { _ = try await ben.addTopic(subjectID: subject.id, title: "X", overview: "", at: Date()) }
        await #expect(throws: StoreError.self) { _ = try await ben.addSubtopic(topicID: topic, title: "X", at: Date()) }
        await #expect(throws: StoreError.self) { try await ben.changeNode(.topic(topic), PlanChange(title: "X"), at: Date()) }
        await #expect(throws: StoreError.self) { try await ben.changeNode(.subtopic(subtopic), PlanChange(topicID: bensTopic), at: Date()) }
        await #expect(throws: StoreError.self) { try await ben.placeItems([item], subtopicID: bensSubtopic, at: Date()) }
        await #expect(throws: StoreError.self) { _ = try await ben.writeLesson(subtopicID: subtopic, family: "lesson", body: "X", at: Date()) }
        await #expect(throws: StoreError.self) { _ = try await ben.itemHistory(id: lesson) }
        for node in [PlanNode.item(item), .subtopic(subtopic), .topic(topic)] { #expect(try await !ben.deleteNode(node, at: Date())) }

        // Ana's subject is as she left it.
        #expect(try await ana.ownedSubject(id: subject.id)?.title == "Spanish")
        let plan = try await ana.plan(subjectID: subject.id)
        #expect(plan.map(\.title) == ["Verbs"] && plan[0].subtopics.map(\.title) == ["Ser"])
        #expect(try await ana.studyCards(subjectTitle: "Spanish").map(\.id) == [item])
        #expect(try await ana.lesson(subtopicID: subtopic, family: "lesson") == "Ser.")
    }
}
