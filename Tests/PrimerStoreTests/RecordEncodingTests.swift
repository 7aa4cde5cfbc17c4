import Foundation
import GRDB
import PrimerCore
import Testing
@testable import PrimerStore

/// The rows written on every generation encode their columns by hand (`Records+Encoding.swift`);
/// they must give exactly the columns and values GRDB's Codable encoding gives.
@Suite struct RecordEncodingTests {
    /// Encodes the wrapped row through its synthesized `Encodable` conformance, i.e. GRDB's
    /// Codable record encoding, with the same (default) strategies as the row types.
    struct CodableTwin<Row: Encodable>: Encodable, EncodableRecord {
        let row: Row
        func encode(to encoder: any Encoder) throws { try row.encode(to: encoder) }
    }

    func expectSameColumns<Row: Encodable & EncodableRecord>(_ row: Row, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let manual = try row.databaseDictionary
        let codable = try CodableTwin(row: row).databaseDictionary
        #expect(manual == codable, sourceLocation: sourceLocation)
        #expect(!manual.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func handWrittenEncodingMatchesCodable() throws {
        let date = Date(timeIntervalSince1970: 1_790_000_000.123)
        let attempt = AttemptRecord(
            number: 2, status: .rejected, reasons: ["too few", "a/b \"quoted\" é 中文 😀", ""], dropped: [],
            usage: TokenUsage(promptTokens: 10, completionTokens: 20, cachedPromptTokens: 3), cost: 0.25,
            latencyMs: 42, finishReason: .length)
        let bare = AttemptRecord(number: 1, status: .accepted)
        let record = GenerationRecord(
            family: "quiz", familyVersion: 3, familyHash: "abc", provider: "mock", model: "m", attempts: [attempt],
            status: .ok)
        var failed = record
        failed.status = .failed
        failed.error = "boom"
        failed.attempts = []

        try expectSameColumns(GenerationInsert(subjectID: 1, subtopicID: 7, record: record, now: date))
        try expectSameColumns(GenerationInsert(subjectID: 1, subtopicID: nil, record: failed, now: date))
        var withID = GenerationInsert(subjectID: 2, subtopicID: 3, record: record, now: date)
        withID.id = 99
        try expectSameColumns(withID)
        try expectSameColumns(AttemptInsert(generationID: 5, attempt: attempt))
        try expectSameColumns(AttemptInsert(generationID: 5, attempt: bare))
        try expectSameColumns(NoteRow(subtopicID: 1, family: "notes", body: "# Notes\n\nBody é", generationID: 9))
        try expectSameColumns(FlashcardRow(subtopicID: 1, family: "flashcards", position: 0, front: "Q?", back: "A", generationID: 9))
        try expectSameColumns(QuestionRow(
            subtopicID: 1, family: "quiz", position: 3, question: "Which?", choices: ["a", "b/c", "\"d\"", "é"],
            correctIndex: -1, explanation: "", generationID: 9))
        try expectSameColumns(QuestionRow(
            subtopicID: 1, family: "quiz", position: 0, question: "Empty", choices: [], correctIndex: 0,
            explanation: "x", generationID: 9))
        try expectSameColumns(TermRow(subtopicID: 1, family: "terms", position: 1, term: "Vector", definition: "An element", generationID: 9))
    }
}
