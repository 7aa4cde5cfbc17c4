import Foundation
import Logging
import PostgresNIO
import PrimerCore

/// Running statements and reading rows by column name, the way every port method does.
extension PostgresConnection {
    /// The rows of `query`, each readable by column name.
    func rows(_ query: PostgresQuery, _ logger: Logger) async throws -> [PostgresRandomAccessRow] {
        try await self.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
    }

    /// The first row of `query`, or nil.
    func row(_ query: PostgresQuery, _ logger: Logger) async throws -> PostgresRandomAccessRow? {
        try await rows(query, logger).first
    }

    /// Runs a statement whose rows (if any) are not needed.
    func run(_ query: PostgresQuery, _ logger: Logger) async throws {
        try await self.query(query, logger: logger).collect()
    }
}

extension PostgresRandomAccessRow {
    /// The value of column `name`.
    func value<T: PostgresDecodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        try self[name].decode(T.self)
    }

    /// An integer column as `Int` (every integer column is BIGINT).
    func int(_ name: String) throws -> Int { Int(try value(name, as: Int64.self)) }

    /// A text column holding one of an enum's values (a generation's or an attempt's status).
    func stored<Value: RawRepresentable>(_ name: String) throws -> Value where Value.RawValue == String {
        let raw = try value(name, as: String.self)
        guard let stored = Value(rawValue: raw) else { throw StoreError.invalidWrite("column \(name) holds '\(raw)', which this release does not know") }
        return stored
    }
}

/// Row-level rules every port shares; each runs inside the caller's transaction.
extension PostgresStore {
    static func subject(_ row: PostgresRandomAccessRow) throws -> StoredSubject {
        StoredSubject(
            id: try row.value("id"), title: try row.value("title"), notes: try row.value("notes"),
            kind: SubjectKind(rawValue: try row.value("kind")) ?? .general, instructions: try row.value("instructions"),
            owner: SubjectOwner(stored: try row.value("owner_id")), color: try row.value("color"), icon: try row.value("icon"))
    }

    /// The subject `owner` gave this title.
    static func fetchSubject(
        _ connection: PostgresConnection, title: String, owner: SubjectOwner, _ logger: Logger
    ) async throws -> StoredSubject? {
        try await connection.row(
            "SELECT * FROM subjects WHERE owner_id = \(owner.id) AND title_key = \(SubjectTitle.key(title))", logger
        ).map(subject)
    }

    /// Locks the subject's row for the rest of the transaction: writes under one subject (a
    /// plan, a family's content, rewrites) follow one another, as they do in SQLite.
    static func lockSubject(_ connection: PostgresConnection, _ subjectID: Int64, _ logger: Logger) async throws {
        guard try await connection.row("SELECT id FROM subjects WHERE id = \(subjectID) FOR UPDATE", logger) != nil else {
            throw StoreError.notFound("subject #\(subjectID)")
        }
    }

    /// Locks the subject of a subtopic, checking that the subtopic is the subject's.
    static func lockSubtopic(_ connection: PostgresConnection, _ subtopicID: Int64, of subjectID: Int64, _ logger: Logger) async throws {
        try await lockSubject(connection, subjectID, logger)
        let owner = try await connection.row(
            "SELECT t.subject_id FROM subtopics s JOIN topics t ON t.id = s.topic_id WHERE s.id = \(subtopicID)", logger)
        guard try owner?.value("subject_id", as: Int64.self) == subjectID else {
            throw StoreError.notFound("subtopic #\(subtopicID) of subject #\(subjectID)")
        }
    }

    static func touch(_ connection: PostgresConnection, subjectID: Int64, at date: Date, _ logger: Logger) async throws {
        try await connection.run("UPDATE subjects SET updated_at = \(date) WHERE id = \(subjectID)", logger)
    }

    static func fetchPlan(_ connection: PostgresConnection, subjectID: Int64, _ logger: Logger) async throws -> [StoredTopic] {
        var subtopics: [Int64: [StoredSubtopic]] = [:]
        for row in try await connection.rows(
            """
            SELECT st.id, st.topic_id, st.title FROM subtopics st JOIN topics t ON t.id = st.topic_id
            WHERE t.subject_id = \(subjectID) ORDER BY st.position, st.id
            """, logger)
        {
            subtopics[try row.value("topic_id"), default: []].append(StoredSubtopic(id: try row.value("id"), title: try row.value("title")))
        }
        return try await connection.rows(
            "SELECT id, title, overview FROM topics WHERE subject_id = \(subjectID) ORDER BY position, id", logger
        ).map { row in
            let id: Int64 = try row.value("id")
            return StoredTopic(id: id, title: try row.value("title"), overview: try row.value("overview"), subtopics: subtopics[id] ?? [])
        }
    }

    /// Inserts the generation with its attempts and citations; returns its id.
    static func insertGeneration(
        _ connection: PostgresConnection, subjectID: Int64, subtopicID: Int64?, record: GenerationRecord, at date: Date,
        _ logger: Logger
    ) async throws -> Int64 {
        let usage = record.usage
        let row = try await connection.row(
            """
            INSERT INTO generations (subject_id, subtopic_id, family, family_version, family_hash, provider, model, status,
                error, attempts, prompt_tokens, completion_tokens, cached_prompt_tokens, cost, latency_ms, created_at)
            VALUES (\(subjectID), \(subtopicID), \(record.family), \(record.familyVersion), \(record.familyHash), \(record.provider),
                \(record.model), \(record.status.rawValue), \(record.error), \(record.attempts.count), \(usage.promptTokens),
                \(usage.completionTokens), \(usage.cachedPromptTokens), \(record.cost), \(record.latencyMs), \(date))
            RETURNING id
            """, logger)
        let generationID: Int64 = try row!.value("id")
        for attempt in record.attempts {
            try await connection.run(
                """
                INSERT INTO attempts (generation_id, number, status, reasons, dropped, prompt_tokens, completion_tokens,
                    cached_prompt_tokens, cost, latency_ms, finish_reason)
                VALUES (\(generationID), \(attempt.number), \(attempt.status.rawValue), \(try json(attempt.reasons)),
                    \(try json(attempt.dropped)), \(attempt.usage.promptTokens), \(attempt.usage.completionTokens),
                    \(attempt.usage.cachedPromptTokens), \(attempt.cost), \(attempt.latencyMs), \(attempt.finishReason?.rawValue))
                """, logger)
        }
        for (position, citation) in record.citations.enumerated() {
            try await connection.run(
                """
                INSERT INTO citations (generation_id, position, url, title, snippet)
                VALUES (\(generationID), \(position), \(citation.url), \(citation.title), \(citation.snippet))
                """, logger)
        }
        return generationID
    }

    /// A list as the JSON text SQLite's store writes for it.
    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func decodeJSON<T: Decodable>(_ text: String, as type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}
