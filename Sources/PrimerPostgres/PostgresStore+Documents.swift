import Foundation
import PostgresNIO
import PrimerCore

/// Documents attached to subjects (`DocumentStore`), stored once per content.
extension PostgresStore {
    @discardableResult
    public func addDocument(subjectID: Int64, name: String, format: String, text: String, contentHash: String) async throws
        -> (document: StoredDocument, added: Bool)
    {
        let added = try await write { connection in
            try await Self.lockSubject(connection, subjectID, logger)
            let now = Date()
            // Two runs attaching the same file store it once: the unique key decides.
            if let row = try await connection.row(
                """
                INSERT INTO documents (subject_id, name, format, content_hash, text, created_at)
                VALUES (\(subjectID), \(name), \(format), \(contentHash), \(text), \(now))
                ON CONFLICT (subject_id, content_hash) DO NOTHING RETURNING *
                """, logger)
            {
                try await Self.touch(connection, subjectID: subjectID, at: now, logger)
                return Added(document: try Self.document(row), added: true)
            }
            let existing = try await connection.row(
                "SELECT * FROM documents WHERE subject_id = \(subjectID) AND content_hash = \(contentHash)", logger)
            return Added(document: try Self.document(existing!), added: false)
        }
        return (added.document, added.added)
    }

    public func documents(subjectID: Int64) async throws -> [StoredDocument] {
        try await read { connection in
            try await connection.rows("SELECT * FROM documents WHERE subject_id = \(subjectID) ORDER BY id", logger).map(Self.document)
        }
    }

    public func removeDocument(subjectID: Int64, name: String) async throws -> Bool {
        try await write { connection in
            let removed = try await connection.rows(
                """
                DELETE FROM documents WHERE subject_id = \(subjectID)
                    AND (name = \(name) OR (length(\(name)) >= 6 AND starts_with(content_hash, \(name))))
                RETURNING id
                """, logger)
            if !removed.isEmpty { try await Self.touch(connection, subjectID: subjectID, at: Date(), logger) }
            return !removed.isEmpty
        }
    }

    private struct Added: Sendable {
        var document: StoredDocument
        var added: Bool
    }

    static func document(_ row: PostgresRandomAccessRow) throws -> StoredDocument {
        StoredDocument(
            id: try row.value("id"), name: try row.value("name"), format: try row.value("format"),
            contentHash: try row.value("content_hash"), text: try row.value("text"), createdAt: try row.value("created_at"))
    }
}
