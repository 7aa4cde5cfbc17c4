import Foundation
import PostgresNIO
import PrimerCore

/// The learner's side (`LearnerStore`): memory states, the review log, known flags, quizzes,
/// learner-written items. A write that changes an item locks its row first, so a review, an edit
/// and a rewrite of one card follow one another.
extension PostgresStore {
    static let studyCardSQL = """
        SELECT x.id, x.family, x.shape, x.fields, x.generation_id, x.edited_at, x.created_at, x.tags, x.sources,
            s.title AS subject, t.title AS topic, st.title AS subtopic,
            m.phase, m.step, m.stability, m.difficulty, m.due, m.last_review, m.reps, m.lapses,
            k.item_id IS NOT NULL AS known, EXISTS (SELECT 1 FROM item_rewrites r WHERE r.item_id = x.id) AS rewritten
        FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
        JOIN subjects s ON s.id = t.subject_id
        LEFT JOIN memory_states m ON m.item_id = x.id LEFT JOIN known_items k ON k.item_id = x.id
        WHERE x.shape != 'lesson'
        """
    static let kitOrder = "ORDER BY lower(s.title), s.id, t.position, st.position, x.family, x.position, x.id"

    public func studyCards(subjectTitle: String?) async throws -> [StudyCard] {
        try await read { connection in
            let rows = if let subjectTitle {
                try await connection.rows(
                    "\(unescaped: Self.studyCardSQL) AND s.owner_id = \(owner.id) AND s.title_key = \(SubjectTitle.key(subjectTitle)) \(unescaped: Self.kitOrder)",
                    logger)
            } else {
                try await connection.rows("\(unescaped: Self.studyCardSQL) AND s.owner_id = \(owner.id) \(unescaped: Self.kitOrder)", logger)
            }
            return try await Self.studyCards(connection, rows, logger)
        }
    }

    public func studiedMemories(subjectTitle: String?) async throws -> [StudiedMemory] {
        try await read { connection in
            let rows = try await connection.rows(
                """
                SELECT x.id, s.title AS subject, m.phase, m.step, m.stability, m.difficulty, m.due, m.last_review, m.reps, m.lapses
                FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                JOIN subjects s ON s.id = t.subject_id LEFT JOIN memory_states m ON m.item_id = x.id
                WHERE x.shape != 'lesson' AND s.owner_id = \(owner.id)
                    AND (\(subjectTitle == nil) OR s.title_key = \(SubjectTitle.key(subjectTitle ?? "")))
                """, logger)
            return try rows.map { StudiedMemory(itemID: try $0.value("id"), subject: try $0.value("subject"), memory: try Self.memory($0)) }
        }
    }

    public func studyCard(id: Int64) async throws -> StudyCard? {
        try await read { connection in
            guard let row = try await connection.row(OwnedStudyCardByID(id: id, ownerID: owner.id), logger) else { return nil }
            return try await Self.studyCards(connection, [row], logger)[0]
        }
    }

    public func studyItemIDs(keyPrefix prefix: String) async throws -> [Int64] {
        let prefix = prefix.lowercased()
        return try await read { connection in
            try await connection.rows(
                """
                SELECT x.id FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                JOIN subjects s ON s.id = t.subject_id WHERE x.shape != 'lesson' AND s.owner_id = \(owner.id)
                """, logger
            ).map { try $0.value("id", as: Int64.self) }
        }.filter { ItemKey.of($0).hasPrefix(prefix) }
    }

    public func recordReview(
        itemID: Int64, rating: ReviewRating, at date: Date, durationMs: Int, clientKey: String?,
        scheduling: @escaping @Sendable (_ before: ItemMemory?, _ parameters: [Double]?) throws -> ItemMemory
    ) async throws -> RecordedReview {
        try await write { connection in
            try await Self.review(
                connection, itemID: itemID, rating: rating, at: date, durationMs: durationMs, clientKey: clientKey, schedule: scheduling, logger)
        }
    }

