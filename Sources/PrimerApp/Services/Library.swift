import Foundation
import PrimerCore
import Logging
import PrimerGeneration
import PrimerProviders

/// A learner's subjects as things they build and change: the subject itself, its topics and
/// subtopics, its items of every shape and its lessons. One owner's (the workspace's: the local
/// learner or an account); every call takes typed ids and reaches the store through its
/// owner-scoped `PlanEditingStore`, so an id of another owner's row is `.notFound` here, for the
/// CLI and the server alike. Errors say what to do without naming a flag or a route.
public struct Library: Sendable {
    let store: any Store
    /// The prompt families, read when an item's family is chosen (not on every call).
    let families: @Sendable () throws -> FamilySet

    init(store: any Store, families: @escaping @Sendable () throws -> FamilySet) {
        self.store = store
        self.families = families
    }

    // MARK: Subjects

    /// The owner's subject with this id.
    public func subject(_ id: SubjectID) async throws -> StoredSubject {
        guard let subject = try await store.ownedSubject(id: id.rawValue) else { throw Self.missing("subject #\(id.rawValue)") }
        return subject
    }

    /// The owner's subject of this title (how the CLI names one).
    public func subject(titled title: String) async throws -> StoredSubject {
        guard let subject = try await store.subject(titled: title) else { throw Workspace.noSubject(title) }
        return subject
    }

    /// Changes what `change` gives (title, notes, kind, instructions, colour, icon).
    public func update(_ id: SubjectID, _ change: SubjectChange) async throws -> StoredSubject {
        if let problem = SubjectRules.problem(change) { throw WorkspaceError(problem) }
        return try await Self.mapped { try await store.updateSubject(id: id.rawValue, change, at: Date()) }
    }

    /// The subject's plan: topics with their subtopics, in order.
    public func plan(_ id: SubjectID) async throws -> [StoredTopic] {
        try await store.plan(subjectID: try await subject(id).id)
    }

    // MARK: Topics and subtopics

    public func addTopic(to subject: SubjectID, title: String, overview: String = "") async throws -> StoredTopic {
        let title = try Self.title(title, of: "topic")
        try Self.checkOverview(overview)
        let id = try await Self.mapped { try await store.addTopic(subjectID: subject.rawValue, title: title, overview: overview, at: Date()) }
        return try await topic(TopicID(id))
    }

    public func addSubtopic(to topic: TopicID, title: String) async throws -> StoredSubtopic {
        let title = try Self.title(title, of: "subtopic")
        let id = try await Self.mapped { try await store.addSubtopic(topicID: topic.rawValue, title: title, at: Date()) }
        return StoredSubtopic(id: id, title: title)
    }

    /// The owner's topic with this id, with its subtopics.
    public func topic(_ id: TopicID) async throws -> StoredTopic {
        guard let place = try await store.place(of: .topic(id.rawValue)),
            let topic = try await store.plan(subjectID: place.subjectID).first(where: { $0.id == id.rawValue })
        else { throw Self.missing("topic #\(id.rawValue)") }
        return topic
    }

    /// Renames a topic, rewrites its overview or moves it (`position`, 0 first).
    public func change(_ topic: TopicID, _ change: PlanChange) async throws -> StoredTopic {
        let change = try Self.checked(change, of: "topic")
        try await Self.mapped { try await store.changeNode(.topic(topic.rawValue), change, at: Date()) }
        return try await self.topic(topic)
    }

    /// Renames a subtopic or moves it (`position`, 0 first; `topicID`, another topic of its subject).
    public func change(_ subtopic: SubtopicID, _ change: PlanChange) async throws -> PlanPlace {
        let change = try Self.checked(change, of: "subtopic")
        try await Self.mapped { try await store.changeNode(.subtopic(subtopic.rawValue), change, at: Date()) }
        return try await place(of: subtopic)
    }

    /// The subject's subtopic of this title (case-insensitively).
    public func subtopic(named title: String, in subject: SubjectID) async throws -> SubtopicID {
        let stored = try await self.subject(subject)
        return SubtopicID(try await Workspace.subtopic(title, of: stored, in: store).id)
    }

    /// The subject's topic of this title (case-insensitively).
    public func topic(named title: String, in subject: SubjectID) async throws -> TopicID {
        let topics = try await plan(subject)
        guard let topic = topics.first(where: { $0.title.lowercased() == title.lowercased() }) else {
            throw WorkspaceError(.notFound, "'\(try await self.subject(subject).title)' has no topic '\(title)'; its topics are: \(topics.map(\.title).joined(separator: "; "))")
        }
        return TopicID(topic.id)
    }

