import Foundation
import Logging
import PostgresNIO
import PrimerCore

/// What the pipeline reads and writes (`KitStore`). Every write runs in one transaction, under the
/// lock of its subject's row.
extension PostgresStore {
    public func subject(titled title: String) async throws -> StoredSubject? {
        try await read { connection in try await Self.fetchSubject(connection, title: title, owner: owner, logger) }
    }

    public func upsertSubject(title: String, notes: String, kind: SubjectKind, instructions: String) async throws -> StoredSubject {
        let title = SubjectTitle.normalized(title)
        guard !title.isEmpty else { throw StoreError.invalidWrite("a subject needs a title") }
        return try await write { connection in
            let now = Date()
            // One statement: two runs creating the same subject end with one row.
            let row = try await connection.row(
                """
                INSERT INTO subjects (title, title_key, notes, kind, instructions, created_at, updated_at, owner_id)
                VALUES (\(title), \(SubjectTitle.key(title)), \(notes), \(kind.rawValue), \(instructions), \(now), \(now), \(owner.id))
                ON CONFLICT (owner_id, title_key) DO UPDATE SET notes = excluded.notes, kind = excluded.kind,
                    instructions = excluded.instructions, updated_at = excluded.updated_at
                RETURNING *
                """, logger)
            return try Self.subject(row!)
        }
    }

    public func plan(subjectID: Int64) async throws -> [StoredTopic] {
        try await read { connection in try await Self.fetchPlan(connection, subjectID: subjectID, logger) }
    }

    public func storePlan(subjectID: Int64, plan: Plan, generation: GenerationRecord, replacing: Bool) async throws -> [StoredTopic] {
        try await write { connection in
            try await Self.lockSubject(connection, subjectID, logger)
            let now = Date()
            if !replacing {
                let kept = try await Self.fetchPlan(connection, subjectID: subjectID, logger)
                if !kept.isEmpty {
                    try await Self.recordDiscarded(connection, subjectID: subjectID, subtopicID: nil, generation: generation, at: now, logger)
                    return kept
                }
            }
            // Cascades to subtopics and everything under them, their generations included.
            try await connection.run("DELETE FROM topics WHERE subject_id = \(subjectID)", logger)
            for (topicIndex, topic) in plan.topics.enumerated() {
                let topicID: Int64 = try await connection.row(
                    """
                    INSERT INTO topics (subject_id, position, title, overview)
                    VALUES (\(subjectID), \(topicIndex), \(topic.title), \(topic.overview)) RETURNING id
                    """, logger)!.value("id")
                for (index, title) in topic.subtopics.enumerated() {
                    try await connection.run(
                        "INSERT INTO subtopics (topic_id, position, title) VALUES (\(topicID), \(index), \(title))", logger)
                }
            }
            _ = try await Self.insertGeneration(connection, subjectID: subjectID, subtopicID: nil, record: generation, at: now, logger)
            try await Self.touch(connection, subjectID: subjectID, at: now, logger)
            return try await Self.fetchPlan(connection, subjectID: subjectID, logger)
        }
    }

    public func completedFamilies(subtopicID: Int64) async throws -> Set<String> {
        try await read { connection in try await Self.completedFamilies(connection, subtopicID: subtopicID, logger) }
    }

    static func completedFamilies(_ connection: PostgresConnection, subtopicID: Int64, _ logger: Logger) async throws -> Set<String> {
        Set(
            try await connection.rows(
                "SELECT DISTINCT family FROM generations WHERE subtopic_id = \(subtopicID) AND status = 'ok'", logger
            ).map { try $0.value("family", as: String.self) })
    }

