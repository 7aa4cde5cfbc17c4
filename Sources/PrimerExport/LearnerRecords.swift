import Foundation
import PrimerCore

/// What the learner added to exported items, by item id: tags (always exported), and with
/// `--with-scheduling` each item's memory and review log — an apkg carries them as Anki's
/// scheduling fields, its FSRS memory (`cards.data`) and `revlog` rows, so Anki (and its
/// optimizer) continue from the learner's history.
public struct LearnerRecords: Sendable {
    public var memories: [Int64: ItemMemory]
    public var reviews: [Int64: [ReviewLogEntry]]
    public var tags: [Int64: [String]]

    public init(memories: [Int64: ItemMemory] = [:], reviews: [Int64: [ReviewLogEntry]] = [:], tags: [Int64: [String]] = [:]) {
        self.memories = memories
        self.reviews = reviews
        self.tags = tags
    }

    /// The item's Anki tags: Primer's (`primer`, the family) and the learner's.
    func tags(of item: StudyItem) -> [String] {
        var seen = Set<String>()
        return (item.tags + (tags[item.itemID] ?? []).map(AnkiIdentity.tag)).filter { seen.insert($0.lowercased()).inserted }
    }
}
