import Foundation
import PostgresNIO
import PrimerCore

/// The head of the due queue: the subject's counts through `memory_states.subject_id`
/// (`MemorySubjects`), the first review in due order, or the first new card of the first subtopic
/// (in plan order) that has one, and that card. A whole subject's is one prepared statement
/// (`DueQueueHead`): one round trip (two for a card that replaced a leech); one subtopic's
/// takes three.
extension PostgresStore {
    public func dueQueue(subjectID: Int64, subtopicID: Int64?, horizon: Date) async throws -> DueQueue {
        let due = horizon.timeIntervalSince1970
        // -1 stands for "every subtopic": no subtopic has that id.
        let subtopic = subtopicID ?? -1
        return try await read { connection in
            // A whole subject counts through `memory_states.subject_id` (`MemorySubjects`); a
            // subtopic (a few hundred items at most) through its items.
            let found = if let subtopicID {
                try await connection.row(
                    """
                    SELECT s.title, COUNT(x.id) AS items, COUNT(m.item_id) AS studied,
                        COUNT(*) FILTER (WHERE m.due <= \(due)) AS reviews, MIN(m.due) FILTER (WHERE m.due > \(due)) AS next_due,
                        \(unescaped: ParametersInEffect.sql(owner: "s.owner_id", subject: "s.id")) AS parameters
                    FROM subjects s JOIN topics t ON t.subject_id = s.id JOIN subtopics st ON st.topic_id = t.id AND st.id = \(subtopicID)
                        LEFT JOIN items x ON x.subtopic_id = st.id AND x.shape != 'lesson'
                        LEFT JOIN memory_states m ON m.item_id = x.id
                    WHERE s.id = \(subjectID) AND s.owner_id = \(owner.id)
                    GROUP BY s.id
                    """, logger)
            } else {
                try await connection.row(DueQueueHead(due: due, subjectID: subjectID, ownerID: owner.id), logger)
            }
            guard let counts = found else { throw StoreError.notFound("subject #\(subjectID)") }
            let reviews = try counts.int("reviews")
            let newCards = try counts.int("items") - counts.int("studied")
            let next: Double? = reviews + newCards > 0 ? nil : try counts.value("next_due", as: Double?.self)
            var first: StudyCard?
            if let subtopicID {
                var firstID: Int64?
                if reviews > 0 {
                    firstID = try await connection.row(
                        """
                        SELECT x.id FROM items x JOIN memory_states m ON m.item_id = x.id
                        WHERE x.subtopic_id = \(subtopicID) AND x.shape != 'lesson' AND m.due <= \(due)
                        ORDER BY m.due, x.id LIMIT 1
                        """, logger)?.value("id")
                } else if newCards > 0 {
                    firstID = try await connection.row(FirstNew(subjectID: subjectID, subtopic: subtopic), logger)?.value("id")
                }
                if let firstID, let row = try await connection.row(StudyCardByID(id: firstID), logger) {
                    first = try await Self.studyCards(connection, [row], logger)[0]
                }
            } else if try counts.value("id", as: Int64?.self) != nil {
                // The head came in the counts' row (`DueQueueHead`).
                first = try await Self.studyCards(connection, [counts], logger)[0]
            }
            let parameters = try counts.value("parameters", as: String?.self)
            return DueQueue(
                first: first, due: reviews + newCards, nextDue: next.map(Date.init(timeIntervalSince1970:)),
                subjectTitle: try counts.value("title"),
                parameters: try parameters.map { try JSONDecoder().decode([Double].self, from: Data($0.utf8)) })
        }
    }
}

/// A whole subject's queue in one statement: its title, its items to study, how many have a
/// memory, its reviews due by `due`, its next due date after it, the FSRS parameters in effect
/// (its own, else its owner's), and the columns of its head (`PostgresStore.studyCardColumns`,
/// all NULL when nothing is to study): the first review due by `due` (the head of its range of
/// `memory_states_subject_due`), else the first new card (`FirstNew`). No row: not the owner's
/// subject.
struct DueQueueHead: PreparedRead {
    static let sql = """
        WITH counts AS (
            SELECT s.title,
                (SELECT COUNT(*) FROM topics t JOIN subtopics st ON st.topic_id = t.id JOIN items x ON x.subtopic_id = st.id
                    WHERE t.subject_id = s.id AND x.shape != 'lesson') AS items,
                (SELECT COUNT(*) FROM memory_states m WHERE m.subject_id = s.id) AS studied,
                (SELECT COUNT(*) FROM memory_states m WHERE m.subject_id = s.id AND m.due <= $1) AS reviews,
                (SELECT MIN(m.due) FROM memory_states m WHERE m.subject_id = s.id AND m.due > $1) AS next_due,
                \(ParametersInEffect.sql(owner: "s.owner_id", subject: "s.id")) AS parameters
            FROM subjects s WHERE s.id = $2 AND s.owner_id = $3
        ),
        head AS (
            -- COALESCE runs the second only when the first is NULL: no search for a new card
            -- while a review is due.
            SELECT COALESCE(
                (SELECT item_id FROM memory_states WHERE subject_id = $2 AND due <= $1 ORDER BY due, item_id LIMIT 1),
                (\(FirstNew.select(subject: "$2", subtopic: "-1")))) AS id
        )
        SELECT counts.*, card.* FROM counts
        LEFT JOIN LATERAL (
            SELECT \(PostgresStore.studyCardColumns) FROM \(PostgresStore.studyCardTables)
            WHERE x.id = (SELECT id FROM head) AND x.shape != 'lesson'
        ) card ON true
        """
    let due: Double
    let subjectID: Int64
    let ownerID: Int64

    func makeBindings() throws -> PostgresBindings { try bindings([due, subjectID, ownerID]) }
}

/// Subtopic by subtopic in plan order (of one subtopic, or of all for -1), each one's first new
/// card in its own order: no sort of every new card of the subject.
struct FirstNew: PreparedRead {
    static let sql = select(subject: "$1", subtopic: "$2")
    let subjectID: Int64
    let subtopic: Int64

    /// The statement with the subject's and the subtopic's ids as the SQL expressions given.
    static func select(subject: String, subtopic: String) -> String {
        """
        SELECT first.id FROM topics t JOIN subtopics st ON st.topic_id = t.id
        CROSS JOIN LATERAL (
            SELECT x.id FROM items x
            WHERE x.subtopic_id = st.id AND x.shape != 'lesson' AND NOT EXISTS (SELECT 1 FROM memory_states m WHERE m.item_id = x.id)
            ORDER BY x.family, x.position, x.id LIMIT 1
        ) first
        WHERE t.subject_id = \(subject) AND (\(subtopic) = -1 OR st.id = \(subtopic))
        ORDER BY t.position, st.position LIMIT 1
        """
    }

    func makeBindings() throws -> PostgresBindings { try bindings([subjectID, subtopic]) }
}

/// One studied item by id (`PostgresStore.studyCardSQL`); with an owner, only when it is in
/// one of the owner's subjects.
struct StudyCardByID: PreparedRead {
    static let sql = "\(PostgresStore.studyCardSQL) AND x.id = $1"
    let id: Int64

    func makeBindings() throws -> PostgresBindings { try bindings([id]) }
}

struct OwnedStudyCardByID: PreparedRead {
    static let sql = "\(PostgresStore.studyCardSQL) AND x.id = $1 AND s.owner_id = $2"
    let id: Int64
    let ownerID: Int64

    func makeBindings() throws -> PostgresBindings { try bindings([id, ownerID]) }
}
