import Foundation
import PostgresNIO
import PrimerCore

/// The learner's side (`LearnerStore`): memory states, the review log, known flags, quizzes,
/// learner-written items. A write that changes an item locks its row first, so an edit and a
/// rewrite of one card follow one another; a rating writes only if the memory it read is unchanged
/// (`review`), holding the row in share mode while it writes.
extension PostgresStore {
    /// A studied card's columns (`studyCard(_:)` reads them) and the tables they come from.
    static let studyCardColumns = """
        x.id, x.family, x.shape, x.fields, x.generation_id, x.edited_at, x.created_at, x.tags, x.sources,
            s.title AS subject, t.title AS topic, st.title AS subtopic,
            m.phase, m.step, m.stability, m.difficulty, m.due, m.last_review, m.reps, m.lapses,
            k.item_id IS NOT NULL AS known, EXISTS (SELECT 1 FROM item_rewrites w WHERE w.item_id = x.id) AS rewritten
        """
    static let studyCardTables = """
        items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
        JOIN subjects s ON s.id = t.subject_id
        LEFT JOIN memory_states m ON m.item_id = x.id LEFT JOIN known_items k ON k.item_id = x.id
        """
    static let studyCardSQL = "SELECT \(studyCardColumns) FROM \(studyCardTables) WHERE x.shape != 'lesson'"
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