    public func subtopicStart(
        subjectID: Int64, subtopicID: Int64, lessonFamily: String?, glossaryFamily: String?
    ) async throws -> SubtopicStart {
        try await read { connection in
            let completed = try await Self.completedFamilies(connection, subtopicID: subtopicID, logger)
            var lesson: String?
            if let lessonFamily { lesson = try await Self.lesson(connection, subtopicID: subtopicID, family: lessonFamily, logger) }
            var terms: [String] = []
            if let glossaryFamily {
                terms = try await Self.glossary(connection, subjectID: subjectID, family: glossaryFamily, before: subtopicID, logger)
            }
            return SubtopicStart(completed: completed, lesson: lesson, terms: terms)
        }
    }

    @discardableResult
    public func saveContent(
        subjectID: Int64, subtopicID: Int64, output: GeneratedOutput, generation: GenerationRecord, replacing: Bool
    ) async throws -> Bool {
        try StoreRules.checkContent(output, generation)
        return try await write { connection in
            try await Self.saveContent(
                connection, subjectID: subjectID, subtopicID: subtopicID, output: output, generation: generation, replacing: replacing, logger)
        }
    }

    public func saveContents(
        subjectID: Int64, subtopicID: Int64, _ outputs: [(output: GeneratedOutput, generation: GenerationRecord)], replacing: Bool
    ) async throws -> [Bool] {
        for (output, generation) in outputs { try StoreRules.checkContent(output, generation) }
        return try await write { connection in
            if outputs.count > 1 {
                // Every family's items at once, in id order, as every writer of several items
                // locks them (one family after another would lock out of id order, against a
                // rating batch's shared locks).
                try await Self.lockSubtopic(connection, subtopicID, of: subjectID, logger)
                let families = outputs.map(\.generation.family)
                try await connection.run(
                    "SELECT id FROM items WHERE subtopic_id = \(subtopicID) AND family = ANY(\(families)) ORDER BY id FOR UPDATE", logger)
            }
            var stored: [Bool] = []
            for (output, generation) in outputs {
                stored.append(try await Self.saveContent(
                    connection, subjectID: subjectID, subtopicID: subtopicID, output: output, generation: generation,
                    replacing: replacing, logger))
            }
            return stored
        }
    }

    public func recordFailure(subjectID: Int64, subtopicID: Int64?, generation: GenerationRecord) async throws {
        try await write { connection in
            try await Self.recordFailure(connection, subjectID: subjectID, subtopicID: subtopicID, generation: generation, logger)
        }
    }

    /// `saveContent` inside the caller's transaction (a worker's runs under its lease check).
    static func saveContent(
        _ connection: PostgresConnection, subjectID: Int64, subtopicID: Int64, output: GeneratedOutput, generation: GenerationRecord,
        replacing: Bool, _ logger: Logger
    ) async throws -> Bool {
        try await lockSubtopic(connection, subtopicID, of: subjectID, logger)
        let now = Date()
        let stored = try await connection.row(
            "SELECT 1 AS one FROM generations WHERE subtopic_id = \(subtopicID) AND family = \(generation.family) AND status = 'ok' LIMIT 1",
            logger) != nil
        if stored && !replacing {
            try await recordDiscarded(connection, subjectID: subjectID, subtopicID: subtopicID, generation: generation, at: now, logger)
            return false
        }
        let generationID = try await insertGeneration(
            connection, subjectID: subjectID, subtopicID: subtopicID, record: generation, at: now, logger)
        try await replaceContent(
            connection, subtopicID: subtopicID, family: generation.family, output: output, generationID: generationID, at: now,
            sources: generation.sourcesPerItem, logger)
        try await touch(connection, subjectID: subjectID, at: now, logger)
        return true
    }

    /// `recordFailure` inside the caller's transaction.
    static func recordFailure(
        _ connection: PostgresConnection, subjectID: Int64, subtopicID: Int64?, generation: GenerationRecord, _ logger: Logger
    ) async throws {
        if let subtopicID {
            try await lockSubtopic(connection, subtopicID, of: subjectID, logger)
        } else {
            try await lockSubject(connection, subjectID, logger)
        }
        var failed = generation
        failed.status = .failed
        failed.citations = []
        let now = Date()
        _ = try await insertGeneration(connection, subjectID: subjectID, subtopicID: subtopicID, record: failed, at: now, logger)
        try await touch(connection, subjectID: subjectID, at: now, logger)
    }

