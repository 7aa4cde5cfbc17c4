import Foundation
import GRDB
import PrimerCore

/// Row-level helpers shared by the KitStore conformance and the queries; each runs inside the
/// caller's transaction.
extension SQLiteStore {
    /// The subject `owner` gave this title.
    static func fetchSubject(_ db: Database, title: String, owner: SubjectOwner) throws -> SubjectRow? {
        try SubjectRow.fetchOne(
            db, sql: "SELECT * FROM subjects WHERE owner_id = ? AND title_key = ?", arguments: [owner.id, SubjectRow.key(title)])
    }

    static func fetchPlan(_ db: Database, subjectID: Int64) throws -> [StoredTopic] {
        let subtopicRows = try Row.fetchAll(
            db,
            sql: """
                SELECT st.id, st.topic_id, st.title FROM subtopics st JOIN topics t ON t.id = st.topic_id
                WHERE t.subject_id = ? ORDER BY st.position, st.id
                """,
            arguments: [subjectID])
        var subtopics: [Int64: [StoredSubtopic]] = [:]
        for row in subtopicRows {
            subtopics[row["topic_id"], default: []].append(StoredSubtopic(id: row["id"], title: row["title"]))
        }
        return try Row.fetchAll(
            db, sql: "SELECT id, title, overview FROM topics WHERE subject_id = ? ORDER BY position, id",
            arguments: [subjectID]
        ).map { row in
            let id: Int64 = row["id"]
            return StoredTopic(id: id, title: row["title"], overview: row["overview"], subtopics: subtopics[id] ?? [])
        }
    }

    /// Inserts the generation with its attempts and citations; returns its id.
    static func insertGeneration(
        _ db: Database, subjectID: Int64, subtopicID: Int64?, record: GenerationRecord, at date: Date
    ) throws -> Int64 {
        let row = GenerationInsert(subjectID: subjectID, subtopicID: subtopicID, record: record, now: date)
        let generationID = try row.insertFast(db)
        for attempt in record.attempts {
            try AttemptInsert(generationID: generationID, attempt: attempt).insertFast(db)
        }
        for (position, citation) in record.citations.enumerated() {
            try CitationRow(
                generationID: generationID, position: position, url: citation.url, title: citation.title,
                snippet: citation.snippet
            ).insert(db)
        }
        return generationID
    }

    /// Replaces the subtopic's content of one family with `output`, one item row per item. Items
    /// the learner owns — added, edited, reviewed or marked known — are kept (their history is
    /// the learner's, not the generator's); a new item asking what a kept one asks is skipped,
    /// and the others go after the kept ones.
    static func replaceContent(
        _ db: Database, subtopicID: Int64, family: String, output: GeneratedOutput, generationID: Int64, at date: Date,
        sources: [[Citation]] = []
    ) throws {
        if case .plan = output { throw StoreError.invalidWrite("a plan is not subtopic content") }
        try db.cachedStatement(sql: "DELETE FROM items WHERE subtopic_id = ? AND family = ? AND NOT (\(learnerOwned))")
            .execute(arguments: [subtopicID, family])
        let kept = try ItemRow.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM items WHERE subtopic_id = ? AND family = ? ORDER BY position"),
            arguments: [subtopicID, family])
        let stored = try kept.map { (position: $0.position, content: try $0.item().content) }
        for item in ContentRules.newItems(of: output, after: stored, sources: sources) {
            try ItemRow(
                subtopicID: subtopicID, family: family, position: item.position, content: item.content, generationID: generationID,
                createdAt: date, sources: item.sources
            ).insertFast(db)
        }
    }

    /// `ContentRules.learnerOwnedSQL`: the rows regeneration keeps.
    static let learnerOwned = ContentRules.learnerOwnedSQL
}
