import Foundation
import GRDB

// The rows written on every generation encode their columns directly instead of going through
// GRDB's Codable encoder (a keyed container, key-path lookups and a type check per property),
// which cost more than the SQLite insert itself. The columns and values are the ones the
// Codable encoding writes: dates with GRDB's default strategy (Date.databaseValue), optionals
// as NULL, string arrays as the JSON text of the record's JSON encoder. `RecordEncodingTests`
// (PrimerStoreTests) checks both encodings give the same containers.

extension GenerationInsert {
    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["subject_id"] = subjectID
        container["subtopic_id"] = subtopicID
        container["family"] = family
        container["family_version"] = familyVersion
        container["family_hash"] = familyHash
        container["provider"] = provider
        container["model"] = model
        container["status"] = status
        container["error"] = error
        container["attempts"] = attempts
        container["prompt_tokens"] = promptTokens
        container["completion_tokens"] = completionTokens
        container["cached_prompt_tokens"] = cachedPromptTokens
        container["cost"] = cost
        container["latency_ms"] = latencyMs
        container["created_at"] = createdAt.databaseValue  // the default strategy, .deferredToDate
    }
}

extension AttemptInsert {
    func encode(to container: inout PersistenceContainer) throws {
        container["generation_id"] = generationID
        container["number"] = number
        container["status"] = status
        container["reasons"] = try Self.jsonText(reasons, column: "reasons")
        container["dropped"] = try Self.jsonText(dropped, column: "dropped")
        container["prompt_tokens"] = promptTokens
        container["completion_tokens"] = completionTokens
        container["cached_prompt_tokens"] = cachedPromptTokens
        container["cost"] = cost
        container["latency_ms"] = latencyMs
        container["finish_reason"] = finishReason
    }
}

extension NoteRow {
    func encode(to container: inout PersistenceContainer) throws {
        container["subtopic_id"] = subtopicID
        container["family"] = family
        container["body"] = body
        container["generation_id"] = generationID
    }
}

extension FlashcardRow {
    func encode(to container: inout PersistenceContainer) throws {
        container["subtopic_id"] = subtopicID
        container["family"] = family
        container["position"] = position
        container["front"] = front
        container["back"] = back
        container["generation_id"] = generationID
    }
}

extension QuestionRow {
    func encode(to container: inout PersistenceContainer) throws {
        container["subtopic_id"] = subtopicID
        container["family"] = family
        container["position"] = position
        container["question"] = question
        container["choices"] = try Self.jsonText(choices, column: "choices")
        container["correct_index"] = correctIndex
        container["explanation"] = explanation
        container["generation_id"] = generationID
    }
}

extension TermRow {
    func encode(to container: inout PersistenceContainer) throws {
        container["subtopic_id"] = subtopicID
        container["family"] = family
        container["position"] = position
        container["term"] = term
        container["definition"] = definition
        container["generation_id"] = generationID
    }
}

extension EncodableRecord {
    /// A string array as GRDB's Codable encoding stores it: the JSON of the record's JSON
    /// encoder, as text.
    static func jsonText(_ value: [String], column: String) throws -> String {
        String(decoding: try databaseJSONEncoder(for: column).encode(value), as: UTF8.self)
    }
}
