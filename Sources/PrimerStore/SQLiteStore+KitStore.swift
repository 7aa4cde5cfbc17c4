import Foundation
import GRDB
import PrimerCore

/// What the pipeline reads and writes. Every write runs in one transaction.
extension SQLiteStore {
    public func subject(titled title: String) async throws -> StoredSubject? {
        try await read { [owner] db in try Self.fetchSubject(db, title: title, owner: owner)?.stored }
    }

    public func upsertSubject(
        title: String, notes: String, kind: SubjectKind, instructions: String
    ) async throws -> StoredSubject {
        let title = SubjectTitle.normalized(title)
        guard !title.isEmpty else { throw StoreError.invalidWrite("a subject needs a title") }
        return try await write { [owner] db in
            let now = Date()
            if var row = try Self.fetchSubject(db, title: title, owner: owner) {
                row.notes = notes
                row.kind = kind.rawValue
                row.instructions = instructions
                row.updatedAt = now
                try row.update(db)
                return row.stored
            }
            var row = SubjectRow(
                id: nil, title: title, titleKey: SubjectRow.key(title), notes: notes, kind: kind.rawValue,
                instructions: instructions, createdAt: now, updatedAt: now, ownerID: owner.id, color: "", icon: "")
            try row.insert(db)
            return row.stored
        }
    }

    public func plan(subjectID: Int64) async throws -> [StoredTopic] {
        try await read { db in try Self.fetchPlan(db, subjectID: subjectID) }
    }

    public func storePlan(subjectID: Int64, plan: Plan, generation: GenerationRecord, replacing: Bool) async throws -> [StoredTopic] {
        try await write { db in
            try Self.requireSubject(db, subjectID)
            let now = Date()
            if !replacing {
                let kept = try Self.fetchPlan(db, subjectID: subjectID)
                if !kept.isEmpty {
                    try Self.recordDiscarded(db, subjectID: subjectID, subtopicID: nil, generation: generation, at: now)
                    return kept
                }
            }
            // Cascades to subtopics and everything under them, their generations included.
            try db.execute(sql: "DELETE FROM topics WHERE subject_id = ?", arguments: [subjectID])
            for (topicIndex, topic) in plan.topics.enumerated() {
                var topicRow = TopicRow(
                    id: nil, subjectID: subjectID, position: topicIndex, title: topic.title, overview: topic.overview)
                try topicRow.insert(db)
                for (index, title) in topic.subtopics.enumerated() {
                    var subtopicRow = SubtopicRow(id: nil, topicID: topicRow.id!, position: index, title: title)
                    try subtopicRow.insert(db)
                }
            }
            _ = try Self.insertGeneration(db, subjectID: subjectID, subtopicID: nil, record: generation, at: now)
            try Self.touch(db, subjectID: subjectID, at: now)
            return try Self.fetchPlan(db, subjectID: subjectID)
        }
    }

    /// Records a generation whose answer was not kept because another run stored its content
    /// first: its calls, tokens and cost stay accounted for, and nothing stored changes.
    static func recordDiscarded(
        _ db: Database, subjectID: Int64, subtopicID: Int64?, generation: GenerationRecord, at now: Date
    ) throws {
        _ = try insertGeneration(db, subjectID: subjectID, subtopicID: subtopicID, record: generation.discarded, at: now)
    }

    public func completedFamilies(subtopicID: Int64) async throws -> Set<String> {
        try await read { db in try Self.completedFamilies(db, subtopicID: subtopicID) }
    }

    static func completedFamilies(_ db: Database, subtopicID: Int64) throws -> Set<String> {
        Set(
            try String.fetchAll(
                db.cachedStatement(sql: "SELECT DISTINCT family FROM generations WHERE subtopic_id = ? AND status = 'ok'"),
                arguments: [subtopicID]))
    }

    public func subtopicStart(
        subjectID: Int64, subtopicID: Int64, lessonFamily: String?, glossaryFamily: String?
    ) async throws -> SubtopicStart {
        try await read { db in
            SubtopicStart(
                completed: try Self.completedFamilies(db, subtopicID: subtopicID),
                lesson: try lessonFamily.flatMap { try Self.lesson(db, subtopicID: subtopicID, family: $0) },
                terms: try glossaryFamily.map { try Self.glossary(db, subjectID: subjectID, family: $0, before: subtopicID) } ?? [])
        }
    }

    @discardableResult
    public func saveContent(
        subjectID: Int64, subtopicID: Int64, output: GeneratedOutput, generation: GenerationRecord, replacing: Bool
    ) async throws -> Bool {
        try await saveContents(subjectID: subjectID, subtopicID: subtopicID, [(output, generation)], replacing: replacing)[0]
    }