    public func setKnown(itemID: Int64, known: Bool, at date: Date) async throws {
        try await write { connection in
            try await Self.lockItem(connection, itemID, logger)
            if known {
                try await connection.run(
                    "INSERT INTO known_items (item_id, marked_at) VALUES (\(itemID), \(date)) ON CONFLICT (item_id) DO NOTHING", logger)
            } else {
                try await connection.run("DELETE FROM known_items WHERE item_id = \(itemID)", logger)
            }
        }
    }

    public func addItem(subjectID: Int64, subtopicID: Int64, family: String, content: ItemContent, at date: Date) async throws -> Int64 {
        try await write { connection in
            try await Self.lockSubtopic(connection, subtopicID, of: subjectID, logger)
            let last = try await connection.row(
                "SELECT MAX(position) AS last FROM items WHERE subtopic_id = \(subtopicID) AND family = \(family)", logger)?
                .value("last", as: Int64?.self)
            let id = try await Self.insertItem(
                connection, subtopicID: subtopicID, family: family, position: Int(last ?? -1) + 1, content: content, generationID: nil,
                createdAt: date, logger)
            try await Self.touch(connection, subjectID: subjectID, at: date, logger)
            return id
        }
    }

    public func editItem(id: Int64, content: ItemContent, at date: Date) async throws {
        try await write { connection in
            guard let row = try await connection.row("SELECT shape, fields FROM items WHERE id = \(id) FOR UPDATE", logger) else {
                throw StoreError.notFound("item \(ItemKey.of(id))")
            }
            let shape: String = try row.value("shape")
            guard shape == content.shape.rawValue else {
                throw StoreError.invalidWrite("item \(ItemKey.of(id)) is a \(shape) item, not a \(content.shape.rawValue) item")
            }
            let fields = try ItemFieldsJSON.encode(content)
            let previous: String = try row.value("fields")
            guard fields != previous else { return }
            try await connection.run(
                "INSERT INTO item_revisions (item_id, fields, replaced_at) VALUES (\(id), \(previous), \(date))", logger)
            try await connection.run("UPDATE items SET fields = \(fields), edited_at = \(date) WHERE id = \(id)", logger)
        }
    }

    @discardableResult
    public func deleteItem(id: Int64) async throws -> Bool {
        try await write { connection in
            try await !connection.rows("DELETE FROM items WHERE id = \(id) AND shape != 'lesson' RETURNING id", logger).isEmpty
        }
    }

    public func reviewLog(subjectTitle: String?) async throws -> [ReviewLogEntry] {
        try await subjectRows("review_log", subjectTitle: subjectTitle, order: "r.review_time, r.id") { row in
            ReviewLogEntry(
                itemID: try row.value("item_id"), subject: try row.value("subject"), reviewTimeMs: try row.value("review_time"),
                rating: ReviewRating(rawValue: try row.int("rating")) ?? .again, state: try row.int("state"),
                durationMs: try row.int("duration_ms"))
        }
    }

    public func recordQuiz(
        _ attempt: QuizAttempt, rating: @escaping @Sendable (QuizResponse) -> ReviewRating,
        schedule: @escaping @Sendable (ItemMemory?, ReviewRating) -> ItemMemory
    ) async throws {
        try await write { connection in
            guard let subject = try await Self.fetchSubject(connection, title: attempt.subject, owner: owner, logger) else {
                throw StoreError.notFound("subject '\(attempt.subject)'")
            }
            let attemptID: Int64 = try await connection.row(
                """
                INSERT INTO quiz_attempts (subject_id, subtopic, taken_at, questions, correct, pass_percent, passed)
                VALUES (\(subject.id), \(attempt.subtopic), \(attempt.takenAt), \(attempt.answers.count), \(attempt.correct),
                    \(attempt.passPercent), \(attempt.passed))
                RETURNING id
                """, logger)!.value("id")
            for (position, answer) in attempt.answers.enumerated() {
                try await connection.run(
                    """
                    INSERT INTO quiz_answers (attempt_id, position, item_id, question, chosen, correct_index)
                    VALUES (\(attemptID), \(position), \(answer.itemID), \(answer.question), \(answer.chosen), \(answer.correctIndex))
                    """, logger)
                let rated = rating(answer)
                _ = try await Self.review(
                    connection, itemID: answer.itemID, rating: rated, at: attempt.takenAt, durationMs: 0, schedule: { before, _ in schedule(before, rated) },
                    logger)
            }
        }
    }

