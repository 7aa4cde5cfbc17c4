import Foundation
import PostgresNIO
import PrimerCore

/// What front ends read (`KitQueries`): `list`, `show`, `delete` and provenance.
extension PostgresStore {
    public func listSubjects() async throws -> [SubjectSummary] {
        try await read { connection in
            var families: [Int64: [FamilyCount]] = [:]
            for row in try await connection.rows(
                """
                SELECT t.subject_id, x.family, x.shape, COUNT(*) AS n, COUNT(DISTINCT x.subtopic_id) AS subtopics
                FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                JOIN subjects s ON s.id = t.subject_id WHERE s.owner_id = \(owner.id)
                GROUP BY t.subject_id, x.family, x.shape ORDER BY t.subject_id, MIN(x.generation_id)
                """, logger)
            {
                // A shape this build does not know is counted under its own name, never as another.
                let shape = Shape(named: try row.value("shape"))
                // A lesson is one item per subtopic: count the subtopics that have one.
                families[try row.value("subject_id"), default: []].append(
                    FamilyCount(family: try row.value("family"), shape: shape, items: shape == .lesson ? try row.int("subtopics") : try row.int("n")))
            }
            return try await connection.rows(
                """
                SELECT s.id, s.title, s.kind, s.created_at, s.updated_at, s.color, s.icon,
                    (SELECT COUNT(*) FROM topics t WHERE t.subject_id = s.id) AS topics,
                    (SELECT COUNT(*) FROM subtopics x JOIN topics t ON t.id = x.topic_id WHERE t.subject_id = s.id) AS subtopics
                FROM subjects s WHERE s.owner_id = \(owner.id) ORDER BY lower(s.title), s.id
                """, logger
            ).map { row in
                let id: Int64 = try row.value("id")
                return SubjectSummary(
                    id: id, title: try row.value("title"), kind: SubjectKind(rawValue: try row.value("kind")) ?? .general,
                    topics: try row.int("topics"), subtopics: try row.int("subtopics"), families: families[id] ?? [],
                    createdAt: try row.value("created_at"), updatedAt: try row.value("updated_at"), color: try row.value("color"),
                    icon: try row.value("icon"))
            }
        }
    }

    public func kit(subjectTitle: String) async throws -> Kit? {
        try await read { connection in
            guard let row = try await connection.row("SELECT * FROM subjects WHERE owner_id = \(owner.id) AND title_key = \(SubjectTitle.key(subjectTitle))", logger)
            else { return nil }
            let subject = try Self.subject(row)
            let content = try await KitContentRows.load(connection, subjectID: subject.id, logger)
            let topics = try await Self.fetchPlan(connection, subjectID: subject.id, logger).map { topic in
                KitTopic(title: topic.title, overview: topic.overview, subtopics: topic.subtopics.map { content.subtopic($0) })
            }
            return Kit(
                subject: KitSubject(title: subject.title, kind: subject.kind, notes: subject.notes, instructions: subject.instructions),
                topics: topics)
        }
    }

    @discardableResult
    public func deleteSubject(title: String) async throws -> Bool {
        try await write { connection in
            try await !connection.rows("DELETE FROM subjects WHERE owner_id = \(owner.id) AND title_key = \(SubjectTitle.key(title)) RETURNING id", logger).isEmpty
        }
    }

