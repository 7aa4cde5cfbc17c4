import Foundation
import GRDB
import PrimerCore

/// The learner's side of the store: memory states, the review log, known flags, quizzes, and
/// the items a learner adds, edits and deletes. Every write is one transaction.
extension SQLiteStore {
    private static let studyCardSQL = """
        SELECT x.id, x.family, x.shape, x.fields, x.generation_id, x.edited_at, x.created_at, x.tags, x.sources,
            s.title AS subject, t.title AS topic, st.title AS subtopic,
            m.phase, m.step, m.stability, m.difficulty, m.due, m.last_review, m.reps, m.lapses,
            k.item_id IS NOT NULL AS known
        FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
        JOIN subjects s ON s.id = t.subject_id
        LEFT JOIN memory_states m ON m.item_id = x.id LEFT JOIN known_items k ON k.item_id = x.id
        WHERE x.shape != 'lesson'
        """
    private static let kitOrder = "ORDER BY s.title COLLATE NOCASE, s.id, t.position, st.position, x.family, x.position, x.id"

    /// The studied items (every shape but the lesson) of the subject titled `subjectTitle`, or
    /// of every subject when nil, in kit order (topic, subtopic, family, position).
    public func studyCards(subjectTitle: String?) async throws -> [StudyCard] {
        try await read { [owner] db in
            let rows = try subjectTitle.map {
                try Row.fetchAll(
                    db, sql: "\(Self.studyCardSQL) AND s.owner_id = ? AND s.title_key = ? \(Self.kitOrder)",
                    arguments: [owner.id, SubjectRow.key($0)])
            } ?? Row.fetchAll(db, sql: "\(Self.studyCardSQL) AND s.owner_id = ? \(Self.kitOrder)", arguments: [owner.id])
            return try Self.withReplaced(db, rows.map(Self.studyCard))
        }
    }

