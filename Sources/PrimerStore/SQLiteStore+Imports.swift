import Foundation
import GRDB
import PrimerCore

/// `primer import` and `primer study optimize`: items brought in with their histories, and the
/// FSRS parameters fitted to the learner's log.
extension SQLiteStore {
    public func importItems(subjectID: Int64, items: [ImportedItem], at date: Date) async throws -> [Int64?] {
        try await write { db in
            try Self.requireSubject(db, subjectID)
            // Read in the transaction that writes: a concurrent import of the same file waits for
            // this one and then finds its cards.
            var stored = Set(try Row.fetchAll(
                db,
                sql: """
                    SELECT x.shape, x.fields FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                    WHERE t.subject_id = ? AND x.shape <> 'lesson'
                    """,
                arguments: [subjectID]
            ).compactMap { row in Shape(rawValue: row["shape"]).flatMap { try? ItemFieldsJSON.decode(row["fields"], shape: $0).importKey } })
            var subtopics: [String: Int64] = [:]
            var ids: [Int64?] = []
            for item in items {
                guard stored.insert(item.content.importKey).inserted else {
                    ids.append(nil)
                    continue
                }
                let place = item.placeKey
                let subtopicID = try subtopics[place] ?? Self.subtopicID(db, subjectID: subjectID, topic: item.topic, subtopic: item.subtopic)
                subtopics[place] = subtopicID
                let last = try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT MAX(position) FROM items WHERE subtopic_id = ? AND family = ?"),
                    arguments: [subtopicID, item.family])
                var row = try ItemRow(
                    subtopicID: subtopicID, family: item.family, position: (last ?? -1) + 1, content: item.content, generationID: nil,
                    createdAt: item.createdAt(now: date))
                row.tags = try ImportedTags.json(item.tags)
                try row.insert(db)
                let id = db.lastInsertedRowID
                ids.append(id)
                if let memory = item.memory {
                    let state = memory.state
                    try db.execute(
                        sql: """
                            INSERT INTO memory_states (item_id, phase, step, stability, difficulty, due, last_review, reps, lapses)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            id, state.phase.rawValue, state.step, state.stability, state.difficulty, state.due.timeIntervalSince1970,
                            state.lastReview?.timeIntervalSince1970, memory.reps, memory.lapses,
                        ])
                }
                for review in item.reviews {
                    try db.cachedStatement(
                        sql: "INSERT INTO review_log (subject_id, item_id, review_time, rating, state, duration_ms) VALUES (?, ?, ?, ?, ?, ?)"
                    ).execute(arguments: [subjectID, id, review.reviewTimeMs, review.rating.rawValue, review.state, review.durationMs])
                }
            }
            try Self.touch(db, subjectID: subjectID, at: date)
            return ids
        }
    }

    public func placeSubtopic(subjectID: Int64, topic: String, subtopic: String) async throws -> Int64 {
        try await write { db in
            try Self.requireSubject(db, subjectID)
            return try Self.subtopicID(db, subjectID: subjectID, topic: topic, subtopic: subtopic)
        }
    }

    /// The subtopic titled `subtopic` under the topic titled `topic` (case-insensitively, compared
    /// in Swift: SQLite's `lower` folds ASCII only), made at the end of the plan when missing.
    private static func subtopicID(_ db: Database, subjectID: Int64, topic: String, subtopic: String) throws -> Int64 {
        let topicID: Int64
        let topics = try Row.fetchAll(db, sql: "SELECT id, title FROM topics WHERE subject_id = ? ORDER BY position, id", arguments: [subjectID])
        if let found = topics.first(where: { ($0["title"] as String? ?? "").lowercased() == topic.lowercased() }) {
            topicID = found["id"]
        } else {
            let position = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM topics WHERE subject_id = ?", arguments: [subjectID])
            var row = TopicRow(id: nil, subjectID: subjectID, position: (position ?? -1) + 1, title: topic, overview: "")
            try row.insert(db)
            topicID = row.id!
        }
        let subtopics = try Row.fetchAll(db, sql: "SELECT id, title FROM subtopics WHERE topic_id = ? ORDER BY position, id", arguments: [topicID])
        if let found = subtopics.first(where: { ($0["title"] as String? ?? "").lowercased() == subtopic.lowercased() }) {
            return found["id"]
        }
        let position = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM subtopics WHERE topic_id = ?", arguments: [topicID])
        var row = SubtopicRow(id: nil, topicID: topicID, position: (position ?? -1) + 1, title: subtopic)
        try row.insert(db)
        return row.id!
    }

    public func fittedParameters(subjectID: Int64?) async throws -> FittedParameters? {
        try await read { [owner] db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM fitted_parameters WHERE owner_id = ? AND subject_id IS ?", arguments: [owner.id, subjectID]
            ).map(Self.fitted)
        }
    }

    public func fittedParametersInEffect(subjectTitle: String) async throws -> FittedParameters? {
        try await read { [owner] db in
            try Row.fetchOne(
                db.cachedStatement(sql: """
                    SELECT * FROM fitted_parameters WHERE owner_id = ? AND (subject_id IS NULL
                        OR subject_id = (SELECT id FROM subjects WHERE owner_id = ? AND title_key = ?))
                    ORDER BY subject_id IS NULL LIMIT 1
                    """),
                arguments: [owner.id, owner.id, SubjectRow.key(subjectTitle)]
            ).map(Self.fitted)
        }
    }

    private static func fitted(_ row: Row) throws -> FittedParameters {
        FittedParameters(
            parameters: try JSONDecoder().decode([Double].self, from: Data((row["parameters"] as String).utf8)),
            fittedAt: row["fitted_at"], reviews: row["reviews"],
            defaultFit: FitQuality(logLoss: row["default_log_loss"], rmse: row["default_rmse"]),
            fittedFit: FitQuality(logLoss: row["fitted_log_loss"], rmse: row["fitted_rmse"]))
    }

    public func saveFittedParameters(_ fitted: FittedParameters, subjectID: Int64?) async throws {
        let parameters = String(decoding: try JSONEncoder().encode(fitted.parameters), as: UTF8.self)
        try await write { [owner] db in
            if let subjectID { try Self.requireSubject(db, subjectID) }
            try db.execute(sql: "DELETE FROM fitted_parameters WHERE owner_id = ? AND subject_id IS ?", arguments: [owner.id, subjectID])
            try db.execute(
                sql: """
                    INSERT INTO fitted_parameters (owner_id, subject_id, parameters, fitted_at, reviews, default_log_loss, default_rmse,
                        fitted_log_loss, fitted_rmse) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    owner.id, subjectID, parameters, fitted.fittedAt, fitted.reviews, fitted.defaultFit.logLoss, fitted.defaultFit.rmse,
                    fitted.fittedFit.logLoss, fitted.fittedFit.rmse,
                ])
        }
    }
}
