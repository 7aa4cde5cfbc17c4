import Foundation

/// The rules both store engines keep when they replace a family's content or rewrite a leech:
/// written once here, over plain values; each engine keeps only its SQL and its error mapping.
public enum ContentRules {
    /// An item row (of table `items`, unaliased) that holds something of the learner's: added by
    /// the learner, edited, studied, marked known, or a rewrite of a leech (which carries the
    /// leech's history). Regeneration keeps such rows. The same SQL on SQLite and PostgreSQL.
    public static let learnerOwnedSQL = """
        items.generation_id IS NULL OR items.edited_at IS NOT NULL
        OR EXISTS (SELECT 1 FROM memory_states m WHERE m.item_id = items.id)
        OR EXISTS (SELECT 1 FROM known_items k WHERE k.item_id = items.id)
        OR EXISTS (SELECT 1 FROM item_rewrites r WHERE r.item_id = items.id)
        """

    /// One item to insert: where it goes, what it holds, what it was written from.
    public struct NewItem: Sendable, Equatable {
        public var position: Int
        public var content: ItemContent
        public var sources: [Citation]
    }

    /// The items of `output` to store after the `kept` ones (the learner's, at their positions):
    /// a new item asking what a kept one (or an earlier new one) asks — the same `identity` — is
    /// skipped, and the others go after the kept ones, in the answer's order, with their sources.
    public static func newItems(
        of output: GeneratedOutput, after kept: [(position: Int, content: ItemContent)], sources: [[Citation]]
    ) -> [NewItem] {
        var seen = Set(kept.map(\.content.identity))
        var position = (kept.map(\.position).max() ?? -1) + 1
        var items: [NewItem] = []
        for (index, content) in ItemContent.items(of: output).enumerated() where seen.insert(content.identity).inserted {
            items.append(NewItem(position: position, content: content, sources: index < sources.count ? sources[index] : []))
            position += 1
        }
        return items
    }

    /// Why a leech's rewrite may not be stored over it, from the leech as stored now (read under
    /// the engine's lock); nil when it may. Deleted or moved (no row, or another subtopic's),
    /// edited (other content), or rated (other review counts, or its memory gone) during the run.
    public static func rewriteConflict(
        _ leech: Leech, subtopicID: Int64, stored: (subtopicID: Int64, content: ItemContent)?, memory: (reps: Int, lapses: Int)?
    ) -> RewriteConflict? {
        guard let stored, stored.subtopicID == subtopicID else { return .deleted }
        if stored.content != leech.content { return .edited }
        guard let memory, memory.reps == leech.reviews, memory.lapses == leech.lapses else { return .rated }
        return nil
    }
}
