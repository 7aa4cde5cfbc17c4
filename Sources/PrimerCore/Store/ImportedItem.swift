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
}