    public func lesson(subtopicID: Int64, family: String) async throws -> String? {
        try await read { connection in try await Self.lesson(connection, subtopicID: subtopicID, family: family, logger) }
    }

    static func lesson(_ connection: PostgresConnection, subtopicID: Int64, family: String, _ logger: Logger) async throws -> String? {
        guard let row = try await connection.row(
            """
            SELECT fields FROM items WHERE subtopic_id = \(subtopicID) AND family = \(family) AND shape = 'lesson'
            ORDER BY position LIMIT 1
            """, logger)
        else { return nil }
        guard case .lesson(let body) = try ItemFieldsJSON.decode(try row.value("fields"), shape: .lesson) else { return nil }
        return body
    }

    public func glossary(subjectID: Int64, family: String, before subtopicID: Int64) async throws -> [String] {
        try await read { connection in try await Self.glossary(connection, subjectID: subjectID, family: family, before: subtopicID, logger) }
    }

    static func glossary(
        _ connection: PostgresConnection, subjectID: Int64, family: String, before subtopicID: Int64, _ logger: Logger
    ) async throws -> [String] {
        try await connection.rows(
            """
            SELECT x.fields::jsonb ->> 'front' AS front FROM items x
            JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
            WHERE t.subject_id = \(subjectID) AND x.family = \(family) AND x.shape = 'pair'
                AND (t.position, st.position) < (SELECT t2.position, st2.position FROM subtopics st2 JOIN topics t2 ON t2.id = st2.topic_id WHERE st2.id = \(subtopicID))
            ORDER BY t.position, st.position, x.generation_id, x.position
            """, logger
        ).compactMap { try $0.value("front", as: String?.self) }
    }

    public func subjectItems(subjectID: Int64, seenFrom subtopicID: Int64?) async throws -> [SubjectItem] {
        // Without a subtopic every item is read; `seen` is then a placeholder no subtopic has.
        let seen = subtopicID ?? 0
        return try await read { connection in
            try await connection.rows(
                """
                SELECT items.subtopic_id, items.family, items.shape, items.fields, (\(unescaped: Self.learnerOwned)) AS owned FROM items
                JOIN subtopics st ON st.id = items.subtopic_id JOIN topics t ON t.id = st.topic_id
                WHERE t.subject_id = \(subjectID) AND items.shape <> 'lesson'
                    AND (\(subtopicID == nil) OR (\(unescaped: Self.learnerOwned))
                        OR (t.position, st.position) < (SELECT t2.position, st2.position FROM subtopics st2 JOIN topics t2 ON t2.id = st2.topic_id WHERE st2.id = \(seen)))
                ORDER BY t.position, st.position, items.family, items.position
                """, logger
            ).compactMap { row -> SubjectItem? in
                guard let shape = Shape(rawValue: try row.value("shape")) else { return nil }
                return SubjectItem(
                    subtopicID: try row.value("subtopic_id", as: Int64.self), family: try row.value("family"), learnerOwned: try row.value("owned"),
                    content: try ItemFieldsJSON.decode(try row.value("fields"), shape: shape))
            }
        }
    }

    // MARK: - Rows

    /// Records a generation whose answer was not kept because another run stored its content
    /// first: its calls, tokens and cost stay accounted for, and nothing stored changes.
    static func recordDiscarded(
        _ connection: PostgresConnection, subjectID: Int64, subtopicID: Int64?, generation: GenerationRecord, at now: Date,
        _ logger: Logger
    ) async throws {
        _ = try await insertGeneration(
            connection, subjectID: subjectID, subtopicID: subtopicID, record: generation.discarded, at: now, logger)
    }

