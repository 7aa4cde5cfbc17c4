import Foundation
import GRDB
import PrimerCore

// Rows as written to the store. Arrays ([String]) are stored as JSON text by GRDB's Codable support.

struct SubjectRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "subjects"
    var id: Int64?
    var title: String
    var titleKey: String
    var notes: String
    var kind: String
    var instructions: String
    var createdAt: Date
    var updatedAt: Date
    var ownerID: Int64
    var color: String
    var icon: String

    enum CodingKeys: String, CodingKey {
        case id, title, notes, kind, instructions, color, icon
        case titleKey = "title_key", createdAt = "created_at", updatedAt = "updated_at", ownerID = "owner_id"
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The unique key of a title: NFC, without invisible format characters, whitespace
    /// collapsed, lowercased (`SubjectTitle.key`), so spellings that look the same are one subject.
    static func key(_ title: String) -> String {
        SubjectTitle.key(title)
    }

    var stored: StoredSubject {
        StoredSubject(
            id: id ?? 0, title: title, notes: notes, kind: SubjectKind(rawValue: kind) ?? .general,
            instructions: instructions, owner: SubjectOwner(stored: ownerID), color: color, icon: icon)
    }
}

struct TopicRow: Codable, MutablePersistableRecord {
    static let databaseTableName = "topics"
    var id: Int64?
    var subjectID: Int64
    var position: Int
    var title: String
    var overview: String

    enum CodingKeys: String, CodingKey {
        case id, position, title, overview
        case subjectID = "subject_id"
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

struct SubtopicRow: Codable, MutablePersistableRecord {
    static let databaseTableName = "subtopics"
    var id: Int64?
    var topicID: Int64
    var position: Int
    var title: String

    enum CodingKeys: String, CodingKey {
        case id, position, title
        case topicID = "topic_id"
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

struct GenerationInsert: Codable, MutablePersistableRecord {
    static let databaseTableName = "generations"
    var id: Int64?
    var subjectID: Int64
    var subtopicID: Int64?
    var family: String
    var familyVersion: Int
    var familyHash: String
    var provider: String
    var model: String
    var status: String
    var error: String?
    var attempts: Int
    var promptTokens: Int
    var completionTokens: Int
    var cachedPromptTokens: Int
    var cost: Double?
    var latencyMs: Int
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, family, provider, model, status, error, attempts, cost
        case subjectID = "subject_id", subtopicID = "subtopic_id", familyVersion = "family_version"
        case familyHash = "family_hash", promptTokens = "prompt_tokens"
        case completionTokens = "completion_tokens", cachedPromptTokens = "cached_prompt_tokens"
        case latencyMs = "latency_ms", createdAt = "created_at"
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    init(subjectID: Int64, subtopicID: Int64?, record: GenerationRecord, now: Date) {
        let usage = record.usage
        self.subjectID = subjectID
        self.subtopicID = subtopicID
        family = record.family
        familyVersion = record.familyVersion
        familyHash = record.familyHash
        provider = record.provider
        model = record.model
        status = record.status.rawValue
        error = record.error
        attempts = record.attempts.count
        promptTokens = usage.promptTokens
        completionTokens = usage.completionTokens
        cachedPromptTokens = usage.cachedPromptTokens
        cost = record.cost
        latencyMs = record.latencyMs
        createdAt = now
    }
}

struct AttemptInsert: Codable, PersistableRecord {
    static let databaseTableName = "attempts"
    var generationID: Int64
    var number: Int
    var status: String
    var reasons: [String]
    var dropped: [String]
    var promptTokens: Int
    var completionTokens: Int
    var cachedPromptTokens: Int
    var cost: Double?
    var latencyMs: Int
    var finishReason: String?

    enum CodingKeys: String, CodingKey {
        case number, status, reasons, dropped, cost
        case generationID = "generation_id", promptTokens = "prompt_tokens"
        case completionTokens = "completion_tokens", cachedPromptTokens = "cached_prompt_tokens"
        case latencyMs = "latency_ms", finishReason = "finish_reason"
    }

    init(generationID: Int64, attempt: AttemptRecord) {
        self.generationID = generationID
        number = attempt.number
        status = attempt.status.rawValue
        reasons = attempt.reasons
        dropped = attempt.dropped
        promptTokens = attempt.usage.promptTokens
        completionTokens = attempt.usage.completionTokens
        cachedPromptTokens = attempt.usage.cachedPromptTokens
        cost = attempt.cost
        latencyMs = attempt.latencyMs
        finishReason = attempt.finishReason?.rawValue
    }
}

struct CitationRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "citations"
    var generationID: Int64
    var position: Int
    var url: String
    var title: String
    var snippet: String

    enum CodingKeys: String, CodingKey {
        case position, url, title, snippet
        case generationID = "generation_id"
    }

    var citation: Citation { Citation(url: url, title: title, snippet: snippet) }
}

/// One row of `items`: an item of any shape, its fields as a JSON object.
struct ItemRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "items"
    var id: Int64?
    var subtopicID: Int64
    var family: String
    var shape: String
    var position: Int
    var fields: String
    /// Nil for an item the learner added.
    var generationID: Int64?
    var createdAt: Date
    /// The passages it came from, as JSON citations (`v9-item-sources`); nil: none.
    var sources: String?
    /// The learner's tags, a JSON array (`v12-imports`); nil: none.
    var tags: String?

    enum CodingKeys: String, CodingKey {
        case id, family, shape, position, fields, sources, tags
        case subtopicID = "subtopic_id", generationID = "generation_id", createdAt = "created_at"
    }

    init(
        subtopicID: Int64, family: String, position: Int, content: ItemContent, generationID: Int64?, createdAt: Date,
        sources: [Citation] = []
    ) throws {
        self.sources = sources.isEmpty ? nil : String(decoding: try JSONEncoder().encode(sources), as: UTF8.self)
        self.subtopicID = subtopicID
        self.family = family
        self.shape = content.shape.rawValue
        self.position = position
        self.fields = try ItemFieldsJSON.encode(content)
        self.generationID = generationID
        self.createdAt = createdAt
    }

    /// The stored item; a row whose fields do not read as its shape is a damaged store.
    func item() throws -> KitItem {
        guard let id, let shape = Shape(rawValue: shape) else {
            throw StoreError.invalidWrite("item row of unknown shape '\(shape)'")
        }
        let cited = try sources.map { try JSONDecoder().decode([Citation].self, from: Data($0.utf8)) } ?? []
        return KitItem(id: id, content: try ItemFieldsJSON.decode(fields, shape: shape), sources: cited)
    }
}
