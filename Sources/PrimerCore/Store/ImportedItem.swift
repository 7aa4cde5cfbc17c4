import Foundation

/// An item brought in from another app (`primer import`), placed in a subtopic by title: the
/// store finds the topic and subtopic (case-insensitively) or appends them to the plan. It is
/// the learner's own (no generation), with its tags and, when the app kept one, its review
/// history and the memory replayed from it.
public struct ImportedItem: Sendable, Equatable {
    public var topic: String
    public var subtopic: String
    public var family: String
    public var content: ItemContent
    public var tags: [String]
    /// Nil: never reviewed (a new item).
    public var memory: ItemMemory?
    /// The item's review log, oldest first (`itemID` and `subject` are filled in by the store).
    public var reviews: [ReviewLogEntry]

    public init(
        topic: String, subtopic: String, family: String, content: ItemContent, tags: [String] = [],
        memory: ItemMemory? = nil, reviews: [ReviewLogEntry] = []
    ) {
        self.topic = topic
        self.subtopic = subtopic
        self.family = family
        self.content = content
        self.tags = tags
        self.memory = memory
        self.reviews = reviews
    }

    /// The topic and subtopic it lands in, as both engines compare them (case aside).
    public var placeKey: String { "\(topic.lowercased())\u{1f}\(subtopic.lowercased())" }

    /// When it was made: its first review when that is earlier than `now` (a card reviewed in
    /// 2019 was not made today), else `now`.
    public func createdAt(now: Date) -> Date {
        reviews.first.map(\.reviewTime).map { min($0, now) } ?? now
    }
}

extension ItemContent {
    /// What makes two cards the same card for an import: their shape and words, case and
    /// punctuation aside — the front and the back of a pair, a cloze note's text with its
    /// deletions (so each of a note's deletion cards is its own). Finer than `identity` (what
    /// regeneration treats as asking the same thing), because an import must keep each card.
    public var importKey: String {
        let text: String = switch self {
        case .pair(let item): "pair\u{1f}\(item.front)\u{1f}\(item.back)"
        case .cloze(let item): "cloze\u{1f}\(item.text)"
        case .choice(let item): "choice\u{1f}\(item.question)"
        case .lesson(let text): "lesson\u{1f}\(text)"
        case .shaped(let item): "\(item.shape)\u{1f}\(item.definition?.aboutText(item) ?? "")"
        }
        return text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "\u{1f}" }.joined(separator: " ")
    }
}
