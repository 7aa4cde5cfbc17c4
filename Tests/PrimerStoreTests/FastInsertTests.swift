import Foundation
import GRDB
import PrimerCore
import Testing
@testable import PrimerStore

/// The rows written on every generation go through prepared INSERT statements
/// (`Records+Encoding.swift`); they must store exactly what GRDB's record insert stores.
@Suite struct FastInsertTests {
    @Test func preparedInsertsStoreWhatRecordInsertsStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fast-insert-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(path: directory.appendingPathComponent("s.sqlite").path)
        let subject = try await store.upsertSubject(title: "Vectors", notes: "", kind: .general, instructions: "")
        let date = Date(timeIntervalSince1970: 1_790_000_000.123)
        let attempt = AttemptRecord(
            number: 2, status: .rejected, reasons: ["too few", "a/b \"quoted\" é 中文 😀", ""], dropped: [],
            usage: TokenUsage(promptTokens: 10, completionTokens: 20, cachedPromptTokens: 3), cost: 0.25,
            latencyMs: 42, finishReason: .length)
        let record = GenerationRecord(
            family: "quiz", familyVersion: 3, familyHash: "abc", provider: "mock", model: "m",
            attempts: [attempt, AttemptRecord(number: 1, status: .accepted)], status: .ok)
        let topics = try await store.replacePlan(
            subjectID: subject.id, plan: Plan(topics: [PlanTopic(title: "T", overview: "", subtopics: ["S"])]),
            generation: record)
        let subtopicID = try #require(topics.first?.subtopics.first?.id)

        try await store.dbPool.write { db in
            /// Inserts a row through the record, reads it back and deletes it (the tables have unique
            /// keys), inserts it through the prepared statement, and compares the two stored rows
            /// column by column, without the ids SQLite assigns.
            func pair(_ table: String, _ record: () throws -> Void, _ statement: () throws -> Void,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
                func lastRow() throws -> Row {
                    try Row.fetchOne(db, sql: "SELECT * FROM \(table) WHERE rowid = ?", arguments: [db.lastInsertedRowID])!
                }
                try record()
                let a = try lastRow()
                try db.execute(sql: "DELETE FROM \(table) WHERE rowid = ?", arguments: [db.lastInsertedRowID])
                try statement()
                let b = try lastRow()
                let columns = a.columnNames.filter { $0 != "id" }
                #expect(columns.count >= 4, sourceLocation: sourceLocation)
                #expect(Array(b.columnNames) == Array(a.columnNames), sourceLocation: sourceLocation)
                for column in columns {
                    #expect(a[column] as DatabaseValue == b[column] as DatabaseValue, "\(table).\(column)", sourceLocation: sourceLocation)
                }
            }
            var failed = record
            failed.status = .failed
            failed.error = "boom"
            for (generation, subtopic) in [(failed, nil), (record, Optional(subtopicID))] {
                let row = GenerationInsert(subjectID: subject.id, subtopicID: subtopic, record: generation, now: date)
                try pair("generations", { var copy = row; try copy.insert(db) }, { _ = try row.insertFast(db) })
            }
            let generationID = db.lastInsertedRowID
            for a in [attempt, AttemptRecord(number: 1, status: .accepted)] {
                let row = AttemptInsert(generationID: generationID, attempt: a)
                try pair("attempts", { try row.insert(db) }, { try row.insertFast(db) })
            }
            let contents: [ItemContent] = [
                .lesson("# Notes\n\nBody é"), .pair(PairItem(front: "Q?", back: "A", hint: "a letter")),
                .choice(ChoiceItem(question: "Which?", choices: ["a", "b/c", "\"d\"", "é"], correctIndex: -1, explanation: "")),
                .cloze(ClozeItem(text: "The {{c1::cell}} divides.", extra: "")),
            ]
            for (position, content) in contents.enumerated() {
                let item = try ItemRow(subtopicID: subtopicID, family: "f\(position)", position: position, content: content, generationID: generationID, createdAt: Date(timeIntervalSince1970: 1_780_000_000.125))
                try pair("items", { try item.insert(db) }, { try item.insertFast(db) })
            }
        }
    }
}

extension FastInsertTests {
    @Test func stringArraysEncodeAsJSONEncoderWrites() throws {
        let awkward = ["", "plain", "a/b", "\"quoted\"", "back\\slash", "é 中文 😀", "\u{2028}\u{2029}", "\u{7F}", "<tag>&amp;",
                       "tab\there", "line\nbreak", "\u{1}", "e\u{301}", "'single'", "{\"json\": [1]}"]
        let encoder = AttemptInsert.databaseJSONEncoder(for: "reasons")
        var fastPath = 0
        for count in 0...3 {
            for start in awkward.indices {
                let value = (0..<count).map { awkward[(start + $0 * 5) % awkward.count] }
                let expected = String(decoding: try encoder.encode(value), as: UTF8.self)
                #expect(try AttemptInsert.jsonText(value, column: "reasons") == expected, "\(value)")
                if JSONStringArray.encode(value) != nil { fastPath += 1 }
            }
        }
        // Control characters go to the encoder; the rest is written without one.
        #expect(JSONStringArray.encode(["tab\there"]) == nil)
        #expect(fastPath > awkward.count * 2)
    }
}
