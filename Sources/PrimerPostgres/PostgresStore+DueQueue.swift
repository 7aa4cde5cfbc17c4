import Foundation
import PostgresNIO
import PrimerCore

/// The head of the due queue, through `memory_states_due`: no card's fields are read but the
/// one shown.
extension PostgresStore {
    public func dueQueue(subjectTitle: String, subtopicID: Int64?, horizon: Date) async throws -> DueQueue {
        let due = horizon.timeIntervalSince1970
        return try await read { connection in
            guard let subject = try await connection.row(
                "SELECT id FROM subjects WHERE owner_id = \(owner.id) AND title_key = \(SubjectTitle.key(subjectTitle))", logger)
            else { throw StoreError.notFound("subject '\(subjectTitle)'") }
            let subjectID: Int64 = try subject.value("id")
            // -1 stands for "every subtopic": no subtopic has that id.
            let subtopic = subtopicID ?? -1
            let reviews = try await connection.row(
                """
                SELECT COUNT(*) AS n FROM memory_states m JOIN items x ON x.id = m.item_id JOIN subtopics st ON st.id = x.subtopic_id
                JOIN topics t ON t.id = st.topic_id
                WHERE t.subject_id = \(subjectID) AND x.shape != 'lesson' AND (\(subtopic) = -1 OR st.id = \(subtopic)) AND m.due <= \(due)
                """, logger)?.int("n") ?? 0
            let newCards = try await connection.row(
                """
                SELECT COUNT(*) AS n FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                WHERE t.subject_id = \(subjectID) AND x.shape != 'lesson' AND (\(subtopic) = -1 OR st.id = \(subtopic))
                    AND NOT EXISTS (SELECT 1 FROM memory_states m WHERE m.item_id = x.id)
                """, logger)?.int("n") ?? 0
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
                firstID = try await connection.row(
                    """
                    SELECT x.id FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                    WHERE t.subject_id = \(subjectID) AND x.shape != 'lesson' AND (\(subtopic) = -1 OR st.id = \(subtopic))
                        AND NOT EXISTS (SELECT 1 FROM memory_states m WHERE m.item_id = x.id)
                    ORDER BY t.position, st.position, x.family, x.position, x.id LIMIT 1
                    """, logger)?.value("id")
            }
            var next: Double?
            if reviews + newCards == 0 {
                next = try await connection.row(
                    """
                    SELECT MIN(m.due) AS next FROM memory_states m JOIN items x ON x.id = m.item_id JOIN subtopics st ON st.id = x.subtopic_id
                    JOIN topics t ON t.id = st.topic_id
                    WHERE t.subject_id = \(subjectID) AND x.shape != 'lesson' AND (\(subtopic) = -1 OR st.id = \(subtopic)) AND m.due > \(due)
                    """, logger)?.value("next", as: Double?.self)
            }
            var first: StudyCard?
            if let firstID, let row = try await connection.row("\(unescaped: Self.studyCardSQL) AND x.id = \(firstID)", logger) {
                first = try await Self.withReplaced(connection, [try Self.studyCard(row)], logger)[0]
            }
            return DueQueue(first: first, due: reviews + newCards, nextDue: next.map(Date.init(timeIntervalSince1970:)))
        }
    }
}