    /// Where the owner's subtopic is (its subject and topic).
    public func place(of subtopic: SubtopicID) async throws -> PlanPlace {
        guard let place = try await store.place(of: .subtopic(subtopic.rawValue)) else { throw Self.missing("subtopic #\(subtopic.rawValue)") }
        return place
    }

    /// Deletes a topic with its subtopics and their items (reviews stay in the log).
    public func delete(_ topic: TopicID) async throws {
        guard try await store.deleteNode(.topic(topic.rawValue), at: Date()) else { throw Self.missing("topic #\(topic.rawValue)") }
    }

    /// Deletes a subtopic with its items (reviews stay in the log).
    public func delete(_ subtopic: SubtopicID) async throws {
        guard try await store.deleteNode(.subtopic(subtopic.rawValue), at: Date()) else { throw Self.missing("subtopic #\(subtopic.rawValue)") }
    }

    // MARK: Items

    /// Adds an item the learner wrote, of any shape, to a subtopic: in `family` when given (a
    /// family of that shape), else in the usual family of its shape.
    public func addItem(to subtopic: SubtopicID, family: String? = nil, content: ItemContent) async throws -> StudyCard {
        if let problem = ItemRules.problem(content) { throw WorkspaceError(problem) }
        let family = try self.family(family, for: content.shape)
        let place = try await place(of: subtopic)
        let id = try await Self.mapped {
            try await store.addItem(subjectID: place.subjectID, subtopicID: subtopic.rawValue, family: family, content: content, at: Date())
        }
        return try await item(ItemID(id))
    }

    /// The owner's item with this id, with its schedule.
    public func item(_ id: ItemID) async throws -> StudyCard {
        // The store reads the owner's items only (`studyCard(id:)` of an owned store).
        guard let card = try await store.studyCard(id: id.rawValue) else {
            throw Self.missing("item \(ItemKey.of(id.rawValue))")
        }
        return card
    }

    /// Replaces an item's fields (of its own shape); its schedule stays, and the text it had goes
    /// to its history.
    public func edit(_ id: ItemID, content: ItemContent) async throws -> StudyCard {
        let card = try await item(id)
        if card.content.shape == .lesson { throw WorkspaceError("item \(card.key) is a lesson; write it as its subtopic's lesson") }
        guard content.shape == card.content.shape else {
            throw WorkspaceError("item \(card.key) is a \(card.content.shape) item; send its fields as a \(card.content.shape), not a \(content.shape)")
        }
        if let problem = ItemRules.problem(content) { throw WorkspaceError(problem) }
        try await Self.mapped { try await store.editItem(id: id.rawValue, content: content, at: Date()) }
        return try await item(id)
    }

    /// What each edit of an item replaced, newest first.
    public func history(_ id: ItemID) async throws -> [ItemRevision] {
        try await Self.mapped { try await store.itemHistory(id: id.rawValue) }
    }

    /// Puts items into a subtopic of their subject, in this order (first in their family); moves
    /// and reorders alike. Nothing moves unless every id is the owner's and in that subject.
    public func place(_ items: [ItemID], in subtopic: SubtopicID) async throws {
        guard !items.isEmpty else { throw WorkspaceError("name at least one item to place") }
        guard Set(items).count == items.count else { throw WorkspaceError("an item is named twice; name each once, in the order wanted") }
        try await Self.mapped { try await store.placeItems(items.map(\.rawValue), subtopicID: subtopic.rawValue, at: Date()) }
    }

    /// Deletes items with their schedules (reviews stay in the log): all of them, or — when one
    /// is not the owner's or is a lesson — none.
    public func delete(_ items: [ItemID]) async throws -> Int {
        guard !items.isEmpty else { throw WorkspaceError("name at least one item to delete") }
        return try await Self.mapped { try await store.deleteItems(items.map(\.rawValue), at: Date()) }
    }

