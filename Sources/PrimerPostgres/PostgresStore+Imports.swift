import Foundation
import PostgresNIO
import PrimerCore

/// `primer import` and `primer study optimize` (`LearnerStore`), as `SQLiteStore+Imports`.
extension PostgresStore {
    public func importItems(subjectID: Int64, items: [ImportedItem], at date: Date) async throws -> [Int64?] {
        try await write { connection in
            // The subject is locked: two imports into it run one after the other, and the second
            // finds the first one's cards.
            try await Self.lockSubject(connection, subjectID, logger)
            var stored = Set(try await connection.rows(
                """
                SELECT x.shape, x.fields FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                WHERE t.subject_id = \(subjectID) AND x.shape <> 'lesson'
                """, logger
            ).compactMap { row in
                try Shape(rawValue: row.value("shape")).flatMap { try? ItemFieldsJSON.decode(try row.value("fields"), shape: $0).importKey }
            })
            // Placed in Swift (subtopic and next position per family, one query for each new
            // pair), then written in batches of `importBatch` rows: items, their memory and
            // their reviews each one statement a batch. One statement per item made an import
            // round-trip bound — 3× SQLite's time on a 5,000-card deck (BENCHMARKS.md (p)).
            var subtopics: [String: Int64] = [:]
            var nextPosition: [PositionKey: Int64] = [:]
            var rows: [ImportRow] = []
            var ids: [Int64?] = []
            for (index, item) in items.enumerated() {
                guard stored.insert(item.content.importKey).inserted else {
                    ids.append(nil)
                    continue
                }
                ids.append(nil)
                let place = item.placeKey
                let subtopicID: Int64
                if let known = subtopics[place] {
                    subtopicID = known
                } else {
                    subtopicID = try await Self.subtopicID(connection, subjectID: subjectID, topic: item.topic, subtopic: item.subtopic, logger)
                    subtopics[place] = subtopicID
                }
                let key = PositionKey(subtopicID: subtopicID, family: item.family)
                if nextPosition[key] == nil {
                    let last = try await connection.row(
                        "SELECT MAX(position) AS last FROM items WHERE subtopic_id = \(subtopicID) AND family = \(item.family)", logger)?
                        .value("last", as: Int64?.self)
                    nextPosition[key] = (last ?? -1) + 1
                }
                let position = nextPosition[key]!
                nextPosition[key] = position + 1
                rows.append(ImportRow(index: index, item: item, subtopicID: subtopicID, position: position))
            }
            var start = 0
            while start < rows.count {
                let batch = Array(rows[start..<min(start + Self.importBatch, rows.count)])
                let made = try await Self.insertImported(connection, batch, subjectID: subjectID, at: date, logger)
                for (row, id) in zip(batch, made) { ids[row.index] = id }
                start += batch.count
            }
            try await Self.touch(connection, subjectID: subjectID, at: date, logger)
            return ids
        }
    }

    /// Rows written by one statement of an import.
    static let importBatch = 1_000

    struct PositionKey: Hashable {
        let subtopicID: Int64
        let family: String
    }

    /// An imported item placed: its subtopic and position.
    struct ImportRow {
        let index: Int
        let item: ImportedItem
        let subtopicID: Int64
        let position: Int64
    }

