import Foundation

/// What the statistics read of a studied item: its id, its subject's title and the learner's
/// memory of it (nil: new) — not its fields, so a history or a forecast of 100,000 items reads
/// a few numbers per item (`LearnerStore.studiedMemories`).
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