    /// Writes the subtopic's lesson (Markdown), made when it has none; the earlier text goes to
    /// its history.
    public func writeLesson(_ subtopic: SubtopicID, text: String, family: String = "lesson") async throws -> ItemID {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw WorkspaceError("a lesson needs text") }
        guard text.count <= 100_000 else { throw WorkspaceError("a lesson is at most 100,000 characters; this one has \(text.count)") }
        if let problem = StoredText.problem(in: text, field: "the lesson") { throw WorkspaceError(problem) }
        let family = try self.family(family, for: .lesson)
        return ItemID(try await Self.mapped { try await store.writeLesson(subtopicID: subtopic.rawValue, family: family, body: text, at: Date()) })
    }

    /// The subtopic's lesson, nil when it has none.
    public func lesson(_ subtopic: SubtopicID, family: String = "lesson") async throws -> String? {
        _ = try await place(of: subtopic)
        return try await store.lesson(subtopicID: subtopic.rawValue, family: FamilyAlias.canonical(family))
    }

    /// What each edit of the subtopic's lesson replaced, newest first (none when it has no lesson).
    public func lessonHistory(_ subtopic: SubtopicID, family: String = "lesson") async throws -> [ItemRevision] {
        _ = try await place(of: subtopic)
        guard let id = try await store.lessonID(subtopicID: subtopic.rawValue, family: FamilyAlias.canonical(family)) else { return [] }
        return try await history(ItemID(id))
    }

    /// The subject a topic is in.
    public func topicSubject(_ topic: TopicID) async throws -> SubjectID {
        guard let place = try await store.place(of: .topic(topic.rawValue)) else { throw Self.missing("topic #\(topic.rawValue)") }
        return SubjectID(place.subjectID)
    }

    // MARK: Rules

    /// `name` when it is a declared family of `shape`; without a name, the usual family of the
    /// shape (`flashcards`, `quiz`, `cloze`, `lesson`, or the shape's own name), else the first
    /// declared one.
    func family(_ name: String?, for shape: Shape) throws -> String {
        let families = try self.families()
        let ofShape = families.families.filter { $0.shape == shape }.map(\.name)
        if let name {
            let name = FamilyAlias.canonical(name)
            guard let declared = families.family(named: name) else {
                throw WorkspaceError(.notFound, "there is no family '\(name.excerpt(40))'; families of \(shape) items: \(ofShape.joined(separator: ", "))")
            }
            guard declared.shape == shape else {
                throw WorkspaceError("family '\(declared.name)' holds \(declared.shape) items, not \(shape) items; families of \(shape) items: \(ofShape.joined(separator: ", "))")
            }
            return declared.name
        }
        let usual = ["pair": "flashcards", "choice": "quiz", "cloze": "cloze", "lesson": "lesson"][shape.rawValue] ?? shape.rawValue
        if ofShape.contains(usual) { return usual }
        guard let first = ofShape.first else { throw WorkspaceError(.notFound, "no family of these prompts holds \(shape) items") }
        return first
    }

    static func title(_ title: String, of what: String) throws -> String {
        if let problem = PlanOrder.titleProblem(title, of: what) { throw WorkspaceError(problem) }
        return title.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func checked(_ change: PlanChange, of what: String) throws -> PlanChange {
        guard !change.isEmpty else { throw WorkspaceError("say what to change: the title, the position\(what == "topic" ? " or the overview" : " or the topic")") }
        var checked = change
        if let title = change.title { checked.title = try Self.title(title, of: what) }
        if let position = change.position, position < 0 { throw WorkspaceError("a position is 0 (first) or more, not \(position)") }
        if let overview = change.overview { try checkOverview(overview) }
        return checked
    }

    static func checkOverview(_ overview: String) throws {
        if overview.count > 2_000 { throw WorkspaceError("an overview is at most 2,000 characters; this one has \(overview.count)") }
        if let problem = StoredText.problem(in: overview, field: "the overview") { throw WorkspaceError(problem) }
    }

    static func missing(_ what: String) -> WorkspaceError { WorkspaceError(.notFound, "there is no \(what)") }

    /// The store's refusals as the services word them: `taken` is a conflict, `notFound` is
    /// missing (another owner's row is missing too).
    @discardableResult
    static func mapped<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as StoreError {
            switch error {
            case .taken: throw WorkspaceError(.conflict, "\(error)")
            case .notFound(let what): throw missing(what)
            case .invalidWrite(let why): throw WorkspaceError(why)
            default: throw error
            }
        }
    }
}

extension Workspace {
    /// The owner's subjects to build and change (`Library`).
    public func library() async throws -> Library {
        let (locations, config) = (locations, config)
        return Library(store: try await store(), families: { try locations.families(config: config) })
    }
}

extension Workspace {
    /// The accounts of a server on this workspace's store (sign-up, login, sessions, limits).
    public func accounts(policy: ServerPolicy) async throws -> Accounts {
        Accounts(store: try await store(), policy: policy)
    }

    /// The generation jobs of a server on this workspace's store, run as their owners.
    public func generationJobs(policy: ServerPolicy, logger: Logger, slots: Int = 2) async throws -> GenerationJobs {
        GenerationJobs(workspace: self, store: try await store(), policy: policy, logger: logger, slots: slots)
    }
}
