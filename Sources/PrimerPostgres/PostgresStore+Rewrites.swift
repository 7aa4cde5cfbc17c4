import Foundation
import PostgresNIO
import PrimerCore

/// Items written again for leeches (`KitStore.rewriteItems`), stored only over the leech they were
/// written from: each leech's row is locked before it is compared with what the run read.
extension PostgresStore {
    public func rewriteItems(
        subjectID: Int64, subtopicID: Int64, replacements: [(leech: Leech, content: ItemContent)], generation: GenerationRecord
    ) async throws -> [RewriteOutcome] {
        guard generation.status == .ok else {
            throw StoreError.invalidWrite("rewriteItems needs an ok generation; record a failed one with recordFailure")
        }
        let replacements = replacements.map { Replacement(leech: $0.leech, content: $0.content) }
        return try await write { connection in
            try await Self.lockSubtopic(connection, subtopicID, of: subjectID, logger)
            let now = Date()
            let generationID = try await Self.insertGeneration(
                connection, subjectID: subjectID, subtopicID: subtopicID, record: generation, at: now, logger)
            // The leeches locked in id order, as every writer of several items locks them.
            try await connection.run(
                "SELECT id FROM items WHERE id = ANY(\(replacements.map(\.leech.itemID))) ORDER BY id FOR UPDATE", logger)
            var outcomes: [RewriteOutcome] = []
            for replacement in replacements {
                let leech = replacement.leech
                // Locked first, then read: an edit or a rating of this card running now ends before
                // its memory is read (read in the locking statement, the memory would be the one
                // from before the wait: PostgreSQL re-reads only the locked row).
                try await connection.run("SELECT 1 FROM items WHERE id = \(leech.itemID) FOR UPDATE", logger)
                let row = try await connection.row(
                    """
                    SELECT x.subtopic_id, x.family, x.shape, x.position, x.fields, m.reps, m.lapses
                    FROM items x LEFT JOIN memory_states m ON m.item_id = x.id WHERE x.id = \(leech.itemID)
                    """, logger)
                let stored = try row.map { (subtopicID: try $0.value("subtopic_id", as: Int64.self), content: try Self.itemContent($0)) }
                let memory = try row.flatMap { row -> (reps: Int, lapses: Int)? in
                    guard let reps = try row.value("reps", as: Int64?.self), let lapses = try row.value("lapses", as: Int64?.self) else { return nil }
                    return (Int(reps), Int(lapses))
                }
                if let conflict = ContentRules.rewriteConflict(leech, subtopicID: subtopicID, stored: stored, memory: memory) {
                    outcomes.append(.leftAlone(conflict))
                    continue
                }
                guard let old = row, let (reps, lapses) = memory else { continue }
                let reason = Leech.reason(lapses: Int(lapses), reviews: Int(reps))
                let newID = try await Self.insertItem(
                    connection, subtopicID: subtopicID, family: try old.value("family"), position: try old.int("position"),
                    content: replacement.content, generationID: generationID, createdAt: now, logger)
                // What the leech itself replaced comes along (its rows would go with it).
                try await connection.run("UPDATE item_rewrites SET item_id = \(newID) WHERE item_id = \(leech.itemID)", logger)
                try await connection.run("UPDATE item_revisions SET item_id = \(newID) WHERE item_id = \(leech.itemID)", logger)
                try await connection.run(
                    """
                    INSERT INTO item_rewrites (item_id, replaced_item_id, shape, fields, lapses, reviews, reason, generation_id, rewritten_at)
                    VALUES (\(newID), \(leech.itemID), \(try old.value("shape", as: String.self)), \(try old.value("fields", as: String.self)),
                        \(lapses), \(reps), \(reason), \(generationID), \(now))
                    """, logger)
                // The leech goes with its memory and known flag; its review log stays.
                try await connection.run("DELETE FROM items WHERE id = \(leech.itemID)", logger)
                outcomes.append(.stored(itemID: newID, reason: reason))
            }
            try await Self.touch(connection, subjectID: subjectID, at: now, logger)
            return outcomes
        }
    }

    /// A labelled tuple is not `Sendable`; this carries one replacement into the transaction.
    private struct Replacement: Sendable {
        var leech: Leech
        var content: ItemContent
    }
}
