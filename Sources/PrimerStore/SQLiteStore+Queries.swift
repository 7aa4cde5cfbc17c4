import Foundation
import GRDB
import PrimerCore

/// What the CLI reads: `list`, `show`, `delete` and provenance inspection.
extension SQLiteStore {
    /// Joins a content table aliased `x` to its subject.
    private static let underSubject = """
        JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id WHERE t.subject_id = ?
        """

    /// Every subject with its counts, by title.
    public func listSubjects() async throws -> [SubjectSummary] {
        let sql = """
            SELECT s.id, s.title, s.kind, s.created_at, s.updated_at, s.color, s.icon,
                (SELECT COUNT(*) FROM topics t WHERE t.subject_id = s.id) AS topics,
                (SELECT COUNT(*) FROM subtopics x JOIN topics t ON t.id = x.topic_id WHERE t.subject_id = s.id) AS subtopics
            FROM subjects s WHERE s.owner_id = ? ORDER BY s.title COLLATE NOCASE, s.id
            """
        let countsSQL = """
            SELECT t.subject_id, x.family, x.shape, COUNT(*) AS n, COUNT(DISTINCT x.subtopic_id) AS subtopics
            FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
            JOIN subjects s ON s.id = t.subject_id WHERE s.owner_id = ?
            GROUP BY t.subject_id, x.family, x.shape ORDER BY t.subject_id, MIN(x.generation_id)
            """
        return try await read { [owner] db in
            var families: [Int64: [FamilyCount]] = [:]
            for row in try Row.fetchAll(db, sql: countsSQL, arguments: [owner.id]) {
                // A shape this build does not know is counted under its own name, never as another.
                let shape = Shape(named: row["shape"])
                // A lesson is one item per subtopic: count the subtopics that have one.
                families[row["subject_id"], default: []].append(
                    FamilyCount(family: row["family"], shape: shape, items: shape == .lesson ? row["subtopics"] : row["n"]))
            }
            return try Row.fetchAll(db, sql: sql, arguments: [owner.id]).map { row in
                SubjectSummary(
                    id: row["id"], title: row["title"], kind: SubjectKind(rawValue: row["kind"]) ?? .general,
                    topics: row["topics"], subtopics: row["subtopics"], families: families[row["id"]] ?? [],
                    createdAt: row["created_at"], updatedAt: row["updated_at"], color: row["color"], icon: row["icon"])
            }
        }
    }

    /// The whole kit of a subject (title matched case-insensitively), or nil when there is none.
    public func kit(subjectTitle: String) async throws -> Kit? {
        try await read { [owner] db in
            guard let subject = try Self.fetchSubject(db, title: subjectTitle, owner: owner), let subjectID = subject.id else {
                return nil
            }
            let content = try StoredContent(db, subjectID: subjectID)
            let topics = try Self.fetchPlan(db, subjectID: subjectID).map { topic in
                KitTopic(
                    title: topic.title, overview: topic.overview,
                    subtopics: topic.subtopics.map { content.subtopic($0) })
            }
            return Kit(
                subject: KitSubject(
                    title: subject.title, kind: SubjectKind(rawValue: subject.kind) ?? .general, notes: subject.notes,
                    instructions: subject.instructions),
                topics: topics)
        }
    }

    /// Deletes the subject and everything under it. Returns false when there was no such subject.
    @discardableResult
    public func deleteSubject(title: String) async throws -> Bool {
        try await write { [owner] db in
            try db.execute(sql: "DELETE FROM subjects WHERE owner_id = ? AND title_key = ?", arguments: [owner.id, SubjectRow.key(title)])
            return db.changesCount > 0
        }
    }

    /// Every generation of the subject (plan and subtopics, ok and failed), oldest first.
    public func generations(subjectTitle: String) async throws -> [StoredGeneration] {
        try await read { [owner] db in
            try StoredGeneration.fetchAll(
                db,
                sql: """
                    SELECT g.*, st.title AS subtopic_title FROM generations g
                    JOIN subjects s ON s.id = g.subject_id LEFT JOIN subtopics st ON st.id = g.subtopic_id
                    WHERE s.owner_id = ? AND s.title_key = ? ORDER BY g.id
                    """,
                arguments: [owner.id, SubjectRow.key(subjectTitle)])
        }
    }

    /// The attempts of one generation, in order, with their rejection reasons.
    public func attempts(generationID: Int64) async throws -> [StoredAttempt] {
        try await read { db in
            try StoredAttempt.fetchAll(
                db, sql: "SELECT * FROM attempts WHERE generation_id = ? ORDER BY number, id",
                arguments: [generationID])
        }
    }

    /// Rows per table, for every table of the store.
    public func counts() async throws -> [KitTable: Int] {
        try await read { db in
            var counts: [KitTable: Int] = [:]
            for table in KitTable.allCases {
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.rawValue)") ?? 0
            }
            return counts
        }
    }

    /// Stored items per family, across every subject.
    public func itemCounts() async throws -> [String: Int] {
        try await read { db in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT family, COUNT(*) AS n FROM items GROUP BY family") {
                counts[row["family"]] = row["n"]
            }
            return counts
        }
    }

    /// Everything stored under a subject's subtopics, loaded in one pass per table.
    private struct StoredContent {
        /// Per subtopic, each family's items, families in the order they were first stored.
        var content: [Int64: [KitContent]] = [:]
        var generations: [Int64: [StoredGeneration]] = [:]
        var citations: [Int64: [Citation]] = [:]

        init(_ db: Database, subjectID: Int64) throws {
            let args: StatementArguments = [subjectID]
            for row in try ItemRow.fetchAll(
                db, sql: "SELECT x.* FROM items x \(underSubject) ORDER BY x.subtopic_id, x.position, x.id", arguments: args)
            {
                let item = try row.item()
                var families = content[row.subtopicID] ?? []
                if let index = families.firstIndex(where: { $0.family == row.family }) {
                    families[index].items.append(item)
                } else {
                    families.append(KitContent(family: row.family, shape: item.content.shape, items: [item]))
                }
                content[row.subtopicID] = families
            }
            let generationRows = try StoredGeneration.fetchAll(
                db,
                sql: """
                    SELECT g.*, st.title AS subtopic_title FROM generations g JOIN subtopics st ON st.id = g.subtopic_id
                    WHERE g.subject_id = ? ORDER BY g.id
                    """,
                arguments: args)
            var citationsByGeneration: [Int64: [Citation]] = [:]
            for row in try CitationRow.fetchAll(
                db,
                sql: """
                    SELECT c.* FROM citations c JOIN generations g ON g.id = c.generation_id
                    WHERE g.subject_id = ? AND g.subtopic_id IS NOT NULL ORDER BY c.generation_id, c.position
                    """,
                arguments: args)
            {
                citationsByGeneration[row.generationID, default: []].append(row.citation)
            }
            for generation in generationRows {
                guard let subtopicID = generation.subtopicID else { continue }
                generations[subtopicID, default: []].append(generation)
            }
            for (subtopicID, list) in generations {
                citations[subtopicID] = StoreRules.sources(of: list, citations: citationsByGeneration)
            }
        }

        func subtopic(_ subtopic: StoredSubtopic) -> KitSubtopic {
            KitSubtopic(
                title: subtopic.title, content: content[subtopic.id] ?? [], sources: citations[subtopic.id] ?? [],
                generations: (generations[subtopic.id] ?? []).map(\.kitGeneration))
        }
    }
}
