import Foundation
import PostgresNIO
import PrimerCore

/// The head of the due queue in three round trips (four for a card that replaced a leech): one pass over the subject's items counts what
/// is due (and finds the next due date when nothing is), then the first review through the due
/// order, or the first new card of the first subtopic (in plan order) that has one, then the card.
extension PostgresStore {
    public func dueQueue(subjectTitle: String, subtopicID: Int64?, horizon: Date) async throws -> DueQueue {
        let due = horizon.timeIntervalSince1970
        // -1 stands for "every subtopic": no subtopic has that id.
        let subtopic = subtopicID ?? -1
        return try await read { connection in
            guard let counts = try await connection.row(
                """
                SELECT s.id AS subject_id, COUNT(x.id) FILTER (WHERE m.item_id IS NULL) AS new_cards,
                    COUNT(*) FILTER (WHERE m.due <= \(due)) AS reviews, MIN(m.due) FILTER (WHERE m.due > \(due)) AS next_due
                FROM subjects s LEFT JOIN topics t ON t.subject_id = s.id
                    LEFT JOIN subtopics st ON st.topic_id = t.id AND (\(subtopic) = -1 OR st.id = \(subtopic))
                    LEFT JOIN items x ON x.subtopic_id = st.id AND x.shape != 'lesson'
                    LEFT JOIN memory_states m ON m.item_id = x.id
                WHERE s.owner_id = \(owner.id) AND s.title_key = \(SubjectTitle.key(subjectTitle))
                GROUP BY s.id
                """, logger)
            else { throw StoreError.notFound("subject '\(subjectTitle)'") }
            let subjectID: Int64 = try counts.value("subject_id")
            let reviews = try counts.int("reviews")
            let newCards = try counts.int("new_cards")
            var firstID: Int64?
            if reviews > 0 {
                firstID = try await connection.row(
                    """
                    SELECT x.id FROM memory_states m JOIN items x ON x.id = m.item_id JOIN subtopics st ON st.id = x.subtopic_id
                    JOIN topics t ON t.id = st.topic_id
                    WHERE t.subject_id = \(subjectID) AND x.shape != 'lesson' AND (\(subtopic) = -1 OR st.id = \(subtopic)) AND m.due <= \(due)
                    ORDER BY m.due, x.id LIMIT 1
                    """, logger)?.value("id")
            } else if newCards > 0 {
                // Subtopic by subtopic in plan order, each one's first new card in its own order:
                // no sort of every new card of the subject.
                firstID = try await connection.row(
                    """
                    SELECT first.id FROM topics t JOIN subtopics st ON st.topic_id = t.id
                    CROSS JOIN LATERAL (
                        SELECT x.id FROM items x
                        WHERE x.subtopic_id = st.id AND x.shape != 'lesson' AND NOT EXISTS (SELECT 1 FROM memory_states m WHERE m.item_id = x.id)
                        ORDER BY x.family, x.position, x.id LIMIT 1
                    ) first
                    WHERE t.subject_id = \(subjectID) AND (\(subtopic) = -1 OR st.id = \(subtopic))
                    ORDER BY t.position, st.position LIMIT 1
                    """, logger)?.value("id")
            }
            let next: Double? = reviews + newCards > 0 ? nil : try counts.value("next_due", as: Double?.self)
            var first: StudyCard?
            if let firstID, let row = try await connection.row("\(unescaped: Self.studyCardSQL) AND x.id = \(firstID)", logger) {
                first = try await Self.studyCards(connection, [row], logger)[0]
            }
            return DueQueue(first: first, due: reviews + newCards, nextDue: next.map(Date.init(timeIntervalSince1970:)))
        }
    }
}
