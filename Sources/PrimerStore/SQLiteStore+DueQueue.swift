import Foundation
import GRDB
import PrimerCore

/// The head of the due queue: the subject's counts (what is due, what is new, the next due date
/// when nothing is) through `memory_states.subject_id` (`MemorySubjects`), then the first review
/// in due order, or the first new card of the first subtopic (in plan order) that has one. Statements are prepared
/// once per connection (`cachedStatement`): on the hot route, compiling them cost as much as
/// running them.
extension SQLiteStore {
    public func dueQueue(subjectID: Int64, subtopicID: Int64?, horizon: Date) async throws -> DueQueue {
        let due = horizon.timeIntervalSince1970
        return try await read { [owner] db in
            // A whole subject counts through `memory_states.subject_id`; a subtopic (a few
            // hundred items at most) through its items.
            let counts = if let subtopicID {
                try Row.fetchOne(db.cachedStatement(sql: Self.subtopicDueCountsSQL), arguments: [due, due, subtopicID, subjectID, owner.id])
            } else {
                try Row.fetchOne(db.cachedStatement(sql: Self.dueCountsSQL), arguments: [due, due, subjectID, owner.id])
            }
            guard let counts else { throw StoreError.notFound("subject #\(subjectID)") }
            let reviews: Int = counts["reviews"] ?? 0
            let newCards: Int = (counts["items"] ?? 0) - (counts["studied"] ?? 0)
            // -1 stands for "every subtopic": no subtopic has that id.
            let subtopic = subtopicID ?? -1
            let firstID: Int64? = if reviews > 0 {
                if let subtopicID {
                    try Int64.fetchOne(db.cachedStatement(sql: Self.subtopicFirstReviewSQL), arguments: [subtopicID, due])
                } else {
                    try Int64.fetchOne(db.cachedStatement(sql: Self.firstReviewSQL), arguments: [subjectID, due])
                }
            } else if newCards > 0 {
                try Int64.fetchOne(db.cachedStatement(sql: Self.firstNewSQL), arguments: [subjectID, subtopic, subtopic])
            } else { nil }
            let next: Double? = reviews + newCards > 0 ? nil : counts["next_due"]
            let parameters: String? = counts["parameters"]
            return DueQueue(
                first: try firstID.flatMap { try Self.fetchStudyCard(db, id: $0) }, due: reviews + newCards,
                nextDue: next.map(Date.init(timeIntervalSince1970:)), subjectTitle: counts["title"],
                parameters: try parameters.map { try JSONDecoder().decode([Double].self, from: Data($0.utf8)) })
        }
    }

    /// The subject's title, its items to study (every one but lessons), how many of them have a
    /// memory, its reviews due by the horizon, (for when nothing is due) its earliest due date
    /// after it, and its FSRS parameters (`ParametersInEffect`); no row when the owner has no such subject. The memories are one range of
    /// `memory_states_subject_due`, the items one of `items_subtopic_shape` per subtopic.
    static let dueCountsSQL = """
        SELECT s.title,
            (SELECT COUNT(*) FROM topics t JOIN subtopics st ON st.topic_id = t.id JOIN items x ON x.subtopic_id = st.id
                WHERE t.subject_id = s.id AND x.shape != 'lesson') AS items,
            (SELECT COUNT(*) FROM memory_states m WHERE m.subject_id = s.id) AS studied,
            (SELECT COUNT(*) FROM memory_states m WHERE m.subject_id = s.id AND m.due <= ?) AS reviews,
            (SELECT MIN(m.due) FROM memory_states m WHERE m.subject_id = s.id AND m.due > ?) AS next_due,
            \(ParametersInEffect.sql(owner: "s.owner_id", subject: "s.id")) AS parameters
        FROM subjects s WHERE s.id = ? AND s.owner_id = ?
        """

    /// As `dueCountsSQL`, of one subtopic of the subject (its items, each item's memory).
    static let subtopicDueCountsSQL = """
        SELECT s.title, COUNT(x.id) AS items, COUNT(m.item_id) AS studied,
            SUM(CASE WHEN m.due <= ? THEN 1 ELSE 0 END) AS reviews, MIN(CASE WHEN m.due > ? THEN m.due END) AS next_due,
            \(ParametersInEffect.sql(owner: "s.owner_id", subject: "s.id")) AS parameters
        FROM subjects s JOIN topics t ON t.subject_id = s.id JOIN subtopics st ON st.topic_id = t.id AND st.id = ?
            LEFT JOIN items x ON x.subtopic_id = st.id AND x.shape != 'lesson'
            LEFT JOIN memory_states m ON m.item_id = x.id
        WHERE s.id = ? AND s.owner_id = ?
        GROUP BY s.id
        """

    /// The subject's first review in due order: the head of its range of `memory_states_subject_due`
    /// (the item's id is the index's last column).
    static let firstReviewSQL = """
        SELECT item_id FROM memory_states WHERE subject_id = ? AND due <= ? ORDER BY due, item_id LIMIT 1
        """

    /// As `firstReviewSQL`, of one subtopic: through its items.
    static let subtopicFirstReviewSQL = """
        SELECT x.id FROM items x JOIN memory_states m ON m.item_id = x.id
        WHERE x.subtopic_id = ? AND x.shape != 'lesson' AND +m.due <= ?
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
