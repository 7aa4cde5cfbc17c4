import Foundation
@testable import PrimerApp
import PrimerCore
import PrimerTestSupport
import Testing

/// The library service as every front end calls it, on both engines: each operation works for
/// its owner, is `.notFound` for another account (and changes nothing), and refuses bad input
/// with `.invalid` or `.conflict` before anything is stored.
@Suite struct LibraryTests {
    enum Engine: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }

        func store(in folder: URL) async throws -> String {
            switch self {
            case .sqlite: folder.appendingPathComponent("library.sqlite").path
            case .postgres: try await PostgresTestServer.shared.newDatabase()
            }
        }
    }

    /// Two accounts' views of one workspace (one store).
    static func libraries(_ engine: Engine) async throws -> (ana: Library, ben: Library, anas: Workspace, bens: Workspace, folder: URL) {
        let folder = try WorkspaceStoreTests.folder()
        let workspace = try WorkspaceStoreTests.workspace(store: try await engine.store(in: folder), in: folder)
        let store = try await workspace.store()
        let ana = try await store.createAccount(name: "Ana", email: "ana@example.com", passwordHash: "h", at: Date())
        let ben = try await store.createAccount(name: "Ben", email: "ben@example.com", passwordHash: "h", at: Date())
        let anas = workspace.owned(by: ana.owner)
        let bens = workspace.owned(by: ben.owner)
        return (try await anas.library(), try await bens.library(), anas, bens, folder)
    }

    static func kind(_ body: () async throws -> Void) async -> ErrorKind? { await WorkspaceStoreTests.kind(of: body) }

    @Test(arguments: Engine.allCases) func everyOperationIsTheOwnersAndNotFoundForAnother(engine: Engine) async throws {
        let (ana, ben, anas, bens, folder) = try await Self.libraries(engine)
        defer { try? FileManager.default.removeItem(at: folder) }
        let subject = SubjectID(try await anas.createSubject(title: "Spanish").id)
        let topic = try await ana.addTopic(to: subject, title: "Verbs")
        let topicID = TopicID(topic.id)
        let subtopic = SubtopicID(try await ana.addSubtopic(to: topicID, title: "Ser").id)
        let card = try await ana.addItem(to: subtopic, content: .pair(PairItem(front: "soy", back: "I am")))
        let question = try await ana.addItem(
            to: subtopic, content: .choice(ChoiceItem(question: "Which is I am?", choices: ["soy", "eres"], correctIndex: 0, explanation: "")))
        #expect(card.family == "flashcards" && question.family == "quiz", "each shape goes to its usual family")
        let item = ItemID(card.id)
        _ = try await ana.writeLesson(subtopic, text: "# Ser\nFor what lasts.")
        _ = try await ana.edit(item, content: .pair(PairItem(front: "yo soy", back: "I am")))

        // Ben: every operation on Ana's ids is not found, and nothing changes.
        let benSubject = SubjectID(try await bens.createSubject(title: "His").id)
        let benTopic = TopicID(try await ben.addTopic(to: benSubject, title: "T").id)
        let benSubtopic = SubtopicID(try await ben.addSubtopic(to: benTopic, title: "S").id)
        let attempts: [(String, () async throws -> Void)] = [
            ("subject", { _ = try await ben.subject(subject) }),
            ("update", { _ = try await ben.update(subject, SubjectChange(title: "Ben's")) }),
            ("plan", { _ = try await ben.plan(subject) }),
            ("addTopic", { _ = try await ben.addTopic(to: subject, title: "X") }),
            ("topic", { _ = try await ben.topic(topicID) }),
            ("changeTopic", { _ = try await ben.change(topicID, PlanChange(title: "X")) }),
            ("deleteTopic", { try await ben.delete(topicID) }),
            ("addSubtopic", { _ = try await ben.addSubtopic(to: topicID, title: "X") }),
            ("changeSubtopic", { _ = try await ben.change(subtopic, PlanChange(title: "X")) }),
            ("moveSubtopicIn", { _ = try await ben.change(benSubtopic, PlanChange(topicID: topicID.rawValue)) }),
            ("deleteSubtopic", { try await ben.delete(subtopic) }),
            ("subtopicNamed", { _ = try await ben.subtopic(named: "Ser", in: subject) }),
            ("addItem", { _ = try await ben.addItem(to: subtopic, content: .pair(PairItem(front: "f", back: "b"))) }),
            ("item", { _ = try await ben.item(item) }),
            ("edit", { _ = try await ben.edit(item, content: .pair(PairItem(front: "f", back: "b"))) }),
            ("history", { _ = try await ben.history(item) }),
            ("place", { try await ben.place([item], in: subtopic) }),
            ("placeIntoOwn", { try await ben.place([item], in: benSubtopic) }),
            ("deleteItems", { _ = try await ben.delete([item]) }),
            ("writeLesson", { _ = try await ben.writeLesson(subtopic, text: "Ben's") }),
            ("lesson", { _ = try await ben.lesson(subtopic) }),
        ]
        for (name, attempt) in attempts {
            #expect(await Self.kind(attempt) == .notFound, "\(name) reached Ana's row as Ben")
        }
        #expect(try await ana.subject(subject).title == "Spanish")
        #expect(try await ana.plan(subject).map(\.title) == ["Verbs"])
        #expect(try await ana.topic(topicID).subtopics.map(\.title) == ["Ser"])
        #expect(try await ana.item(item).content == .pair(PairItem(front: "yo soy", back: "I am")))
        #expect(try await ana.history(item).map(\.content) == [.pair(PairItem(front: "soy", back: "I am"))])
        #expect(try await ana.lesson(subtopic) == "# Ser\nFor what lasts.")
        #expect(try await ben.topic(benTopic).subtopics.map(\.title) == ["S"])

        // Ana: the rest of her operations.
        let food = SubtopicID(try await ana.addSubtopic(to: topicID, title: "Food").id)
        try await ana.place([item], in: food)
        #expect(try await ana.item(item).subtopic == "Food")
        _ = try await ana.change(food, PlanChange(position: 0))
        #expect(try await ana.topic(topicID).subtopics.map(\.title) == ["Food", "Ser"])
        #expect(try await ana.delete([item, ItemID(question.id)]) == 2)
        try await ana.delete(topicID)
        #expect(try await ana.plan(subject).isEmpty)
    }

    @Test(arguments: Engine.allCases) func badInputIsRefusedBeforeAnythingIsStored(engine: Engine) async throws {
        let (ana, _, anas, _, folder) = try await Self.libraries(engine)
        defer { try? FileManager.default.removeItem(at: folder) }
        let subject = SubjectID(try await anas.createSubject(title: "Spanish").id)
        _ = try await anas.createSubject(title: "French")
        let topicID = TopicID(try await ana.addTopic(to: subject, title: "Verbs").id)
        let subtopic = SubtopicID(try await ana.addSubtopic(to: topicID, title: "Ser").id)
        let card = ItemID(try await ana.addItem(to: subtopic, content: .pair(PairItem(front: "soy", back: "I am"))).id)

        let refusals: [(String, ErrorKind, () async throws -> Void)] = [
            ("an empty topic title", .invalid, { _ = try await ana.addTopic(to: subject, title: "  ") }),
            ("a two-line title", .invalid, { _ = try await ana.addSubtopic(to: topicID, title: "a\nb") }),
            ("a topic title taken", .conflict, { _ = try await ana.addTopic(to: subject, title: "VERBS") }),
            ("a subtopic title taken", .conflict, { _ = try await ana.addSubtopic(to: topicID, title: "ser") }),
            ("a subject title taken", .conflict, { _ = try await ana.update(subject, SubjectChange(title: "french")) }),
            ("a colour not #rrggbb", .invalid, { _ = try await ana.update(subject, SubjectChange(color: "blue")) }),
            ("a change of nothing", .invalid, { _ = try await ana.change(topicID, PlanChange()) }),
            ("a negative position", .invalid, { _ = try await ana.change(topicID, PlanChange(position: -1)) }),
            ("an empty back", .invalid, { _ = try await ana.addItem(to: subtopic, content: .pair(PairItem(front: "f", back: " "))) }),
            ("one choice", .invalid, { _ = try await ana.addItem(to: subtopic, content: .choice(ChoiceItem(question: "Q", choices: ["a"], correctIndex: 0, explanation: ""))) }),
            ("a key out of the choices", .invalid, { _ = try await ana.addItem(to: subtopic, content: .choice(ChoiceItem(question: "Q", choices: ["a", "b"], correctIndex: 2, explanation: ""))) }),
            ("a cloze without a deletion", .invalid, { _ = try await ana.addItem(to: subtopic, content: .cloze(ClozeItem(text: "no deletion"))) }),
            ("a family of another shape", .invalid, { _ = try await ana.addItem(to: subtopic, family: "quiz", content: .pair(PairItem(front: "f", back: "b"))) }),
            ("a family that is not", .notFound, { _ = try await ana.addItem(to: subtopic, family: "nope", content: .pair(PairItem(front: "f", back: "b"))) }),
            ("an edit to another shape", .invalid, { _ = try await ana.edit(card, content: .cloze(ClozeItem(text: "{{c1::x}}"))) }),
            ("an empty lesson", .invalid, { _ = try await ana.writeLesson(subtopic, text: " \n") }),
            ("an item named twice", .invalid, { try await ana.place([card, card], in: subtopic) }),
            ("no items", .invalid, { _ = try await ana.delete([]) }),
            ("a mix of own and missing items", .notFound, { _ = try await ana.delete([card, ItemID(999_999)]) }),
            ("fields of no shape", .invalid, { _ = try ItemFieldsInput.content(shape: "nope", fieldsJSON: "{}") }),
            ("fields that do not fit", .invalid, { _ = try ItemFieldsInput.content(shape: "choice", fieldsJSON: #"{"question": "Q"}"#) }),
        ]
        for (what, kind, attempt) in refusals {
            #expect(await Self.kind(attempt) == kind, "\(what)")
        }
        // Nothing of it was stored.
        #expect(try await ana.plan(subject).map(\.title) == ["Verbs"])
        #expect(try await ana.topic(topicID).subtopics.map(\.title) == ["Ser"])
        let unchanged = try await ana.subject(subject)
        #expect(unchanged.title == "Spanish" && unchanged.color == "")
        #expect(try await ana.item(card).content == .pair(PairItem(front: "soy", back: "I am")))
        #expect(try await ana.lesson(subtopic) == nil)
    }

    /// A rating made now (no time given) of a card whose last review is later — another device's
    /// rating recorded first in the same moment, or a clock a little ahead — is recorded right
    /// after that review, at its time, not refused as out of order; a time the client gives is
    /// still held to the order of reviews.
    @Test(arguments: Engine.allCases) func aRatingMadeNowComesAfterTheCardsLastReview(engine: Engine) async throws {
        let (ana, _, anas, _, folder) = try await Self.libraries(engine)
        defer { try? FileManager.default.removeItem(at: folder) }
        let subject = SubjectID(try await anas.createSubject(title: "Spanish").id)
        let topic = TopicID(try await ana.addTopic(to: subject, title: "Verbs").id)
        let subtopic = SubtopicID(try await ana.addSubtopic(to: topic, title: "Ser").id)
        let item = ItemID(try await ana.addItem(to: subtopic, content: .pair(PairItem(front: "soy", back: "I am"))).id)
        let study = try await anas.study()
        // The other rating's time: ahead of this clock by as much as a review time may be.
        let ahead = Date().addingTimeInterval(30)
        let first = try await study.rate(item, .good, at: ahead)
        #expect(abs(first.reviewedAt.timeIntervalSince(ahead)) < 0.001)

        let now = try await study.rate(item, .good)
        #expect(abs(now.reviewedAt.timeIntervalSince(ahead)) < 0.001, "recorded at the last review's time, not before it")
        #expect(now.card.memory?.state.lastReview == now.reviewedAt)
        let log = try await anas.store().reviewLog(subjectTitle: "Spanish")
        #expect(log.map(\.reviewTimeMs) == [Int64((ahead.timeIntervalSince1970 * 1000).rounded()), Int64((ahead.timeIntervalSince1970 * 1000).rounded())])

        // A time given is the client's word: before the last review, it is refused, nothing stored.
        let kind = await Self.kind { _ = try await study.rate(item, .good, at: Date()) }
        #expect(kind == .invalid)
        #expect(try await anas.store().reviewLog(subjectTitle: "Spanish").count == 2)

        // A last review further ahead than a review time may be (a clock that ran ahead, a copied
        // store) is no rating of this moment: one made now is refused, not recorded there.
        let far = Date().addingTimeInterval(600)
        _ = try await anas.store().recordReview(itemID: item.rawValue, rating: .good, at: far, durationMs: 0) {
            FSRSScheduler(fuzz: false).review($0, rating: .good, at: far)
        }
        let farAhead = await Self.kind { _ = try await study.rate(item, .good) }
        #expect(farAhead == .invalid)
        #expect(try await anas.store().reviewLog(subjectTitle: "Spanish").count == 3)
    }
}