    public func studiedMemories(subjectTitle: String?) async throws -> StudiedMemories {
        try await read { connection in
            // As SQLite's: the memories through their subject, the new items as a count less them.
            let all = subjectTitle == nil
            let key = SubjectTitle.key(subjectTitle ?? "")
            var memories: [StudiedMemory] = []
            var studied: [String: Int] = [:]
            for row in try await connection.rows(
                """
                SELECT m.item_id AS id, s.title AS subject, m.phase, m.step, m.stability, m.difficulty, m.due, m.last_review, m.reps, m.lapses
                FROM memory_states m JOIN subjects s ON s.id = m.subject_id
                WHERE s.owner_id = \(owner.id) AND (\(all) OR s.title_key = \(key))
                """, logger)
            {
                let memory = StudiedMemory(itemID: try row.value("id"), subject: try row.value("subject"), memory: try Self.memory(row))
                studied[memory.subject, default: 0] += 1
                memories.append(memory)
            }
            var new: [String: Int] = [:]
            for row in try await connection.rows(
                """
                SELECT s.title AS subject, COUNT(*) AS items FROM subjects s JOIN topics t ON t.subject_id = s.id
                JOIN subtopics st ON st.topic_id = t.id JOIN items x ON x.subtopic_id = st.id
                WHERE x.shape <> 'lesson' AND s.owner_id = \(owner.id) AND (\(all) OR s.title_key = \(key)) GROUP BY s.id
                """, logger)
            {
                let subject: String = try row.value("subject")
                // Two statements, two snapshots: a card deleted between them must not make it negative.
                new[subject] = max(0, try row.int("items") - (studied[subject] ?? 0))
            }
            return StudiedMemories(memories: memories, new: new)
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

    public func rateItem(
        itemID: Int64, rating: ReviewRating, at date: Date, durationMs: Int, clientKey: String?,
        scheduling: @escaping @Sendable (_ card: StudyCard, _ parameters: [Double]?) throws -> ItemMemory
    ) async throws -> RecordedReview {
        // No transaction: the rating's write is one statement that checks what it read. A rating
        // sent with a client key is made alone (its repeat is read from the log); the others are
        // stored with the ratings made at the same moment (`RatingBatches`).
        guard clientKey == nil else {
            return try await read { connection in
                try await review(connection, itemID: itemID, rating: rating, at: date, durationMs: durationMs, clientKey: clientKey, schedule: scheduling)
            }
        }
        return try await ratings.rate(self, itemID: itemID, rating: rating, at: date, durationMs: durationMs, schedule: scheduling)
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
                _ = try await review(
                    connection, itemID: answer.itemID, rating: rated, at: attempt.takenAt, durationMs: 0, schedule: { card, _ in schedule(card.memory, rated) })
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

    /// Rates one of the owner's items: the card read with what its rating needs (`RatedItems`, or
    /// `KeyedRatedItem` with a client key), the next memory scheduled, then written only if the
    /// memory is still the one read, or inserted if the card had none (`WriteRatings`):
    /// another rating of the card in between makes the write store nothing, and the rating is
    /// read and scheduled again. So a rating takes two statements and no transaction of its own
    /// (a card read, a lock, a memory read, BEGIN and COMMIT were six round trips), and two
    /// ratings of one card are still stored one after the other, each scheduled from the memory
    /// the other left. The write holds the item's row in share mode while it runs: an edit or a
    /// leech's rewrite (which lock it for update) sees the memory before or after it, never
    /// midway. Inside a transaction (a quiz) the same holds.
    func review(
        _ connection: PostgresConnection, itemID: Int64, rating: ReviewRating, at date: Date, durationMs: Int, clientKey: String? = nil,
        schedule: (_ card: StudyCard, _ parameters: [Double]?) throws -> ItemMemory
    ) async throws -> RecordedReview {
        for _ in 0..<Self.ratingAttempts {
            let read = if let clientKey {
                try await connection.row(KeyedRatedItem(id: itemID, ownerID: owner.id, clientKey: clientKey), logger)
            } else {
                try await connection.row(RatedItems(ids: [itemID], owners: [owner.id]), logger)
            }
            guard let row = read else {
                throw StoreError.notFound("item \(ItemKey.of(itemID))")
            }
            let card = try await Self.studyCards(connection, [row], logger)[0]
            let before = card.memory
            // The same rating sent again (its client key in the item's log) stores nothing.
            if let clientKey, let earlier = try row.value("earlier_rating", as: Int64?.self) {
                try ReviewKeyRule.checkRepeat(Int(earlier), rating, clientKey: clientKey)
                guard let before else { throw StoreError.notFound("item \(ItemKey.of(itemID))'s memory") }
                let time = try row.value("earlier_time", as: Int64.self)
                return RecordedReview(
                    card: card, before: before, after: before, reviewedAt: Date(timeIntervalSince1970: Double(time) / 1000), repeated: true)
            }
            let parameters = try Self.fittedParameters(row)
            let after = try schedule(card, parameters)
            let written = try await RatingWrite(
                itemID: itemID, before: before, after: after, rating: rating, at: date, durationMs: durationMs, clientKey: clientKey
            ).store(connection, logger)
            if written != nil {
                return RecordedReview(card: card, before: before, after: after, reviewedAt: after.reviewTime(or: date), repeated: false)
            }
        }
        throw Self.ratedByOthers(itemID, store: address)
    }

    /// The FSRS parameters a rating's row says are in effect (`fitted`), nil for the defaults.
    static func fittedParameters(_ row: PostgresRandomAccessRow) throws -> [Double]? {
        try (try row.value("fitted", as: String?.self)).map { try JSONDecoder().decode([Double].self, from: Data($0.utf8)) }
    }

    /// A rating whose card others rated every time it was scheduled.
    static func ratedByOthers(_ itemID: Int64, store: String) -> StoreError {
        StoreError.refused(
            store: store, reason: "item \(ItemKey.of(itemID)) was rated \(ratingAttempts) times by others while this rating was made; rate it again")
    }

    /// How often a rating is scheduled again when other ratings of the card keep coming first.
    static let ratingAttempts = 16

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

/// What a keyed rating reads of its item: the card (`PostgresStore.studyCardColumns`) when it is
/// the owner's, the FSRS parameters in effect for it (the subject's own, else its owner's), and
/// the time and rating of an earlier review sent with the same client key ($3). A rating without
/// a key reads `RatedItems`. Prepared once per connection (`PreparedRead`).
struct KeyedRatedItem: PreparedRead {
    static let sql = """
        SELECT \(PostgresStore.studyCardColumns), \(ParametersInEffect.sql(owner: "s.owner_id", subject: "s.id")) AS fitted,
            r.review_time AS earlier_time, r.rating AS earlier_rating
        FROM \(PostgresStore.studyCardTables) LEFT JOIN review_log r ON r.item_id = x.id AND r.client_key = $3
        WHERE x.id = $1 AND x.shape != 'lesson' AND s.owner_id = $2
        """
    let id: Int64
    let ownerID: Int64
    let clientKey: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = try bindings([id, ownerID])
        try bindings.append(clientKey)
        return bindings
    }
}

/// One rating's write: the memory before and after, and its line of the review log. Stored by
/// `WriteRatings`, alone or with the ratings of its batch.
struct RatingWrite: Sendable {
    let itemID: Int64
    let before: ItemMemory?
    let after: ItemMemory
    let rating: ReviewRating
    let at: Date
    let durationMs: Int
    let clientKey: String?

    /// Stores it alone: an update of the memory it was scheduled from, else a first memory. Nil:
    /// nothing stored.
    func store(_ connection: PostgresConnection, _ logger: Logger) async throws -> PostgresRandomAccessRow? {
        try await connection.row(WriteRatings([self]), logger)
    }
}