    /// Writes `rows`' items, then their memory states and reviews, three statements in all; the
    /// new ids in the order of `rows`. Arrays carry no NULL here, so an absent value travels as
    /// a value no row has (NaN, −1, "") and is turned back into NULL in SQL.
    static func insertImported(
        _ connection: PostgresConnection, _ rows: [ImportRow], subjectID: Int64, at date: Date, _ logger: Logger
    ) async throws -> [Int64] {
        let made = try await connection.rows(
            """
            INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id, created_at, tags)
            SELECT r.subtopic_id, r.family, r.shape, r.position, r.fields, NULL, r.created_at, NULLIF(r.tags, '')
            FROM unnest(\(rows.map(\.subtopicID))::bigint[], \(rows.map(\.item.family))::text[], \(rows.map(\.item.content.shape.rawValue))::text[],
                \(rows.map(\.position))::bigint[], \(try rows.map { try ItemFieldsJSON.encode($0.item.content) })::text[],
                \(rows.map { $0.item.createdAt(now: date) })::timestamptz[], \(try rows.map { try ImportedTags.json($0.item.tags) ?? "" })::text[])
                WITH ORDINALITY AS r(subtopic_id, family, shape, position, fields, created_at, tags, n)
            ORDER BY r.n
            RETURNING id, subtopic_id, family, position
            """, logger)
        // Matched back by place, which is unique: the order of RETURNING is not promised.
        var byPlace: [PositionKey: [Int64: Int64]] = [:]
        for row in made {
            let key = PositionKey(subtopicID: try row.value("subtopic_id"), family: try row.value("family"))
            byPlace[key, default: [:]][try row.value("position")] = try row.value("id")
        }
        let ids = try rows.map { row in
            guard let id = byPlace[PositionKey(subtopicID: row.subtopicID, family: row.item.family)]?[row.position] else {
                throw StoreError.invalidWrite("an imported item was not stored; nothing of the import was kept")
            }
            return id
        }
        let remembered = zip(rows, ids).compactMap { row, id in row.item.memory.map { (id, $0) } }
        if !remembered.isEmpty {
            let states = remembered.map(\.1.state)
            try await connection.run(
                """
                INSERT INTO memory_states (item_id, phase, step, stability, difficulty, due, last_review, reps, lapses)
                SELECT m.id, m.phase, NULLIF(m.step, -1), NULLIF(m.stability, 'NaN'), NULLIF(m.difficulty, 'NaN'), m.due,
                    NULLIF(m.last_review, 'NaN'), m.reps, m.lapses
                FROM unnest(\(remembered.map(\.0))::bigint[], \(states.map { Int64($0.phase.rawValue) })::bigint[],
                    \(states.map { Int64($0.step ?? -1) })::bigint[], \(states.map { $0.stability ?? .nan })::float8[],
                    \(states.map { $0.difficulty ?? .nan })::float8[], \(states.map { $0.due.timeIntervalSince1970 })::float8[],
                    \(states.map { $0.lastReview?.timeIntervalSince1970 ?? .nan })::float8[],
                    \(remembered.map { Int64($0.1.reps) })::bigint[], \(remembered.map { Int64($0.1.lapses) })::bigint[])
                    AS m(id, phase, step, stability, difficulty, due, last_review, reps, lapses)
                """, logger)
        }
        let reviews = zip(rows, ids).flatMap { row, id in row.item.reviews.map { (id, $0) } }
        if !reviews.isEmpty {
            try await connection.run(
                """
                INSERT INTO review_log (subject_id, item_id, review_time, rating, state, duration_ms)
                SELECT \(subjectID), r.item_id, r.time, r.rating, r.state, r.duration
                FROM unnest(\(reviews.map(\.0))::bigint[], \(reviews.map(\.1.reviewTimeMs))::bigint[],
                    \(reviews.map { Int64($0.1.rating.rawValue) })::bigint[], \(reviews.map { Int64($0.1.state) })::bigint[],
                    \(reviews.map { Int64($0.1.durationMs) })::bigint[])
                    WITH ORDINALITY AS r(item_id, time, rating, state, duration, n)
                ORDER BY r.n
                """, logger)
        }
        return ids
    }

    public func placeSubtopic(subjectID: Int64, topic: String, subtopic: String) async throws -> Int64 {
        try await write { connection in
            try await Self.lockSubject(connection, subjectID, logger)
            return try await Self.subtopicID(connection, subjectID: subjectID, topic: topic, subtopic: subtopic, logger)
        }
    }

