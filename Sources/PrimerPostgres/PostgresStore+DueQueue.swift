import Foundation
import PostgresNIO
import PrimerCore

/// The head of the due queue in three round trips (four for a card that replaced a leech): the
/// subject's counts through `memory_states.subject_id` (`MemorySubjects`), then the first review
/// in due order, or the first new card of the first subtopic (in plan order) that has one, then the card.
extension PostgresStore {
    public func dueQueue(subjectID: Int64, subtopicID: Int64?, horizon: Date) async throws -> DueQueue {
        let due = horizon.timeIntervalSince1970
        // -1 stands for "every subtopic": no subtopic has that id.
        let subtopic = subtopicID ?? -1
        return try await read { connection in
            // A whole subject counts through `memory_states.subject_id` (`MemorySubjects`); a
            // subtopic (a few hundred items at most) through its items.
            let query: PostgresQuery = if let subtopicID {
                """
                SELECT s.title, COUNT(x.id) AS items, COUNT(m.item_id) AS studied,
                    COUNT(*) FILTER (WHERE m.due <= \(due)) AS reviews, MIN(m.due) FILTER (WHERE m.due > \(due)) AS next_due
                FROM subjects s JOIN topics t ON t.subject_id = s.id JOIN subtopics st ON st.topic_id = t.id AND st.id = \(subtopicID)
                    LEFT JOIN items x ON x.subtopic_id = st.id AND x.shape != 'lesson'
                    LEFT JOIN memory_states m ON m.item_id = x.id
                WHERE s.id = \(subjectID) AND s.owner_id = \(owner.id)
                GROUP BY s.id
                """
            } else {
                """
                SELECT s.title,
                    (SELECT COUNT(*) FROM topics t JOIN subtopics st ON st.topic_id = t.id JOIN items x ON x.subtopic_id = st.id
                        WHERE t.subject_id = s.id AND x.shape != 'lesson') AS items,
                    (SELECT COUNT(*) FROM memory_states m WHERE m.subject_id = s.id) AS studied,
                    (SELECT COUNT(*) FROM memory_states m WHERE m.subject_id = s.id AND m.due <= \(due)) AS reviews,
                    (SELECT MIN(m.due) FROM memory_states m WHERE m.subject_id = s.id AND m.due > \(due)) AS next_due,
                    (SELECT parameters FROM fitted_parameters f WHERE f.owner_id = s.owner_id AND (f.subject_id IS NULL OR f.subject_id = s.id)
                        ORDER BY f.subject_id IS NULL LIMIT 1) AS parameters
                FROM subjects s WHERE s.id = \(subjectID) AND s.owner_id = \(owner.id)
                """
            }
            guard let counts = try await connection.row(query, logger) else { throw StoreError.notFound("subject #\(subjectID)") }
            let reviews = try counts.int("reviews")
            let newCards = try counts.int("items") - counts.int("studied")
            var firstID: Int64?
            if reviews > 0 {
                let query: PostgresQuery = if let subtopicID {
                    """
                    SELECT x.id FROM items x JOIN memory_states m ON m.item_id = x.id
                    WHERE x.subtopic_id = \(subtopicID) AND x.shape != 'lesson' AND m.due <= \(due)
                    ORDER BY m.due, x.id LIMIT 1
                    """
                } else {
                    "SELECT item_id AS id FROM memory_states WHERE subject_id = \(subjectID) AND due <= \(due) ORDER BY due, item_id LIMIT 1"
                }
                firstID = try await connection.row(query, logger)?.value("id")
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
            // A subtopic's counts leave the parameters to a statement of their own.
            let parameters = if subtopicID == nil {
                try counts.value("parameters", as: String?.self)
            } else {
                try await connection.row(
                    """
                    SELECT parameters FROM fitted_parameters WHERE owner_id = \(owner.id) AND (subject_id IS NULL OR subject_id = \(subjectID))
                    ORDER BY subject_id IS NULL LIMIT 1
                    """, logger)?.value("parameters", as: String.self)
            }
            return DueQueue(
                first: first, due: reviews + newCards, nextDue: next.map(Date.init(timeIntervalSince1970:)),
                subjectTitle: try counts.value("title"),
                parameters: try parameters.map { try JSONDecoder().decode([Double].self, from: Data($0.utf8)) })
        }
    }
}
