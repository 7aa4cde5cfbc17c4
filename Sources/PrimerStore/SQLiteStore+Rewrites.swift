import Foundation
import GRDB
import PrimerCore

/// Leeches and their rewrites (`generate --rewrite-leeches`).
extension SQLiteStore {
    /// The studied items of a subject forgotten at least `minLapses` times after being learnt,
    /// in kit order.
    public func leeches(subjectID: Int64, minLapses: Int) async throws -> [Leech] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT x.id, x.subtopic_id, x.family, x.shape, x.fields, m.lapses, m.reps
                    FROM items x JOIN memory_states m ON m.item_id = x.id
                    JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                    WHERE t.subject_id = ? AND x.shape != 'lesson' AND m.lapses >= ?
                    ORDER BY t.position, st.position, x.family, x.position, x.id
                    """,
                arguments: [subjectID, max(1, minLapses)]
            ).map { row in
                guard let shape = Shape(rawValue: row["shape"]) else {
                    throw StoreError.invalidWrite("item row of unknown shape '\(row["shape"] as String? ?? "")'")
                }
                return Leech(
                    itemID: row["id"], subtopicID: row["subtopic_id"], family: row["family"],
                    content: try ItemFieldsJSON.decode(row["fields"], shape: shape), lapses: row["lapses"], reviews: row["reps"])
            }
        }
    }

    public func rewriteItems(
        subjectID: Int64, subtopicID: Int64, replacements: [(leech: Leech, content: ItemContent)], generation: GenerationRecord
    ) async throws -> [RewriteOutcome] {
        guard generation.status == .ok else {
            throw StoreError.invalidWrite("rewriteItems needs an ok generation; record a failed one with recordFailure")
        }
        return try await write { db in
            try Self.requireSubtopic(db, subtopicID, of: subjectID)
            let now = Date()
            let generationID = try Self.insertGeneration(db, subjectID: subjectID, subtopicID: subtopicID, record: generation, at: now)
            var outcomes: [RewriteOutcome] = []
            for (leech, content) in replacements {
                let (stored: storedRow, memory: memory) = try Self.leechAsStored(db, leech)
                let stored = try storedRow.map { (subtopicID: $0.subtopicID, content: try $0.item().content) }
                if let conflict = ContentRules.rewriteConflict(leech, subtopicID: subtopicID, stored: stored, memory: memory) {
                    outcomes.append(.leftAlone(conflict))
                    continue
                }
                guard let old = storedRow, let memory else { continue }
                let reason = Leech.reason(lapses: memory.lapses, reviews: memory.reps)
                let row = try ItemRow(
                    subtopicID: subtopicID, family: old.family, position: old.position, content: content, generationID: generationID,
                    createdAt: now)
                try row.insert(db)
                let newID = db.lastInsertedRowID
                // What the leech itself replaced comes along (its rows would go with it).
                try db.execute(sql: "UPDATE item_rewrites SET item_id = ? WHERE item_id = ?", arguments: [newID, leech.itemID])
                try db.execute(sql: "UPDATE item_revisions SET item_id = ? WHERE item_id = ?", arguments: [newID, leech.itemID])
                try db.execute(
                    sql: """
                        INSERT INTO item_rewrites (item_id, replaced_item_id, shape, fields, lapses, reviews, reason, generation_id, rewritten_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [newID, leech.itemID, old.shape, old.fields, memory.lapses, memory.reps, reason, generationID, now])
                // The leech goes with its memory and known flag; its review log stays.
                try db.execute(sql: "DELETE FROM items WHERE id = ?", arguments: [leech.itemID])
                outcomes.append(.stored(itemID: newID, reason: reason))
            }
            try Self.touch(db, subjectID: subjectID, at: now)
            return outcomes
        }
    }

    /// The leech's row and review counts as stored now (nil row: deleted; nil counts: its
    /// memory is gone, which only a deletion or a reset does).
    private static func leechAsStored(_ db: Database, _ leech: Leech) throws -> (ItemRow?, (reps: Int, lapses: Int)?) {
        let row = try ItemRow.fetchOne(db, key: leech.itemID)
        let memory = try Row.fetchOne(db, sql: "SELECT reps, lapses FROM memory_states WHERE item_id = ?", arguments: [leech.itemID])
        return (row, memory.map { (reps: $0["reps"], lapses: $0["lapses"]) })
    }

    /// The items each item replaced, newest first, for the items in `ids` (nil: all).
    static func replacedItems(_ db: Database, itemIDs ids: Set<Int64>?) throws -> [Int64: [ReplacedItem]] {
        var replaced: [Int64: [ReplacedItem]] = [:]
        // A few cards (a study route reads one) read their own rewrites through the item index;
        // a whole deck reads the table once.
        let rows = if let ids, ids.count == 1, let id = ids.first {
            // A study route's one card: the statement prepared once per connection.
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM item_rewrites WHERE item_id = ? ORDER BY rewritten_at DESC, id DESC"), arguments: [id])
        } else if let ids, ids.count <= 500 {
            try Row.fetchAll(
                db, sql: "SELECT * FROM item_rewrites WHERE item_id IN (\(databaseQuestionMarks(count: ids.count))) ORDER BY rewritten_at DESC, id DESC",
                arguments: StatementArguments(Array(ids)))
        } else {
            try Row.fetchAll(db, sql: "SELECT * FROM item_rewrites ORDER BY rewritten_at DESC, id DESC")
        }
        for row in rows {
            let itemID: Int64 = row["item_id"]
            if let ids, !ids.contains(itemID) { continue }
            guard let shape = Shape(rawValue: row["shape"]) else { continue }
            replaced[itemID, default: []].append(
                ReplacedItem(
                    key: ItemKey.of(row["replaced_item_id"]), content: try ItemFieldsJSON.decode(row["fields"], shape: shape),
                    lapses: row["lapses"], reviews: row["reviews"], reason: row["reason"], rewrittenAt: row["rewritten_at"]))
        }
        return replaced
    }
}
