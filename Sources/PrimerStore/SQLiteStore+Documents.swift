import Foundation
import GRDB
import PrimerCore

/// Documents attached to subjects: stored once per content (attaching the same file twice
/// changes nothing).
extension SQLiteStore {
    /// Stores a document under the subject; returns it and whether it was new.
    @discardableResult
    public func addDocument(subjectID: Int64, name: String, format: String, text: String, contentHash: String) async throws -> (document: StoredDocument, added: Bool) {
        try await write { db in
            if let existing = try Self.document(db, subjectID: subjectID, contentHash: contentHash) {
                return (existing, false)
            }
            let now = Date()
            try db.execute(
                sql: "INSERT INTO documents (subject_id, name, format, content_hash, text, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [subjectID, name, format, contentHash, text, now])
            try Self.touch(db, subjectID: subjectID, at: now)
            return (StoredDocument(id: db.lastInsertedRowID, name: name, format: format, contentHash: contentHash, text: text, createdAt: now), true)
        }
    }

    /// The subject's documents in the order they were attached.
    public func documents(subjectID: Int64) async throws -> [StoredDocument] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM documents WHERE subject_id = ? ORDER BY id", arguments: [subjectID]).map(Self.document)
        }
    }

    /// Removes the document with this name (or content hash prefix); false when there is none.
    public func removeDocument(subjectID: Int64, name: String) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM documents WHERE subject_id = ? AND (name = ? OR (length(?) >= 6 AND content_hash LIKE ? || '%'))",
                arguments: [subjectID, name, name, name])
            if db.changesCount > 0 { try Self.touch(db, subjectID: subjectID, at: Date()) }
            return db.changesCount > 0
        }
    }

    static func document(_ db: Database, subjectID: Int64, contentHash: String) throws -> StoredDocument? {
        try Row.fetchOne(db, sql: "SELECT * FROM documents WHERE subject_id = ? AND content_hash = ?", arguments: [subjectID, contentHash]).map(document)
    }

    static func document(_ row: Row) -> StoredDocument {
        StoredDocument(id: row["id"], name: row["name"], format: row["format"], contentHash: row["content_hash"], text: row["text"], createdAt: row["created_at"])
    }
}
