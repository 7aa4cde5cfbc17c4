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
            var subtopics: [String: Int64] = [:]
            var ids: [Int64?] = []
            for item in items {
                guard stored.insert(item.content.importKey).inserted else {
                    ids.append(nil)
                    continue
                }
                let place = item.placeKey
                let subtopicID: Int64
                if let known = subtopics[place] {
                    subtopicID = known
                } else {
                    subtopicID = try await Self.subtopicID(connection, subjectID: subjectID, topic: item.topic, subtopic: item.subtopic, logger)
                }
                subtopics[place] = subtopicID
                let last = try await connection.row(
                    "SELECT MAX(position) AS last FROM items WHERE subtopic_id = \(subtopicID) AND family = \(item.family)", logger)?
                    .value("last", as: Int64?.self)
                let createdAt = item.createdAt(now: date)
                let id: Int64 = try await connection.row(
                    """
                    INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id, created_at, tags)
                    VALUES (\(subtopicID), \(item.family), \(item.content.shape.rawValue), \(Int(last ?? -1) + 1),
                        \(try ItemFieldsJSON.encode(item.content)), NULL, \(createdAt), \(try ImportedTags.json(item.tags)))
                    RETURNING id
                    """, logger)!.value("id")
                ids.append(id)
                if let memory = item.memory {
                    let state = memory.state
                    try await connection.run(
                        """
                        INSERT INTO memory_states (item_id, phase, step, stability, difficulty, due, last_review, reps, lapses)
                        VALUES (\(id), \(state.phase.rawValue), \(state.step), \(state.stability), \(state.difficulty),
                            \(state.due.timeIntervalSince1970), \(state.lastReview?.timeIntervalSince1970), \(memory.reps), \(memory.lapses))
                        """, logger)
                }
                if !item.reviews.isEmpty {
                    try await connection.run(
                        """
                        INSERT INTO review_log (subject_id, item_id, review_time, rating, state, duration_ms)
                        SELECT \(subjectID), \(id), r.time, r.rating, r.state, r.duration
                        FROM unnest(\(item.reviews.map(\.reviewTimeMs))::bigint[], \(item.reviews.map { Int64($0.rating.rawValue) })::bigint[],
                            \(item.reviews.map { Int64($0.state) })::bigint[], \(item.reviews.map { Int64($0.durationMs) })::bigint[])
                            WITH ORDINALITY AS r(time, rating, state, duration, n)
                        ORDER BY r.n
                        """, logger)
                }
            }
            try await Self.touch(connection, subjectID: subjectID, at: date, logger)
            return ids
        }
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
            guard let row = try await connection.row(
                "SELECT * FROM fitted_parameters WHERE owner_id = \(owner.id) AND subject_id IS NOT DISTINCT FROM \(subjectID)", logger)
            else { return nil }
            return FittedParameters(
                parameters: try JSONDecoder().decode([Double].self, from: Data(try row.value("parameters", as: String.self).utf8)),
                fittedAt: try row.value("fitted_at"), reviews: Int(try row.value("reviews", as: Int64.self)),
                defaultFit: FitQuality(logLoss: try row.value("default_log_loss"), rmse: try row.value("default_rmse")),
                fittedFit: FitQuality(logLoss: try row.value("fitted_log_loss"), rmse: try row.value("fitted_rmse")))
        }
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
