import Foundation
import GRDB
import PrimerCore

/// The head of the due queue: one pass over the subject's items counts what is due (and finds
/// the next due date when nothing is), then the first review through the due order, or the
/// first new card of the first subtopic (in plan order) that has one. Statements are prepared
/// once per connection (`cachedStatement`): on the hot route, compiling them cost as much as
/// running them.
extension SQLiteStore {
    public func dueQueue(subjectTitle: String, subtopicID: Int64?, horizon: Date) async throws -> DueQueue {
        let due = horizon.timeIntervalSince1970
        // -1 stands for "every subtopic": no subtopic has that id.
        let subtopic = subtopicID ?? -1
        return try await read { [owner] db in
            guard let counts = try Row.fetchOne(
                db.cachedStatement(sql: Self.dueCountsSQL), arguments: [due, due, subtopic, subtopic, owner.id, SubjectRow.key(subjectTitle)])
            else { throw StoreError.notFound("subject '\(subjectTitle)'") }
            let subjectID: Int64 = counts["subject_id"]
            let reviews: Int = counts["reviews"] ?? 0
            let newCards: Int = counts["new_cards"] ?? 0
            let firstID: Int64? = if reviews > 0 {
                try Int64.fetchOne(db.cachedStatement(sql: Self.firstReviewSQL), arguments: [subjectID, subtopic, subtopic, due])
            } else if newCards > 0 {
                try Int64.fetchOne(db.cachedStatement(sql: Self.firstNewSQL), arguments: [subjectID, subtopic, subtopic])
            } else { nil }
            let next: Double? = reviews + newCards > 0 ? nil : counts["next_due"]
            return DueQueue(
                first: try firstID.flatMap { try Self.fetchStudyCard(db, id: $0) }, due: reviews + newCards,
                nextDue: next.map(Date.init(timeIntervalSince1970:)))
        }
    }

    /// The subject's id, its reviews due by the horizon, its new cards and (for when nothing is
    /// due) its earliest due date after the horizon; no row when the owner has no such subject.
    static let dueCountsSQL = """
        SELECT s.id AS subject_id, SUM(CASE WHEN x.id IS NOT NULL AND m.item_id IS NULL THEN 1 ELSE 0 END) AS new_cards,
            SUM(CASE WHEN m.due <= ? THEN 1 ELSE 0 END) AS reviews, MIN(CASE WHEN m.due > ? THEN m.due END) AS next_due
        FROM subjects s LEFT JOIN topics t ON t.subject_id = s.id
            LEFT JOIN subtopics st ON st.topic_id = t.id AND (? = -1 OR st.id = ?)
            LEFT JOIN items x ON x.subtopic_id = st.id AND x.shape != 'lesson'
            LEFT JOIN memory_states m ON m.item_id = x.id
        WHERE s.owner_id = ? AND s.title_key = ?
        GROUP BY s.id
        """

    /// Through the subject's items, not the due-date index (`+m.due`): that index holds every
    /// learner's cards, and on a store where many are due it read them all (6 ms against 0.3).
    static let firstReviewSQL = """
        SELECT x.id FROM memory_states m JOIN items x ON x.id = m.item_id JOIN subtopics st ON st.id = x.subtopic_id
            JOIN topics t ON t.id = st.topic_id
        WHERE t.subject_id = ? AND x.shape != 'lesson' AND (? = -1 OR st.id = ?) AND +m.due <= ?
        ORDER BY m.due, x.id LIMIT 1
        """

    /// Subtopic by subtopic in plan order, each one's first new card in its own order (an index
    /// seek that stops at the first): no sort of every new card of the subject.
    static let firstNewSQL = """
        SELECT first FROM (
            SELECT (SELECT x.id FROM items x
                    WHERE x.subtopic_id = st.id AND x.shape != 'lesson' AND NOT EXISTS (SELECT 1 FROM memory_states m WHERE m.item_id = x.id)
                    ORDER BY x.family, x.position, x.id LIMIT 1) AS first
            FROM topics t JOIN subtopics st ON st.topic_id = t.id
            WHERE t.subject_id = ? AND (? = -1 OR st.id = ?)
            ORDER BY t.position, st.position
        ) WHERE first IS NOT NULL LIMIT 1
        """
}
