import Foundation

/// Decks by hand: a learner's changes to a subject, its plan and its items. Every call acts as
/// the store view's `owner`, in SQL: an id of another owner's subject, topic, subtopic or item
/// is `StoreError.notFound`, exactly as an id that does not exist — so no front end can reach
/// another account's rows through these calls, whatever it checked before.
public protocol PlanEditingStore: Sendable {
    /// The owner's subject with this id; nil when there is none or it is another owner's.
    func ownedSubject(id: Int64) async throws -> StoredSubject?
    /// Where the owner's topic, subtopic or item is; nil when there is none or it is another owner's.
    func place(of node: PlanNode) async throws -> PlanPlace?
    /// Changes what `change` gives; `StoreError.taken` when the owner has another subject of the new title.
    func updateSubject(id: Int64, _ change: SubjectChange, at date: Date) async throws -> StoredSubject
    /// A topic at the end of the subject's plan; `StoreError.taken` when the subject has a topic of this title.
    func addTopic(subjectID: Int64, title: String, overview: String, at date: Date) async throws -> Int64
    /// A subtopic at the end of the topic; `StoreError.taken` when the subject has a subtopic of this title.
    func addSubtopic(topicID: Int64, title: String, at date: Date) async throws -> Int64
    /// Renames, moves (to `position`, 0 first; a subtopic also to another topic of its subject) or
    /// rewrites a topic's overview.
    func changeNode(_ node: PlanNode, _ change: PlanChange, at date: Date) async throws
    /// Deletes a topic or a subtopic with everything under it (items and their schedules; reviews
    /// stay in the log), or an item (not a lesson). False when there was none of the owner's.
    /// An item moved out of the deleted part stays (it loses its generation, deleted with it).
    func deleteNode(_ node: PlanNode, at date: Date) async throws -> Bool
    /// Deletes the items (not lessons) in one transaction: all of them, or — when one is not the
    /// owner's (`notFound`) or is a lesson (`invalidWrite`) — none. Returns how many.
    func deleteItems(_ ids: [Int64], at date: Date) async throws -> Int
    /// Puts the items (of the owner's subject of the subtopic) into the subtopic in this order:
    /// in each family the listed items come first, then the family's other items as they were.
    /// A lesson is not moved. An item moved from another subtopic becomes the learner's (its
    /// `edited_at` is set): regenerating either subtopic keeps it. `StoreError.notFound` names the first id that is not the owner's.
    func placeItems(_ ids: [Int64], subtopicID: Int64, at date: Date) async throws
    /// Writes the lesson of the subtopic in `family` (made when missing); the previous text goes
    /// to the item's history.
    func writeLesson(subtopicID: Int64, family: String, body: String, at date: Date) async throws -> Int64
    /// The id of the subtopic's lesson in `family`; nil when it has none or is another owner's.
    func lessonID(subtopicID: Int64, family: String) async throws -> Int64?
    /// The earlier texts of an item, newest first (what each edit replaced).
    func itemHistory(id: Int64) async throws -> [ItemRevision]
}

/// A topic, a subtopic or an item, by id.
public enum PlanNode: Sendable, Hashable, CustomStringConvertible {
    case topic(Int64)
    case subtopic(Int64)
    case item(Int64)

    public var description: String {
        switch self {
        case .topic(let id): "topic #\(id)"
        case .subtopic(let id): "subtopic #\(id)"
        case .item(let id): "item \(ItemKey.of(id))"
        }
    }
}

/// Where a node of the plan is: its subject and, for a subtopic or an item, its topic and subtopic.
public struct PlanPlace: Sendable, Equatable {
    public var subjectID: Int64
    public var topicID: Int64
    public var subtopicID: Int64?

    public init(subjectID: Int64, topicID: Int64, subtopicID: Int64?) {
        self.subjectID = subjectID
        self.topicID = topicID
        self.subtopicID = subtopicID
    }
}

/// What `updateSubject` changes: the fields given, the others kept.
public struct SubjectChange: Sendable, Equatable {
    public var title: String?
    public var notes: String?
    public var kind: SubjectKind?
    public var instructions: String?
    public var color: String?
    public var icon: String?

    public init(
        title: String? = nil, notes: String? = nil, kind: SubjectKind? = nil, instructions: String? = nil, color: String? = nil,
        icon: String? = nil
    ) {
        self.title = title.map(SubjectTitle.normalized)
        self.notes = notes
        self.kind = kind
        self.instructions = instructions
        self.color = color
        self.icon = icon
    }
}

/// What `changeNode` changes on a topic or a subtopic: the fields given, the others kept.
public struct PlanChange: Sendable, Equatable {
    public var title: String?
    public var overview: String?
    /// 0 is first; past the end is last.
    public var position: Int?
    /// A subtopic's new topic (of the same subject).
    public var topicID: Int64?

    public init(title: String? = nil, overview: String? = nil, position: Int? = nil, topicID: Int64? = nil) {
        self.title = title
        self.overview = overview
        self.position = position
        self.topicID = topicID
    }

    public var isEmpty: Bool { title == nil && overview == nil && position == nil && topicID == nil }
}

/// An earlier text of an item, as an edit found it.
public struct ItemRevision: Sendable, Equatable {
    public var content: ItemContent
    /// When the edit that replaced it was made.
    public var replacedAt: Date

    public init(content: ItemContent, replacedAt: Date) {
        self.content = content
        self.replacedAt = replacedAt
    }
}

/// The ordering rules both engines apply, in Swift, so that they cannot differ.
public enum PlanOrder {
    /// `ids` with `id` moved to `position` (clamped to the list); `id` is added when missing.
    public static func moving(_ id: Int64, to position: Int, in ids: [Int64]) -> [Int64] {
        var order = ids.filter { $0 != id }
        order.insert(id, at: min(max(position, 0), order.count))
        return order
    }

    /// The family's items with `placed` (those of this family, in the given order) first and the
    /// others after them as they were.
    public static func placing(_ placed: [Int64], first existing: [Int64]) -> [Int64] {
        let chosen = Set(placed)
        return placed + existing.filter { !chosen.contains($0) }
    }

    /// The problem with a title of a topic or a subtopic, nil when it is fine: 1 to 200
    /// characters, one line, not blank.
    public static func titleProblem(_ title: String, of what: String) -> String? {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "a \(what) needs a title" }
        if trimmed.count > 200 { return "a \(what)'s title is at most 200 characters; this one has \(trimmed.count)" }
        if trimmed.contains(where: \.isNewline) { return "a \(what)'s title is one line" }
        return StoredText.problem(in: trimmed, field: "the \(what)'s title")
    }

    /// True when `title` names one of `titles` (compared case-insensitively, as lookups by title are).
    public static func taken(_ title: String, among titles: [String]) -> Bool {
        titles.contains { $0.lowercased() == title.lowercased() }
    }
}
