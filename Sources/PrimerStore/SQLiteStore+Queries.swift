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
    public func listSubjects() throws -> [SubjectSummary] {
        func count(_ table: String, _ expression: String = "COUNT(*)") -> String {
            "(SELECT \(expression) FROM \(table) x JOIN subtopics st ON st.id = x.subtopic_id "
                + "JOIN topics t ON t.id = st.topic_id WHERE t.subject_id = s.id)"
        }
        let sql = """
            SELECT s.id, s.title, s.kind, s.created_at, s.updated_at,
                (SELECT COUNT(*) FROM topics t WHERE t.subject_id = s.id) AS topics,
                (SELECT COUNT(*) FROM subtopics x JOIN topics t ON t.id = x.topic_id WHERE t.subject_id = s.id) AS subtopics,
                \(count("notes", "COUNT(DISTINCT x.subtopic_id)")) AS lessons,
                \(count("flashcards")) AS flashcards,
                \(count("questions")) AS questions,
                \(count("terms")) AS terms
            FROM subjects s ORDER BY s.title COLLATE NOCASE, s.id
            """
        return try dbPool.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                SubjectSummary(
                    id: row["id"], title: row["title"], kind: SubjectKind(rawValue: row["kind"]) ?? .general,
                    topics: row["topics"], subtopics: row["subtopics"], lessons: row["lessons"],
                    flashcards: row["flashcards"], questions: row["questions"], terms: row["terms"],
                    createdAt: row["created_at"], updatedAt: row["updated_at"])
            }
        }
    }

    /// The whole kit of a subject (title matched case-insensitively), or nil when there is none.
    public func kit(subjectTitle: String) throws -> Kit? {
        try dbPool.read { db in
            guard let subject = try Self.fetchSubject(db, title: subjectTitle), let subjectID = subject.id else {
                return nil
            }
            let content = try KitContent(db, subjectID: subjectID)
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
    public func deleteSubject(title: String) throws -> Bool {
        try dbPool.write { db in
            try db.execute(sql: "DELETE FROM subjects WHERE title_key = ?", arguments: [SubjectRow.key(title)])
            return db.changesCount > 0
        }
    }

    /// Every generation of the subject (plan and subtopics, ok and failed), oldest first.
    public func generations(subjectTitle: String) throws -> [GenerationRow] {
        try dbPool.read { db in
            try GenerationRow.fetchAll(
                db,
                sql: """
                    SELECT g.*, st.title AS subtopic_title FROM generations g
                    JOIN subjects s ON s.id = g.subject_id LEFT JOIN subtopics st ON st.id = g.subtopic_id
                    WHERE s.title_key = ? ORDER BY g.id
                    """,
                arguments: [SubjectRow.key(subjectTitle)])
        }
    }

    /// The attempts of one generation, in order, with their rejection reasons.
    public func attempts(generationID: Int64) throws -> [AttemptRow] {
        try dbPool.read { db in
            try AttemptRow.fetchAll(
                db, sql: "SELECT * FROM attempts WHERE generation_id = ? ORDER BY number, id",
                arguments: [generationID])
        }
    }

    /// Rows per table, for every table of the store.
    public func counts() throws -> [String: Int] {
        try dbPool.read { db in
            var counts: [String: Int] = [:]
            for table in Schema.tables {
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
            }
            return counts
        }
    }

    /// Everything stored under a subject's subtopics, loaded in one pass per table.
    private struct KitContent {
        var notes: [Int64: String] = [:]
        var flashcards: [Int64: [Flashcard]] = [:]
        var questions: [Int64: [QuizQuestion]] = [:]
        var terms: [Int64: [Term]] = [:]
        var generations: [Int64: [GenerationRow]] = [:]
        var citations: [Int64: [Citation]] = [:]

        init(_ db: Database, subjectID: Int64) throws {
            let args: StatementArguments = [subjectID]
            let order = "ORDER BY x.generation_id, x.position"
            for row in try Row.fetchAll(
                db, sql: "SELECT x.subtopic_id, x.body FROM notes x \(underSubject) ORDER BY x.id", arguments: args)
            {
                notes[row["subtopic_id"]] = row["body"]  // the newest lesson wins
            }
            for row in try FlashcardRow.fetchAll(
                db, sql: "SELECT x.* FROM flashcards x \(underSubject) \(order)", arguments: args)
            {
                flashcards[row.subtopicID, default: []].append(Flashcard(front: row.front, back: row.back))
            }
            for row in try QuestionRow.fetchAll(
                db, sql: "SELECT x.* FROM questions x \(underSubject) \(order)", arguments: args)
            {
                questions[row.subtopicID, default: []].append(row.quizQuestion)
            }
            for row in try TermRow.fetchAll(db, sql: "SELECT x.* FROM terms x \(underSubject) \(order)", arguments: args) {
                terms[row.subtopicID, default: []].append(Term(term: row.term, definition: row.definition))
            }
            let generationRows = try GenerationRow.fetchAll(
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
            // Sources: citations of the newest ok generation of each family (the one whose content
            // is shown), in generation order, each url once.
            for (subtopicID, list) in generations {
                var newest: [String: Int64] = [:]
                for generation in list where generation.status == "ok" { newest[generation.family] = generation.id }
                var seen = Set<String>()
                for generation in list where newest[generation.family] == generation.id {
                    for citation in citationsByGeneration[generation.id] ?? [] where seen.insert(citation.url).inserted {
                        citations[subtopicID, default: []].append(citation)
                    }
                }
            }
        }

        func subtopic(_ subtopic: StoredSubtopic) -> KitSubtopic {
            KitSubtopic(
                title: subtopic.title, notes: notes[subtopic.id], flashcards: flashcards[subtopic.id] ?? [],
                questions: questions[subtopic.id] ?? [], terms: terms[subtopic.id] ?? [],
                sources: citations[subtopic.id] ?? [],
                generations: (generations[subtopic.id] ?? []).map(\.kitGeneration))
        }
    }
}