    public func saveContents(
        subjectID: Int64, subtopicID: Int64, _ outputs: [(output: GeneratedOutput, generation: GenerationRecord)], replacing: Bool
    ) async throws -> [Bool] {
        for (output, generation) in outputs { try StoreRules.checkContent(output, generation) }
        return try await write { db in
            try Self.requireSubtopic(db, subtopicID, of: subjectID)
            let now = Date()
            let stored = try outputs.map { output, generation in
                try Self.saveContent(db, subjectID: subjectID, subtopicID: subtopicID, output, generation, replacing: replacing, at: now)
            }
            if stored.contains(true) { try Self.touch(db, subjectID: subjectID, at: now) }
            return stored
        }
    }

    /// One family's output stored in the caller's transaction (see `KitStore.saveContent`).
    static func saveContent(
        _ db: Database, subjectID: Int64, subtopicID: Int64, _ output: GeneratedOutput, _ generation: GenerationRecord,
        replacing: Bool, at now: Date
    ) throws -> Bool {
        let stored = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM generations WHERE subtopic_id = ? AND family = ? AND status = 'ok'"),
            arguments: [subtopicID, generation.family]) != nil
        if stored && !replacing {
            try recordDiscarded(db, subjectID: subjectID, subtopicID: subtopicID, generation: generation, at: now)
            return false
        }
        let generationID = try insertGeneration(db, subjectID: subjectID, subtopicID: subtopicID, record: generation, at: now)
        try replaceContent(
            db, subtopicID: subtopicID, family: generation.family, output: output, generationID: generationID, at: now,
            sources: generation.sourcesPerItem)
        return true
    }

    public func recordFailure(subjectID: Int64, subtopicID: Int64?, generation: GenerationRecord) async throws {
        try await write { db in
            if let subtopicID {
                try Self.requireSubtopic(db, subtopicID, of: subjectID)
            } else {
                try Self.requireSubject(db, subjectID)
            }
            var failed = generation
            failed.status = .failed
            failed.citations = []
            let now = Date()
            _ = try Self.insertGeneration(db, subjectID: subjectID, subtopicID: subtopicID, record: failed, at: now)
            try Self.touch(db, subjectID: subjectID, at: now)
        }
    }

    public func lesson(subtopicID: Int64, family: String) async throws -> String? {
        try await read { db in try Self.lesson(db, subtopicID: subtopicID, family: family) }
    }

    static func lesson(_ db: Database, subtopicID: Int64, family: String) throws -> String? {
        guard let fields = try String.fetchOne(
            db.cachedStatement(sql: "SELECT fields FROM items WHERE subtopic_id = ? AND family = ? AND shape = 'lesson' ORDER BY position LIMIT 1"),
            arguments: [subtopicID, family])
        else { return nil }
        guard case .lesson(let body) = try ItemFieldsJSON.decode(fields, shape: .lesson) else { return nil }
        return body
    }

    /// `(t.position, st.position)` of the subtopic bound to the placeholder: the plan place
    /// `glossary` and `subjectItems` compare with.
    static let planPlace = "(SELECT t2.position, st2.position FROM subtopics st2 JOIN topics t2 ON t2.id = st2.topic_id WHERE st2.id = ?)"

    public func glossary(subjectID: Int64, family: String, before subtopicID: Int64) async throws -> [String] {
        try await read { db in try Self.glossary(db, subjectID: subjectID, family: family, before: subtopicID) }
    }

    static func glossary(_ db: Database, subjectID: Int64, family: String, before subtopicID: Int64) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(sql: """
                SELECT json_extract(x.fields, '$.front') FROM items x
                JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id
                WHERE t.subject_id = ? AND x.family = ? AND x.shape = 'pair' AND (t.position, st.position) < \(planPlace)
                ORDER BY t.position, st.position, x.generation_id, x.position
                """),
            arguments: [subjectID, family, subtopicID])
    }

    public func subjectItems(subjectID: Int64, seenFrom subtopicID: Int64?) async throws -> [SubjectItem] {
        try await read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT items.subtopic_id, items.family, items.shape, items.fields, (\(Self.learnerOwned)) AS owned FROM items
                    JOIN subtopics st ON st.id = items.subtopic_id JOIN topics t ON t.id = st.topic_id
                    WHERE t.subject_id = ? AND items.shape <> 'lesson'
                        AND (? IS NULL OR (\(Self.learnerOwned)) OR (t.position, st.position) < \(Self.planPlace))
                    ORDER BY t.position, st.position, items.family, items.position
                    """),
                arguments: [subjectID, subtopicID, subtopicID]
            ).compactMap { row -> SubjectItem? in
                guard let shape = Shape(rawValue: row["shape"]) else { return nil }
                return SubjectItem(
                    subtopicID: row["subtopic_id"], family: row["family"], learnerOwned: row["owned"],
                    content: try ItemFieldsJSON.decode(row["fields"], shape: shape))
            }
        }
    }
}