    public func studiedMemories(subjectTitle: String?) async throws -> StudiedMemories {
        try await read { [owner] db in
            // The memories through their subject (`memory_states.subject_id`), the new items as
            // the subject's item count (its subtopics' covering index) less its memories: no
            // lookup of each new item's memory.
            let mine = subjectTitle == nil ? "s.owner_id = ?" : "s.owner_id = ? AND s.title_key = ?"
            let arguments: StatementArguments = subjectTitle.map { [owner.id, SubjectRow.key($0)] } ?? [owner.id]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT m.item_id AS id, s.title AS subject, m.phase, m.step, m.stability, m.difficulty, m.due, m.last_review, m.reps, m.lapses
                    FROM memory_states m JOIN subjects s ON s.id = m.subject_id WHERE \(mine)
                    """, arguments: arguments)
            var memories: [StudiedMemory] = []
            var studied: [String: Int] = [:]
            while let row = try rows.next() {
                let memory = StudiedMemory(itemID: row["id"], subject: row["subject"], memory: Self.memory(row))
                studied[memory.subject, default: 0] += 1
                memories.append(memory)
            }
            var new: [String: Int] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT s.title AS subject, COUNT(*) AS items FROM subjects s JOIN topics t ON t.subject_id = s.id
                    JOIN subtopics st ON st.topic_id = t.id JOIN items x ON x.subtopic_id = st.id
                    WHERE x.shape != 'lesson' AND \(mine) GROUP BY s.id
                    """, arguments: arguments)
            {
                let subject: String = row["subject"]
                new[subject] = (row["items"] as Int) - (studied[subject] ?? 0)
            }
            return StudiedMemories(memories: memories, new: new)
        }
    }

    /// One studied item by id, nil when there is none.
    public func studyCard(id: Int64) async throws -> StudyCard? {
        try await read { [owner] db in try Self.fetchStudyCard(db, id: id, owner: owner) }
    }

    /// The ids of studied items whose key (`ItemKey`) starts with `prefix`.
    public func studyItemIDs(keyPrefix prefix: String) async throws -> [Int64] {
        let prefix = prefix.lowercased()
        return try await read { [owner] db in
            try Int64.fetchAll(
                db,
                sql: """
                    SELECT x.id FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                    JOIN subjects s ON s.id = t.subject_id WHERE x.shape != 'lesson' AND s.owner_id = ?
                    """,
                arguments: [owner.id])
        }.filter { ItemKey.of($0).hasPrefix(prefix) }
    }

    /// Rates one of the owner's items at `date` (`LearnerStore.rateItem`), the card read in the
    /// rating's transaction: its next memory stored with a line of the review log; a `clientKey`
    /// the item's log has already stores nothing (`RecordedReview.repeated`).
    public func rateItem(
        itemID: Int64, rating: ReviewRating, at date: Date, durationMs: Int, clientKey: String?,
        scheduling: @escaping @Sendable (_ card: StudyCard, _ parameters: [Double]?) throws -> ItemMemory
    ) async throws -> RecordedReview {
        try await write { [owner] db in
            guard let card = try Self.fetchStudyCard(db, id: itemID, owner: owner) else { throw StoreError.notFound("item \(ItemKey.of(itemID))") }
            if let clientKey, let earlier = try Row.fetchOne(
                db, sql: "SELECT review_time, rating FROM review_log WHERE item_id = ? AND client_key = ?", arguments: [itemID, clientKey])
            {
                try ReviewKeyRule.checkRepeat(earlier["rating"], rating, clientKey: clientKey)
                guard let now = card.memory else { throw StoreError.notFound("item \(ItemKey.of(itemID))'s memory") }
                let time: Int64 = earlier["review_time"]
                return RecordedReview(
                    card: card, before: now, after: now, reviewedAt: Date(timeIntervalSince1970: Double(time) / 1000), repeated: true)
            }
            let (before, after) = try Self.review(
                db, itemID: itemID, rating: rating, at: date, durationMs: durationMs, clientKey: clientKey,
                schedule: { _, parameters in try scheduling(card, parameters) })
            return RecordedReview(card: card, before: before, after: after, reviewedAt: after.reviewTime(or: date), repeated: false)
        }
    }

    /// Marks an item known or not known.
    public func setKnown(itemID: Int64, known: Bool, at date: Date) async throws {
        try await write { db in
            try Self.requireItem(db, itemID)
            if known {
                try db.execute(
                    sql: "INSERT INTO known_items (item_id, marked_at) VALUES (?, ?) ON CONFLICT (item_id) DO NOTHING",
                    arguments: [itemID, date])
            } else {
                try db.execute(sql: "DELETE FROM known_items WHERE item_id = ?", arguments: [itemID])
            }
        }
    }

    /// Adds an item the learner wrote after the subtopic's items of `family`; returns its id.
    public func addItem(subjectID: Int64, subtopicID: Int64, family: String, content: ItemContent, at date: Date) async throws -> Int64 {
        try await write { db in
            try Self.requireSubtopic(db, subtopicID, of: subjectID)
            let last = try Int.fetchOne(
                db, sql: "SELECT MAX(position) FROM items WHERE subtopic_id = ? AND family = ?", arguments: [subtopicID, family])
            let row = try ItemRow(
                subtopicID: subtopicID, family: family, position: (last ?? -1) + 1, content: content, generationID: nil, createdAt: date)
            try row.insert(db)
            try Self.touch(db, subjectID: subjectID, at: date)
            return db.lastInsertedRowID
        }
    }

    /// Replaces an item's fields with the learner's version; its memory and review log stay.
    public func editItem(id: Int64, content: ItemContent, at date: Date) async throws {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT shape, fields FROM items WHERE id = ?", arguments: [id]) else {
                throw StoreError.notFound("item \(ItemKey.of(id))")
            }
            let shape: String = row["shape"]
            guard shape == content.shape.rawValue else {
                throw StoreError.invalidWrite("item \(ItemKey.of(id)) is a \(shape) item, not a \(content.shape.rawValue) item")
            }
            let fields = try ItemFieldsJSON.encode(content)
            let previous: String = row["fields"]
            guard fields != previous else { return }
            try db.execute(
                sql: "INSERT INTO item_revisions (item_id, fields, replaced_at) VALUES (?, ?, ?)", arguments: [id, previous, date])
            try db.execute(sql: "UPDATE items SET fields = ?, edited_at = ? WHERE id = ?", arguments: [fields, date, id])
        }
    }

    /// Deletes one item with its memory state; its lines in the review log stay (they are the
    /// learner's history, and the optimizer's data). False when there was no such item.
    @discardableResult
    public func deleteItem(id: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM items WHERE id = ? AND shape != 'lesson'", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// The review log of one subject (nil: of every subject), oldest first.
    public func reviewLog(subjectTitle: String?) async throws -> [ReviewLogEntry] {
        try await subjectRows("review_log", subjectTitle: subjectTitle, order: "r.review_time, r.id") { row in
            ReviewLogEntry(
                itemID: row["item_id"], subject: row["subject"], reviewTimeMs: row["review_time"],
                rating: ReviewRating(rawValue: row["rating"]) ?? .again, state: row["state"], durationMs: row["duration_ms"])
        }
    }

    /// Stores a finished quiz with its answers and, for each answer, a review of its question
    /// (`rating` of the answer), in one transaction.
    public func recordQuiz(
        _ attempt: QuizAttempt, rating: @escaping @Sendable (QuizResponse) -> ReviewRating,
        schedule: @escaping @Sendable (ItemMemory?, ReviewRating) -> ItemMemory
    ) async throws {
        try await write { [owner] db in
            guard let subject = try Self.fetchSubject(db, title: attempt.subject, owner: owner), let subjectID = subject.id else {
                throw StoreError.notFound("subject '\(attempt.subject)'")
            }
            try db.execute(
                sql: """
                    INSERT INTO quiz_attempts (subject_id, subtopic, taken_at, questions, correct, pass_percent, passed)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    subjectID, attempt.subtopic, attempt.takenAt, attempt.answers.count, attempt.correct,
                    attempt.passPercent, attempt.passed,
                ])
            let attemptID = db.lastInsertedRowID
            for (position, answer) in attempt.answers.enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO quiz_answers (attempt_id, position, item_id, question, chosen, correct_index)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [attemptID, position, answer.itemID, answer.question, answer.chosen, answer.correctIndex])
                let rated = rating(answer)
                _ = try Self.review(db, itemID: answer.itemID, rating: rated, at: attempt.takenAt, durationMs: 0) { before, _ in
                    schedule(before, rated)
                }
            }
        }
    }

    /// The quizzes taken on a subject (nil: on every subject), oldest first, without answers.
    public func quizAttempts(subjectTitle: String?) async throws -> [QuizAttemptSummary] {
        try await subjectRows("quiz_attempts", subjectTitle: subjectTitle, order: "r.taken_at, r.id") { row in
            QuizAttemptSummary(
                subject: row["subject"], subtopic: row["subtopic"], takenAt: row["taken_at"], questions: row["questions"],
                correct: row["correct"], passPercent: row["pass_percent"], passed: row["passed"])
        }
    }

    /// The rows of a table hanging from subjects (aliased `r`, with the subject's title as
    /// `subject`), of one subject or of all, in `order`, each turned into a value by `value`.
    private func subjectRows<T: Sendable>(
        _ table: String, subjectTitle: String?, order: String, value: @escaping @Sendable (Row) throws -> T
    ) async throws -> [T] {
        let sql = """
            SELECT r.*, s.title AS subject FROM \(table) r JOIN subjects s ON s.id = r.subject_id
            WHERE s.owner_id = ? \(subjectTitle == nil ? "" : "AND s.title_key = ?") ORDER BY \(order)
            """
        let arguments = StatementArguments([owner.id] + (subjectTitle.map { [SubjectRow.key($0)] } ?? []) as [(any DatabaseValueConvertible)?])
        return try await read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map(value)
        }
    }

    // MARK: - Rows

    static func review(
        _ db: Database, itemID: Int64, rating: ReviewRating, at date: Date, durationMs: Int, clientKey: String? = nil,
        schedule: (_ before: ItemMemory?, _ parameters: [Double]?) throws -> ItemMemory
    ) throws -> (before: ItemMemory?, after: ItemMemory) {
        // Only what scheduling needs: the item's subject, its memory and the FSRS parameters in
        // effect (the subject's, else its owner's), not its fields.
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT t.subject_id, m.*, \(ParametersInEffect.sql(owner: "s.owner_id", subject: "s.id")) AS fitted
                FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                JOIN subjects s ON s.id = t.subject_id LEFT JOIN memory_states m ON m.item_id = x.id
                WHERE x.id = ? AND x.shape != 'lesson'
                """),
            arguments: [itemID])
        else { throw StoreError.notFound("item \(ItemKey.of(itemID))") }
        let subjectID: Int64 = row["subject_id"]
        let before = memory(row)
        let parameters = try (row["fitted"] as String?).map { try JSONDecoder().decode([Double].self, from: Data($0.utf8)) }
        let after = try schedule(before, parameters)
        let state = after.state
        try db.cachedStatement(
            sql: """
                INSERT INTO memory_states (item_id, phase, step, stability, difficulty, due, last_review, reps, lapses)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (item_id) DO UPDATE SET phase = excluded.phase, step = excluded.step,
                    stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due,
                    last_review = excluded.last_review, reps = excluded.reps, lapses = excluded.lapses
                """
        ).execute(
            arguments: [
                itemID, state.phase.rawValue, state.step, state.stability, state.difficulty,
                state.due.timeIntervalSince1970, state.lastReview?.timeIntervalSince1970, after.reps, after.lapses,
            ])
        try db.cachedStatement(
            sql: "INSERT INTO review_log (subject_id, item_id, review_time, rating, state, duration_ms, client_key) VALUES (?, ?, ?, ?, ?, ?, ?)"
        ).execute(
            arguments: [
                subjectID, itemID, after.reviewTimeMs(or: date), rating.rawValue,
                before?.state.phase.rawValue ?? 0, max(0, durationMs), clientKey,
            ])
        return (before, after)
    }

    /// One studied item; with `owner`, only when it is in one of that owner's subjects.
    static func fetchStudyCard(_ db: Database, id: Int64, owner: SubjectOwner? = nil) throws -> StudyCard? {
        // Prepared once per connection: the study routes read a card each.
        let row = if let owner {
            try Row.fetchOne(db.cachedStatement(sql: "\(studyCardSQL) AND x.id = ? AND s.owner_id = ?"), arguments: [id, owner.id])
        } else {
            try Row.fetchOne(db.cachedStatement(sql: "\(studyCardSQL) AND x.id = ?"), arguments: [id])
        }
        return try row.map { try withReplaced(db, [studyCard($0)])[0] }
    }

    /// The cards with the leeches each replaced.
    static func withReplaced(_ db: Database, _ cards: [StudyCard]) throws -> [StudyCard] {
        let replaced = try replacedItems(db, itemIDs: Set(cards.map(\.id)))
        if replaced.isEmpty { return cards }
        return cards.map { card in
            var card = card
            card.replaced = replaced[card.id] ?? []
            return card
        }
    }

    static func requireItem(_ db: Database, _ id: Int64) throws {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM items WHERE id = ?", arguments: [id]) != nil else {
            throw StoreError.notFound("item \(ItemKey.of(id))")
        }
    }

    /// The memory in a row's `memory_states` columns; nil for an item never reviewed.
    static func memory(_ row: Row) -> ItemMemory? {
        guard let phase = (row["phase"] as Int?).flatMap(MemoryPhase.init(rawValue:)), let due = row["due"] as Double? else {
            return nil
        }
        return ItemMemory(
            state: MemoryState(
                phase: phase, step: row["step"], stability: row["stability"], difficulty: row["difficulty"],
                due: Date(timeIntervalSince1970: due),
                lastReview: (row["last_review"] as Double?).map(Date.init(timeIntervalSince1970:))),
            reps: row["reps"], lapses: row["lapses"])
    }

    static func studyCard(_ row: Row) throws -> StudyCard {
        guard let shape = Shape(rawValue: row["shape"]) else {
            throw StoreError.invalidWrite("item row of unknown shape '\(row["shape"] as String? ?? "")'")
        }
        var card = StudyCard(
            id: row["id"], subject: row["subject"], topic: row["topic"], subtopic: row["subtopic"], family: row["family"],
            content: try ItemFieldsJSON.decode(row["fields"], shape: shape), memory: memory(row), known: row["known"],
            edited: row["edited_at"] as Date? != nil, addedByLearner: row["generation_id"] as Int64? == nil,
            createdAt: row["created_at"])
        card.tags = ImportedTags.decode(row["tags"])
        card.sources = try (row["sources"] as String?).map { try JSONDecoder().decode([Citation].self, from: Data($0.utf8)) } ?? []
        return card
    }
}