    public func generations(subjectTitle: String) async throws -> [StoredGeneration] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT g.*, st.title AS subtopic_title FROM generations g
                JOIN subjects s ON s.id = g.subject_id LEFT JOIN subtopics st ON st.id = g.subtopic_id
                WHERE s.owner_id = \(owner.id) AND s.title_key = \(SubjectTitle.key(subjectTitle)) ORDER BY g.id
                """, logger
            ).map(Self.generation)
        }
    }

    public func attempts(generationID: Int64) async throws -> [StoredAttempt] {
        try await read { connection in
            try await connection.rows("SELECT * FROM attempts WHERE generation_id = \(generationID) ORDER BY number, id", logger).map { row in
                StoredAttempt(
                    id: try row.value("id"), generationID: try row.value("generation_id"), number: try row.int("number"),
                    status: try row.stored("status"), reasons: try Self.decodeJSON(try row.value("reasons"), as: [String].self),
                    dropped: try Self.decodeJSON(try row.value("dropped"), as: [String].self), promptTokens: try row.int("prompt_tokens"),
                    completionTokens: try row.int("completion_tokens"), cachedPromptTokens: try row.int("cached_prompt_tokens"),
                    cost: try row.value("cost"), latencyMs: try row.int("latency_ms"), finishReason: try row.value("finish_reason"))
            }
        }
    }

    public func counts() async throws -> [KitTable: Int] {
        try await read { connection in
            var counts: [KitTable: Int] = [:]
            for table in KitTable.allCases {
                counts[table] = try await connection.row("SELECT COUNT(*) AS n FROM \(unescaped: table.rawValue)", logger)?.int("n") ?? 0
            }
            return counts
        }
    }

    public func itemCounts() async throws -> [String: Int] {
        try await read { connection in
            var counts: [String: Int] = [:]
            for row in try await connection.rows("SELECT family, COUNT(*) AS n FROM items GROUP BY family", logger) {
                counts[try row.value("family")] = try row.int("n")
            }
            return counts
        }
    }

    static func generation(_ row: PostgresRandomAccessRow) throws -> StoredGeneration {
        StoredGeneration(
            id: try row.value("id"), subjectID: try row.value("subject_id"), subtopicID: try row.value("subtopic_id"),
            subtopicTitle: try row.value("subtopic_title"), family: try row.value("family"), familyVersion: try row.int("family_version"),
            familyHash: try row.value("family_hash"), provider: try row.value("provider"), model: try row.value("model"),
            status: try row.stored("status"), error: try row.value("error"), attempts: try row.int("attempts"),
            promptTokens: try row.int("prompt_tokens"), completionTokens: try row.int("completion_tokens"),
            cachedPromptTokens: try row.int("cached_prompt_tokens"), cost: try row.value("cost"), latencyMs: try row.int("latency_ms"),
            createdAt: try row.value("created_at"))
    }
}

/// Everything stored under a subject's subtopics, loaded in one pass per table (as SQLite's
/// `StoredContent`).
struct KitContentRows: Sendable {
    var content: [Int64: [KitContent]] = [:]
    var generations: [Int64: [StoredGeneration]] = [:]
    var citations: [Int64: [Citation]] = [:]

    static func load(_ connection: PostgresConnection, subjectID: Int64, _ logger: Logger) async throws -> KitContentRows {
        var rows = KitContentRows()
        for row in try await connection.rows(
            """
            SELECT x.* FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
            WHERE t.subject_id = \(subjectID) ORDER BY x.subtopic_id, x.position, x.id
            """, logger)
        {
            let subtopicID: Int64 = try row.value("subtopic_id")
            let family: String = try row.value("family")
            let item = try PostgresStore.kitItem(row)
            var families = rows.content[subtopicID] ?? []
            if let index = families.firstIndex(where: { $0.family == family }) {
                families[index].items.append(item)
            } else {
                families.append(KitContent(family: family, shape: item.content.shape, items: [item]))
            }
            rows.content[subtopicID] = families
        }
        let generations = try await connection.rows(
            """
            SELECT g.*, st.title AS subtopic_title FROM generations g JOIN subtopics st ON st.id = g.subtopic_id
            WHERE g.subject_id = \(subjectID) ORDER BY g.id
            """, logger
        ).map(PostgresStore.generation)
        var citationsByGeneration: [Int64: [Citation]] = [:]
        for row in try await connection.rows(
            """
            SELECT c.* FROM citations c JOIN generations g ON g.id = c.generation_id
            WHERE g.subject_id = \(subjectID) AND g.subtopic_id IS NOT NULL ORDER BY c.generation_id, c.position
            """, logger)
        {
            citationsByGeneration[try row.value("generation_id"), default: []].append(
                Citation(url: try row.value("url"), title: try row.value("title"), snippet: try row.value("snippet")))
        }
        for generation in generations {
            guard let subtopicID = generation.subtopicID else { continue }
            rows.generations[subtopicID, default: []].append(generation)
        }
        for (subtopicID, list) in rows.generations {
            rows.citations[subtopicID] = StoreRules.sources(of: list, citations: citationsByGeneration)
        }
        return rows
    }

    func subtopic(_ subtopic: StoredSubtopic) -> KitSubtopic {
        KitSubtopic(
            title: subtopic.title, content: content[subtopic.id] ?? [], sources: citations[subtopic.id] ?? [],
            generations: (generations[subtopic.id] ?? []).map(\.kitGeneration))
    }
}
