import Foundation
import PostgresNIO
import PrimerCore

/// The head of the due queue: the subject's counts through `memory_states.subject_id`
/// (`MemorySubjects`), the first review in due order, or the first new card of the first subtopic
/// (in plan order) that has one, and that card. A whole subject's is one prepared statement
/// (`DueQueueHeads`), shared by the whole-subject queues asked for at the same moment
/// (`QueueHeadBatches`); one subtopic's takes three.
extension PostgresStore {
    public func dueQueue(subjectID: Int64, subtopicID: Int64?, horizon: Date) async throws -> DueQueue {
        let due = horizon.timeIntervalSince1970
        guard let subtopicID else {
            return try await queueHeads.answer(QueueHeadBatches.Request(store: self, subjectID: subjectID, due: due))
        }
        return try await read { connection in
            // A subtopic (a few hundred items at most) counts through its items.
            guard let counts = try await connection.row(
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
            else { throw StoreError.notFound("subject #\(subjectID)") }
            var firstID: Int64?
            if try counts.int("reviews") > 0 {
                firstID = try await connection.row(
                    """
                    SELECT x.id FROM items x JOIN memory_states m ON m.item_id = x.id
                    WHERE x.subtopic_id = \(subtopicID) AND x.shape != 'lesson' AND m.due <= \(due)
                    ORDER BY m.due, x.id LIMIT 1
                    """, logger)?.value("id")
            } else if try counts.int("items") > counts.int("studied") {
                firstID = try await connection.row(FirstNew(subjectID: subjectID, subtopic: subtopicID), logger)?.value("id")
            }
            var first: StudyCard?
            if let firstID, let row = try await connection.row(StudyCardByID(id: firstID), logger) {
                first = try await Self.studyCards(connection, [row], logger)[0]
            }
            return try Self.dueQueue(counts, first: first)
        }
    }

    /// The queue a row of counts (`title`, `items`, `studied`, `reviews`, `next_due`,
    /// `parameters`) says, with its head.
    static func dueQueue(_ counts: PostgresRandomAccessRow, first: StudyCard?) throws -> DueQueue {
        let reviews = try counts.int("reviews")
        let newCards = try counts.int("items") - counts.int("studied")
        let next: Double? = reviews + newCards > 0 ? nil : try counts.value("next_due", as: Double?.self)
        let parameters = try counts.value("parameters", as: String?.self)
        return DueQueue(
            first: first, due: reviews + newCards, nextDue: next.map(Date.init(timeIntervalSince1970:)),
            subjectTitle: try counts.value("title"),
            parameters: try parameters.map { try JSONDecoder().decode([Double].self, from: Data($0.utf8)) })
    }
}

/// Whole-subject queues asked for at the same moment, read together (`StatementBatches`): one
/// `DueQueueHeads` a batch. A batch whose statement fails is read request by request, so one
/// subject's failure is its own.
final class QueueHeadBatches: Sendable {
    struct Request: Sendable {
        /// The view of the store asking (its owner).
        let store: PostgresStore
        let subjectID: Int64
        /// The horizon: reviews due by it are due.
        let due: Double
    }

    typealias Outcome = StatementBatches<Request, DueQueue>.Outcome

    private let batches = StatementBatches<Request, DueQueue>(run: QueueHeadBatches.read)

    func answer(_ request: Request) async throws -> DueQueue { try await batches.answer(request) }

    @Sendable private static func read(_ batch: [Request]) async -> [Outcome] {
        do {
            return try await heads(batch)
        } catch {
            var outcomes: [Outcome] = []
            for request in batch {
                do {
                    outcomes.append(try await heads([request])[0])
                } catch {
                    outcomes.append(.failed(error))
                }
            }
            return outcomes
        }
    }

    /// The batch's queues in one statement; a subject that is not its asker's is not found.
    private static func heads(_ batch: [Request]) async throws -> [Outcome] {
        let store = batch[0].store
        return try await store.read { connection in
            var rows: [Int: PostgresRandomAccessRow] = [:]
            for row in try await connection.rows(DueQueueHeads(batch), store.logger) {
                rows[Int(try row.value("n", as: Int64.self)) - 1] = row
            }
            let withHead = try rows.keys.sorted().filter { try rows[$0]!.value("id", as: Int64?.self) != nil }
            let cards = try await PostgresStore.studyCards(connection, withHead.map { rows[$0]! }, store.logger)
            let firsts = Dictionary(uniqueKeysWithValues: zip(withHead, cards))
            return try batch.indices.map { index in
                guard let row = rows[index] else { return .failed(StoreError.notFound("subject #\(batch[index].subjectID)")) }
                return .answered(try PostgresStore.dueQueue(row, first: firsts[index]))
            }
        }
    }
}

/// The whole-subject queues of a batch in one statement, a row a request (`n`, its place in the
/// batch): its subject's title, its items to study, how many have a memory, its reviews due by
/// its horizon, its next due date after it, the FSRS parameters in effect (its own, else its
/// owner's), and the columns of its head (`PostgresStore.studyCardColumns`, all NULL when
/// nothing is to study): the first review due (the head of its range of
/// `memory_states_subject_due`), else the first new card (`FirstNew`). No row: not the asker's
/// subject.
struct DueQueueHeads: PreparedRead {
    static let sql = """
        SELECT q.n, counts.*, card.*
        FROM unnest($1::float8[], $2::int8[], $3::int8[]) WITH ORDINALITY AS q(due, subject_id, owner_id, n)
        JOIN LATERAL (
            SELECT s.title,
                (SELECT COUNT(*) FROM topics t JOIN subtopics st ON st.topic_id = t.id JOIN items x ON x.subtopic_id = st.id
                    WHERE t.subject_id = s.id AND x.shape != 'lesson') AS items,
                (SELECT COUNT(*) FROM memory_states m WHERE m.subject_id = s.id) AS studied,
                (SELECT COUNT(*) FROM memory_states m WHERE m.subject_id = s.id AND m.due <= q.due) AS reviews,
                (SELECT MIN(m.due) FROM memory_states m WHERE m.subject_id = s.id AND m.due > q.due) AS next_due,
                \(ParametersInEffect.sql(owner: "s.owner_id", subject: "s.id")) AS parameters,
                -- COALESCE runs the second only when the first is NULL: no search for a new card
                -- while a review is due.
                COALESCE(
                    (SELECT item_id FROM memory_states WHERE subject_id = s.id AND due <= q.due ORDER BY due, item_id LIMIT 1),
                    (\(FirstNew.select(subject: "s.id", subtopic: "-1")))) AS head_id
            FROM subjects s WHERE s.id = q.subject_id AND s.owner_id = q.owner_id
        ) counts ON true
        LEFT JOIN LATERAL (
            SELECT \(PostgresStore.studyCardColumns) FROM \(PostgresStore.studyCardTables)
            WHERE x.id = counts.head_id AND x.shape != 'lesson'
        ) card ON true
        """
    let requests: [QueueHeadBatches.Request]

    init(_ requests: [QueueHeadBatches.Request]) { self.requests = requests }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(requests.map(\.due))
        bindings.append(requests.map(\.subjectID))
        bindings.append(requests.map(\.store.owner.id))
        return bindings
    }
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
