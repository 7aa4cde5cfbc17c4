import Foundation
import GRDB
import PrimerCore

/// The head of the due queue, through `memory_states_due`: no card's fields are read but the
/// one shown.
extension SQLiteStore {
    public func dueQueue(subjectTitle: String, subtopicID: Int64?, horizon: Date) async throws -> DueQueue {
        let due = horizon.timeIntervalSince1970
        return try await read { [owner] db in
            guard let subjectID = try Int64.fetchOne(
                db, sql: "SELECT id FROM subjects WHERE owner_id = ? AND title_key = ?", arguments: [owner.id, SubjectRow.key(subjectTitle)])
            else { throw StoreError.notFound("subject '\(subjectTitle)'") }
            let scope = """
                FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                WHERE t.subject_id = ? AND x.shape != 'lesson' \(subtopicID == nil ? "" : "AND st.id = ?")
                """
            let base: [DatabaseValueConvertible?] = subtopicID.map { [subjectID, $0] } ?? [subjectID]
            let reviews = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) \(scope.replacingOccurrences(of: "FROM items x", with: "FROM memory_states m JOIN items x ON x.id = m.item_id")) AND m.due <= ?",
                arguments: StatementArguments(base + [due])) ?? 0
            let newCards = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) \(scope) AND NOT EXISTS (SELECT 1 FROM memory_states m WHERE m.item_id = x.id)",
                arguments: StatementArguments(base)) ?? 0
            let firstID: Int64? = if reviews > 0 {
                try Int64.fetchOne(
                    db,
                    sql: "SELECT x.id \(scope.replacingOccurrences(of: "FROM items x", with: "FROM memory_states m JOIN items x ON x.id = m.item_id")) AND m.due <= ? ORDER BY m.due, x.id LIMIT 1",
                    arguments: StatementArguments(base + [due]))
            } else if newCards > 0 {
                try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT x.id \(scope) AND NOT EXISTS (SELECT 1 FROM memory_states m WHERE m.item_id = x.id)
                        ORDER BY t.position, st.position, x.family, x.position, x.id LIMIT 1
                        """,
                    arguments: StatementArguments(base))
            } else { nil }
            let next: Double? = reviews + newCards > 0 ? nil : try Double.fetchOne(
                db, sql: "SELECT MIN(m.due) \(scope.replacingOccurrences(of: "FROM items x", with: "FROM memory_states m JOIN items x ON x.id = m.item_id")) AND m.due > ?",
                arguments: StatementArguments(base + [due]))
            return DueQueue(
                first: try firstID.flatMap { try Self.fetchStudyCard(db, id: $0) }, due: reviews + newCards,
                nextDue: next.map(Date.init(timeIntervalSince1970:)))
        }
    }
}
