import Foundation

/// What the statistics read of a studied item: its id, its subject's title and the learner's
/// memory of it (nil: new) — not its fields, so a history or a forecast reads a few numbers per
/// item (`LearnerStore.studiedMemories`).
public struct StudiedMemory: Sendable, Equatable {
    public var itemID: Int64
    public var subject: String
    public var memory: ItemMemory?

    public init(itemID: Int64, subject: String, memory: ItemMemory?) {
        (self.itemID, self.subject, self.memory) = (itemID, subject, memory)
    }

    public init(_ card: StudyCard) {
        self.init(itemID: card.id, subject: card.subject, memory: card.memory)
    }
}

/// The studied items of a learner's subjects as a history or a forecast reads them: the memories
/// of the items studied at least once, and how many were never studied, by subject title. A new
/// item has nothing to read, so a deck of 100,000 mostly new cards is a count and the few
/// thousand memories it has (`LearnerStore.studiedMemories`).
public struct StudiedMemories: Sendable, Equatable {
    /// Items with a memory, in no particular order.
    public var memories: [StudiedMemory]
    /// Never-studied items by subject title; a subject with none is absent or 0.
    public var new: [String: Int]

    public init(memories: [StudiedMemory], new: [String: Int]) {
        (self.memories, self.new) = (memories, new)
    }

    /// The same of whole cards (each new one counted, not listed): what the store's answer equals.
    public init(_ cards: [StudyCard]) {
        self.init(
            memories: cards.filter { $0.memory != nil }.map(StudiedMemory.init),
            new: cards.filter { $0.memory == nil }.reduce(into: [:]) { $0[$1.subject, default: 0] += 1 })
    }
}