    /// The subtopic titled `subtopic` under the topic titled `topic` (case-insensitively, compared
    /// in Swift as SQLite's store does), made at the end of the plan when missing.
    private static func subtopicID(
        _ connection: PostgresConnection, subjectID: Int64, topic: String, subtopic: String, _ logger: Logger
    ) async throws -> Int64 {
        let topicID: Int64
        let topics = try await connection.rows("SELECT id, title FROM topics WHERE subject_id = \(subjectID) ORDER BY position, id", logger)
        if let found = try topics.first(where: { try $0.value("title", as: String.self).lowercased() == topic.lowercased() }) {
            topicID = try found.value("id")
        } else {
            topicID = try await connection.row(
                """
                INSERT INTO topics (subject_id, position, title, overview)
                VALUES (\(subjectID), (SELECT COALESCE(MAX(position), -1) + 1 FROM topics WHERE subject_id = \(subjectID)), \(topic), '')
                RETURNING id
                """, logger)!.value("id")
        }
        let subtopics = try await connection.rows("SELECT id, title FROM subtopics WHERE topic_id = \(topicID) ORDER BY position, id", logger)
        if let found = try subtopics.first(where: { try $0.value("title", as: String.self).lowercased() == subtopic.lowercased() }) {
            return try found.value("id")
        }
        return try await connection.row(
            """
            INSERT INTO subtopics (topic_id, position, title)
            VALUES (\(topicID), (SELECT COALESCE(MAX(position), -1) + 1 FROM subtopics WHERE topic_id = \(topicID)), \(subtopic))
            RETURNING id
            """, logger)!.value("id")
    }

    public func fittedParameters(subjectID: Int64?) async throws -> FittedParameters? {
        try await read { connection in
            try await connection.row(
                "SELECT * FROM fitted_parameters WHERE owner_id = \(owner.id) AND subject_id IS NOT DISTINCT FROM \(subjectID)", logger
            ).map(Self.fitted)
        }
    }

    public func fittedParametersInEffect(subjectTitle: String) async throws -> FittedParameters? {
        try await read { connection in
            try await connection.row(
                """
                SELECT * FROM fitted_parameters WHERE owner_id = \(owner.id) AND (subject_id IS NULL
                    OR subject_id = (SELECT id FROM subjects WHERE owner_id = \(owner.id) AND title_key = \(SubjectTitle.key(subjectTitle))))
                ORDER BY subject_id IS NULL LIMIT 1
                """, logger
            ).map(Self.fitted)
        }
    }

    private static func fitted(_ row: PostgresRandomAccessRow) throws -> FittedParameters {
        FittedParameters(
            parameters: try JSONDecoder().decode([Double].self, from: Data(try row.value("parameters", as: String.self).utf8)),
            fittedAt: try row.value("fitted_at"), reviews: Int(try row.value("reviews", as: Int64.self)),
            defaultFit: FitQuality(logLoss: try row.value("default_log_loss"), rmse: try row.value("default_rmse")),
            fittedFit: FitQuality(logLoss: try row.value("fitted_log_loss"), rmse: try row.value("fitted_rmse")))
    }

    public func saveFittedParameters(_ fitted: FittedParameters, subjectID: Int64?) async throws {
        let parameters = String(decoding: try JSONEncoder().encode(fitted.parameters), as: UTF8.self)
        try await write { connection in
            if let subjectID { try await Self.lockSubject(connection, subjectID, logger) }
            // One statement: two fits stored at once end with the later one, not a unique violation.
            try await connection.run(
                """
                INSERT INTO fitted_parameters (owner_id, subject_id, parameters, fitted_at, reviews, default_log_loss, default_rmse,
                    fitted_log_loss, fitted_rmse)
                VALUES (\(owner.id), \(subjectID), \(parameters), \(fitted.fittedAt), \(Int64(fitted.reviews)), \(fitted.defaultFit.logLoss),
                    \(fitted.defaultFit.rmse), \(fitted.fittedFit.logLoss), \(fitted.fittedFit.rmse))
                ON CONFLICT (owner_id, (COALESCE(subject_id, 0))) DO UPDATE SET parameters = excluded.parameters,
                    fitted_at = excluded.fitted_at, reviews = excluded.reviews, default_log_loss = excluded.default_log_loss,
                    default_rmse = excluded.default_rmse, fitted_log_loss = excluded.fitted_log_loss, fitted_rmse = excluded.fitted_rmse
                """, logger)
        }
    }
}