    /// Replaces the subtopic's content of one family with `output`, keeping the items the learner
    /// owns (`learnerOwned`), as `SQLiteStore.replaceContent` does.
    static func replaceContent(
        _ connection: PostgresConnection, subtopicID: Int64, family: String, output: GeneratedOutput, generationID: Int64,
        at date: Date, sources: [[Citation]], _ logger: Logger
    ) async throws {
        // The family's items are locked first, in id order as every writer of several items locks
        // them: a review or an edit running now finishes before the next statement reads who owns
        // what, so what it stored is kept.
        try await connection.run(
            "SELECT id FROM items WHERE subtopic_id = \(subtopicID) AND family = \(family) ORDER BY id FOR UPDATE", logger)
        try await connection.run(
            "DELETE FROM items WHERE subtopic_id = \(subtopicID) AND family = \(family) AND NOT (\(unescaped: learnerOwned))", logger)
        let kept = try await connection.rows(
            "SELECT position, shape, fields FROM items WHERE subtopic_id = \(subtopicID) AND family = \(family) ORDER BY position",
            logger)
        var stored: [(position: Int, content: ItemContent)] = []
        for row in kept {
            // As SQLite does: a kept row of a shape this build does not know stops the write.
            let name: String = try row.value("shape")
            guard let shape = Shape(rawValue: name) else { throw StoreError.invalidWrite("item row of unknown shape '\(name)'") }
            stored.append((try row.int("position"), try ItemFieldsJSON.decode(try row.value("fields"), shape: shape)))
        }
        let fresh = ContentRules.newItems(of: output, after: stored, sources: sources).map { ($0.position, $0.content, $0.sources) }
        try await insertItems(connection, subtopicID: subtopicID, family: family, fresh, generationID: generationID, createdAt: date, logger)
    }

    /// Inserts a family's new items in one statement: an answer of twelve cards is one round trip
    /// to the server, not twelve (a worker stores five answers a subtopic).
    static func insertItems(
        _ connection: PostgresConnection, subtopicID: Int64, family: String,
        _ items: [(position: Int, content: ItemContent, sources: [Citation])], generationID: Int64, createdAt: Date, _ logger: Logger
    ) async throws {
        guard !items.isEmpty else { return }
        let shapes = items.map(\.content.shape.rawValue)
        let positions = items.map { Int64($0.position) }
        let fields = try items.map { try ItemFieldsJSON.encode($0.content) }
        // An item without sources is stored as NULL; the array carries "" for it.
        let sources = try items.map { $0.sources.isEmpty ? "" : try json($0.sources) }
        try await connection.run(
            """
            INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id, created_at, sources)
            SELECT \(subtopicID), \(family), r.shape, r.position, r.fields, \(generationID), \(createdAt), NULLIF(r.sources, '')
            FROM unnest(\(shapes)::text[], \(positions)::bigint[], \(fields)::text[], \(sources)::text[])
                WITH ORDINALITY AS r(shape, position, fields, sources, n)
            ORDER BY r.n
            """, logger)
    }

    /// Inserts one item; returns its id.
    @discardableResult
    static func insertItem(
        _ connection: PostgresConnection, subtopicID: Int64, family: String, position: Int, content: ItemContent, generationID: Int64?,
        createdAt: Date, sources: [Citation] = [], _ logger: Logger
    ) async throws -> Int64 {
        let sourcesJSON = sources.isEmpty ? nil : try json(sources)
        return try await connection.row(
            """
            INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id, created_at, sources)
            VALUES (\(subtopicID), \(family), \(content.shape.rawValue), \(position), \(try ItemFieldsJSON.encode(content)),
                \(generationID), \(createdAt), \(sourcesJSON))
            RETURNING id
            """, logger)!.value("id")
    }

    /// `ContentRules.learnerOwnedSQL`: the rows regeneration keeps.
    static let learnerOwned = ContentRules.learnerOwnedSQL
}
