import Foundation

/// What the learner has done with one item: its FSRS memory state, how often it was reviewed
/// and how often it was forgotten after being learnt (lapses).
public struct ItemMemory: Sendable, Equatable {
    public var state: MemoryState
    public var reps: Int
    public var lapses: Int

    public init(state: MemoryState, reps: Int, lapses: Int) {
        self.state = state
        self.reps = reps
        self.lapses = lapses
    }

    /// When the review that made this memory was done, as the stores log it
    /// (`LearnerStore.rateItem`): the time scheduling reviewed at, `date` when it set none.
    public func reviewTime(or date: Date) -> Date { state.lastReview ?? date }

    /// The same in the review log's unit, milliseconds since 1970.
    public func reviewTimeMs(or date: Date) -> Int64 { Int64((reviewTime(or: date).timeIntervalSince1970 * 1000).rounded()) }
}

/// A stored item as it is studied: the item, where it sits in its kit and the learner's state
/// of it. Every shape but the lesson is studied (a pair, a choice question, a cloze note).
public struct StudyCard: Sendable, Equatable {
    public var id: Int64
    public var subject: String
    public var topic: String
    public var subtopic: String
    public var family: String
    public var content: ItemContent
    /// Nil while the item was never reviewed (a new item).
    public var memory: ItemMemory?
    /// Marked known by the learner (`vocab mark`).
    public var known: Bool
    /// Changed by the learner (`cards edit`): regeneration keeps it.
    public var edited: Bool
    /// Added by the learner (`cards add`) rather than generated.
    public var addedByLearner: Bool
    /// When the item was made (generated, added or written again): no review is before it.
    public var createdAt: Date?
    /// The learner's tags (an imported card keeps its deck's), in order.
    public var tags: [String] = []
    /// Where it came from: the statement of the documents or the lesson that supports it first
    /// (`ItemSupport`), then the passages it was made from.
    public var sources: [Citation] = []
    /// The leeches this item was written to replace, newest first (`generate --rewrite-leeches`).
    public var replaced: [ReplacedItem] = []

    public init(
        id: Int64, subject: String, topic: String, subtopic: String, family: String, content: ItemContent,
        memory: ItemMemory?, known: Bool, edited: Bool, addedByLearner: Bool, createdAt: Date? = nil
    ) {
        self.createdAt = createdAt
        self.id = id
        self.subject = subject
        self.topic = topic
        self.subtopic = subtopic
        self.family = family
        self.content = content
        self.memory = memory
        self.known = known
        self.edited = edited
        self.addedByLearner = addedByLearner
    }

    public var key: String { ItemKey.of(id) }
    /// The statement that supports it, shown as "from ch05.md, p. 3 › Membranes"; nil when none.
    public var supportedBy: Citation? { sources.first }
    public var isNew: Bool { memory == nil }
    public var faces: CardFaces { CardFaces(content) }

    /// When the item is due: a new item is due at once (`now`).
    public func due(orNow now: Date) -> Date { memory?.state.due ?? now }
}

/// A leech that a newer item replaced, kept as the newer item's provenance: what it was, how
/// it fared and why it was written again. Its reviews stay in the log under its own key.
public struct ReplacedItem: Sendable, Equatable {
    public var key: String
    public var content: ItemContent
    public var lapses: Int
    public var reviews: Int
    public var reason: String
    public var rewrittenAt: Date

    public init(key: String, content: ItemContent, lapses: Int, reviews: Int, reason: String, rewrittenAt: Date) {
        self.key = key
        self.content = content
        self.lapses = lapses
        self.reviews = reviews
        self.reason = reason
        self.rewrittenAt = rewrittenAt
    }
}

/// The two sides of an item as a card: what is asked, what answers it, and a hint on request.
public struct CardFaces: Sendable, Equatable {
    public var front: String
    public var back: String
    public var hint: String?

    public init(front: String, back: String, hint: String? = nil) {
        (self.front, self.back, self.hint) = (front, back, hint)
    }

    public init(_ content: ItemContent) {
        switch content {
        case .lesson(let body):
            (front, back, hint) = (body, "", nil)
        case .pair(let item):
            (front, back, hint) = (item.front, item.back, item.hint)
        case .choice(let item):
            let letters = item.choices.indices.map { ChoiceLetter.of($0) }
            front = ([item.question] + zip(letters, item.choices).map { "\($0)) \($1)" }).joined(separator: "\n")
            let answer = item.choices.indices.contains(item.correctIndex)
                ? "\(ChoiceLetter.of(item.correctIndex))) \(item.choices[item.correctIndex])" : "(no answer marked)"
            back = item.explanation.isEmpty ? answer : "\(answer)\n\(item.explanation)"
            hint = nil
        case .cloze(let item):
            front = ClozeText.replacingDeletions(item.text) { "[\($0.hint ?? "…")]" }
            let revealed = ClozeText.replacingDeletions(item.text) { "[\($0.answer)]" }
            back = item.extra.isEmpty ? revealed : "\(revealed)\n\(item.extra)"
            hint = nil
        case .shaped(let item):
            self = item.definition?.faces(item) ?? CardFaces(front: item.shape.rawValue, back: "(this shape is not registered here)")
        }
    }
}

extension ItemContent {
    /// The text that says which item this is, normalised (case, accents, punctuation): two
    /// items with the same identity ask the same thing. Regeneration uses it to skip a new item
    /// that repeats one the learner kept.
    public var identity: String {
        switch self {
        case .lesson(let body): GateText.normalize(body)
        case .pair(let item): GateText.normalize(item.front)
        case .choice(let item): GateText.normalize(item.question)
        case .cloze(let item): GateText.normalize(ClozeText.plain(item.text))
        case .shaped(let item): item.definition?.identity(item) ?? GateText.normalize(item.fields.values.flatMap(\.texts).joined(separator: " "))
        }
    }
}