    public func quizAttempts(subjectTitle: String?) async throws -> [QuizAttemptSummary] {
        try await subjectRows("quiz_attempts", subjectTitle: subjectTitle, order: "r.taken_at, r.id") { row in
            QuizAttemptSummary(
                subject: try row.value("subject"), subtopic: try row.value("subtopic"), takenAt: try row.value("taken_at"),
                questions: try row.int("questions"), correct: try row.int("correct"), passPercent: try row.int("pass_percent"),
                passed: try row.value("passed"))
        }
    }

    public func leeches(subjectID: Int64, minLapses: Int) async throws -> [Leech] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT x.id, x.subtopic_id, x.family, x.shape, x.fields, m.lapses, m.reps
                FROM items x JOIN memory_states m ON m.item_id = x.id
                JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                WHERE t.subject_id = \(subjectID) AND x.shape != 'lesson' AND m.lapses >= \(max(1, minLapses))
                ORDER BY t.position, st.position, x.family, x.position, x.id
                """, logger
            ).map { row in
                Leech(
                    itemID: try row.value("id"), subtopicID: try row.value("subtopic_id"), family: try row.value("family"),
                    content: try Self.itemContent(row), lapses: try row.int("lapses"), reviews: try row.int("reps"))
            }
        }
    }

    // MARK: - Rows

    static func review(
        _ connection: PostgresConnection, itemID: Int64, rating: ReviewRating, at date: Date, durationMs: Int, clientKey: String? = nil,
        schedule: (_ before: ItemMemory?, _ parameters: [Double]?) throws -> ItemMemory, _ logger: Logger
    ) async throws -> RecordedReview {
        // The item's row is locked, then its memory read: two ratings of one card are stored one
        // after the other, each scheduled from the memory the other left. (Read in the same
        // statement as the lock, the memory would be the one before the wait: PostgreSQL
        // re-reads only the locked row.)
        guard let row = try await connection.row(LockRatedItem(id: itemID), logger) else { throw StoreError.notFound("item \(ItemKey.of(itemID))") }
        let subjectID: Int64 = try row.value("subject_id")
        let before = try await connection.row(MemoryOfItem(id: itemID), logger).flatMap(memory)
        // Checked under the item's lock: the same rating sent twice at once is stored once.
        if let clientKey, let earlier = try await connection.row(
            "SELECT review_time, rating FROM review_log WHERE item_id = \(itemID) AND client_key = \(clientKey)", logger)
        {
            try ReviewKeyRule.checkRepeat(Int(try earlier.value("rating", as: Int64.self)), rating, clientKey: clientKey)
            guard let before else { throw StoreError.notFound("item \(ItemKey.of(itemID))'s memory") }
            let time = try earlier.value("review_time", as: Int64.self)
            return RecordedReview(before: before, after: before, reviewedAt: Date(timeIntervalSince1970: Double(time) / 1000), repeated: true)
        }
        let parameters = try (try row.value("fitted", as: String?.self)).map { try JSONDecoder().decode([Double].self, from: Data($0.utf8)) }
        let after = try schedule(before, parameters)
        let state = after.state
        // The memory and the log's line in one statement: one round trip less per rating.
        try await connection.run(
            """
            WITH memory AS (
                INSERT INTO memory_states (item_id, phase, step, stability, difficulty, due, last_review, reps, lapses)
                VALUES (\(itemID), \(state.phase.rawValue), \(state.step), \(state.stability), \(state.difficulty),
                    \(state.due.timeIntervalSince1970), \(state.lastReview?.timeIntervalSince1970), \(after.reps), \(after.lapses))
                ON CONFLICT (item_id) DO UPDATE SET phase = excluded.phase, step = excluded.step,
                    stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due,
                    last_review = excluded.last_review, reps = excluded.reps, lapses = excluded.lapses
                RETURNING item_id
            )
            INSERT INTO review_log (subject_id, item_id, review_time, rating, state, duration_ms, client_key)
            SELECT \(subjectID), item_id, \(Int64((date.timeIntervalSince1970 * 1000).rounded())), \(rating.rawValue),
                \(before?.state.phase.rawValue ?? 0), \(max(0, durationMs)), \(clientKey)
            FROM memory
            """, logger)
        return RecordedReview(before: before, after: after, reviewedAt: date, repeated: false)
    }

    /// Locks an item's row; returns its shape. Throws `notFound` when there is none.
    @discardableResult
    static func lockItem(_ connection: PostgresConnection, _ id: Int64, _ logger: Logger) async throws -> String {
        guard let row = try await connection.row("SELECT shape FROM items WHERE id = \(id) FOR UPDATE", logger) else {
            throw StoreError.notFound("item \(ItemKey.of(id))")
        }
        return try row.value("shape")
    }

    /// The rows of a table hanging from subjects (aliased `r`, with the subject's title as
    /// `subject`), of one subject or of all, in `order`, each turned into a value.
    private func subjectRows<T: Sendable>(
        _ table: String, subjectTitle: String?, order: String, value: @escaping @Sendable (PostgresRandomAccessRow) throws -> T
    ) async throws -> [T] {
        try await read { connection in
            let select = "SELECT r.*, s.title AS subject FROM \(table) r JOIN subjects s ON s.id = r.subject_id"
            let rows = if let subjectTitle {
                try await connection.rows(
                    "\(unescaped: select) WHERE s.owner_id = \(owner.id) AND s.title_key = \(SubjectTitle.key(subjectTitle)) ORDER BY \(unescaped: order)",
                    logger)
            } else {
                try await connection.rows("\(unescaped: select) WHERE s.owner_id = \(owner.id) ORDER BY \(unescaped: order)", logger)
            }
            return try rows.map(value)
        }
    }

    /// The cards with the leeches each replaced.
    /// The cards of `studyCardSQL`'s rows, with the leeches they replaced read only when a row
    /// says it replaced one (a round trip saved on the study routes).
    static func studyCards(_ connection: PostgresConnection, _ rows: [PostgresRandomAccessRow], _ logger: Logger) async throws -> [StudyCard] {
        let cards = try rows.map(Self.studyCard)
        guard try rows.contains(where: { try $0.value("rewritten", as: Bool.self) }) else { return cards }
        return try await withReplaced(connection, cards, logger)
    }

    static func withReplaced(_ connection: PostgresConnection, _ cards: [StudyCard], _ logger: Logger) async throws -> [StudyCard] {
        let ids = Set(cards.map(\.id))
        var replaced: [Int64: [ReplacedItem]] = [:]
        // A few cards (a study route reads one) read their own rewrites through the item index;
        // a whole deck reads the table once.
        let rows = if ids.count <= 500 {
            try await connection.rows(
                "SELECT * FROM item_rewrites WHERE item_id = ANY(\(Array(ids))) ORDER BY rewritten_at DESC, id DESC", logger)
        } else {
            try await connection.rows("SELECT * FROM item_rewrites ORDER BY rewritten_at DESC, id DESC", logger)
        }
        for row in rows {
            let itemID: Int64 = try row.value("item_id")
            guard ids.contains(itemID), let shape = Shape(rawValue: try row.value("shape")) else { continue }
            replaced[itemID, default: []].append(
                ReplacedItem(
                    key: ItemKey.of(try row.value("replaced_item_id")),
                    content: try ItemFieldsJSON.decode(try row.value("fields"), shape: shape), lapses: try row.int("lapses"),
                    reviews: try row.int("reviews"), reason: try row.value("reason"), rewrittenAt: try row.value("rewritten_at")))
        }
        if replaced.isEmpty { return cards }
        return cards.map { card in
            var card = card
            card.replaced = replaced[card.id] ?? []
            return card
        }
    }

    /// The memory in a row's `memory_states` columns; nil for an item never reviewed.
    static func memory(_ row: PostgresRandomAccessRow) throws -> ItemMemory? {
        guard let phase = try row.value("phase", as: Int64?.self).flatMap({ MemoryPhase(rawValue: Int($0)) }),
            let due = try row.value("due", as: Double?.self)
        else { return nil }
        return ItemMemory(
            state: MemoryState(
                phase: phase, step: try row.value("step", as: Int64?.self).map(Int.init), stability: try row.value("stability"),
                difficulty: try row.value("difficulty"), due: Date(timeIntervalSince1970: due),
                lastReview: try row.value("last_review", as: Double?.self).map(Date.init(timeIntervalSince1970:))),
            reps: try row.int("reps"), lapses: try row.int("lapses"))
    }

    static func itemContent(_ row: PostgresRandomAccessRow) throws -> ItemContent {
        let name: String = try row.value("shape")
        guard let shape = Shape(rawValue: name) else { throw StoreError.invalidWrite("item row of unknown shape '\(name)'") }
        return try ItemFieldsJSON.decode(try row.value("fields"), shape: shape)
    }

    static func kitItem(_ row: PostgresRandomAccessRow) throws -> KitItem {
        let cited = try row.value("sources", as: String?.self).map { try decodeJSON($0, as: [Citation].self) } ?? []
        return KitItem(id: try row.value("id"), content: try itemContent(row), sources: cited)
    }

    static func studyCard(_ row: PostgresRandomAccessRow) throws -> StudyCard {
        var card = StudyCard(
            id: try row.value("id"), subject: try row.value("subject"), topic: try row.value("topic"), subtopic: try row.value("subtopic"),
            family: try row.value("family"), content: try itemContent(row), memory: try memory(row), known: try row.value("known"),
            edited: try row.value("edited_at", as: Date?.self) != nil,
            addedByLearner: try row.value("generation_id", as: Int64?.self) == nil, createdAt: try row.value("created_at", as: Date?.self))
        card.tags = ImportedTags.decode(try row.value("tags", as: String?.self))
        card.sources = try row.value("sources", as: String?.self).map { try decodeJSON($0, as: [Citation].self) } ?? []
        return card
    }
}

/// Locks a rated item's row; gives its subject and the FSRS parameters in effect for it (the
/// subject's own, else its owner's). Prepared once per connection (`PreparedRead`).
struct LockRatedItem: PreparedRead {
    static let sql = """
        SELECT t.subject_id, \(ParametersInEffect.sql(owner: "s.owner_id", subject: "s.id")) AS fitted
        FROM items x JOIN subtopics st ON st.id = x.subtopic_id
        JOIN topics t ON t.id = st.topic_id JOIN subjects s ON s.id = t.subject_id
        WHERE x.id = $1 AND x.shape != 'lesson' FOR UPDATE OF x
        """
    let id: Int64

    func makeBindings() throws -> PostgresBindings { try bindings([id]) }
}

/// An item's memory state (no row: never reviewed). Its columns named: a prepared `SELECT *`
/// fails on every connection once a later migration adds a column under a running server.
struct MemoryOfItem: PreparedRead {
    static let sql = "SELECT item_id, phase, step, stability, difficulty, due, last_review, reps, lapses FROM memory_states WHERE item_id = $1"
    let id: Int64

    func makeBindings() throws -> PostgresBindings { try bindings([id]) }
}
