import Foundation
import GRDB

// The rows written on every generation are inserted with one prepared statement per table,
// kept in the connection's statement cache, instead of GRDB's record insert (which encodes the
// row through Codable, looks up the table's primary key and builds the INSERT each time; that
// cost more than SQLite's own work). The columns and values are the ones the record insert
// writes: dates as Date.databaseValue's text (GRDB's default .deferredToDate strategy; written by
// `StoredDateText`), optionals as
// NULL, string arrays as the JSON text of the record's JSON encoder. `FastInsertTests`
// (PrimerStoreTests) writes every row both ways and compares the stored rows.

extension GenerationInsert {
    static let insertSQL = """
        INSERT INTO generations (id, subject_id, subtopic_id, family, family_version, family_hash, provider, model, \
        status, error, attempts, prompt_tokens, completion_tokens, cached_prompt_tokens, cost, latency_ms, created_at) \
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Inserts the row; returns its id.
    func insertFast(_ db: Database) throws -> Int64 {
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: [
            id, subjectID, subtopicID, family, familyVersion, familyHash, provider, model, status, error, attempts,
            promptTokens, completionTokens, cachedPromptTokens, cost, latencyMs, StoredDateText.of(createdAt),
        ])
        return db.lastInsertedRowID
    }
}

extension AttemptInsert {
    static let insertSQL = """
        INSERT INTO attempts (generation_id, number, status, reasons, dropped, prompt_tokens, completion_tokens, \
        cached_prompt_tokens, cost, latency_ms, finish_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    func insertFast(_ db: Database) throws {
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: [
            generationID, number, status, try Self.jsonText(reasons, column: "reasons"),
            try Self.jsonText(dropped, column: "dropped"), promptTokens, completionTokens, cachedPromptTokens, cost,
            latencyMs, finishReason,
        ])
    }
}

extension ItemRow {
    static let insertSQL = """
        INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id, created_at, sources) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    func insertFast(_ db: Database) throws {
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: [subtopicID, family, shape, position, fields, generationID, StoredDateText.of(createdAt), sources])
    }
}

extension EncodableRecord {
    /// A string array as GRDB's Codable record encoding stores it: the JSON of the record's JSON
    /// encoder, as text.
    static func jsonText(_ value: [String], column: String) throws -> String {
        if let fast = JSONStringArray.encode(value) { return fast }
        return String(decoding: try databaseJSONEncoder(for: column).encode(value), as: UTF8.self)
    }
}

/// The JSON text Foundation's `JSONEncoder` (GRDB's record encoder) writes for a string array,
/// without making an encoder per row: `"`, `\` and `/` are escaped, everything else is written
/// as is. Strings with control characters (which have several escape spellings) return nil and
/// go to the encoder. `FastInsertTests` compares the two.
enum JSONStringArray {
    static func encode(_ value: [String]) -> String? {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (index, string) in value.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            for byte in string.utf8 {
                switch byte {
                case 0..<0x20: return nil
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                    out.append(UInt8(ascii: "\\"))
                    out.append(byte)
                default:
                    out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }
}
