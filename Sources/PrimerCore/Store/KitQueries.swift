import Foundation

/// What the store is asked about a kit as a whole: the subjects, a kit to show or export, the
/// provenance of its generations, and counts; and deleting a subject with everything under it.
public protocol KitQueries: Sendable {
    /// Every subject with its counts, by title.
    func listSubjects() async throws -> [SubjectSummary]
    /// The whole kit of a subject (title matched case-insensitively), or nil when there is none.
    func kit(subjectTitle: String) async throws -> Kit?
    /// Deletes the subject and everything under it. Returns false when there was no such subject.
    @discardableResult
    func deleteSubject(title: String) async throws -> Bool
    /// Every generation of the subject (plan and subtopics, ok and failed), oldest first.
    func generations(subjectTitle: String) async throws -> [StoredGeneration]
    /// The attempts of one generation, in order, with their rejection reasons.
    func attempts(generationID: Int64) async throws -> [StoredAttempt]
    /// Rows per table, for every table of the store.
    func counts() async throws -> [KitTable: Int]
    /// Stored items per family, across every subject.
    func itemCounts() async throws -> [String: Int]
}

/// One line of `primer list`.
public struct SubjectSummary: Sendable, Equatable, Codable {
    public var id: Int64
    public var title: String
    public var kind: SubjectKind
    public var topics: Int
    public var subtopics: Int
    /// What each family stored across the subject, in the order the families were first stored.
    public var families: [FamilyCount]
    public var createdAt: Date
    public var updatedAt: Date
    /// How apps show the subject (`StoredSubject.color`, `.icon`); not in the JSON the CLI
    /// writes, which is the layout scripts read.
    public var color = ""
    public var icon = ""

    enum CodingKeys: String, CodingKey { case id, title, kind, topics, subtopics, families, createdAt, updatedAt }

    public init(
        id: Int64, title: String, kind: SubjectKind, topics: Int, subtopics: Int, families: [FamilyCount],
        createdAt: Date, updatedAt: Date, color: String = "", icon: String = ""
    ) {
        self.color = color
        self.icon = icon
        self.id = id
        self.title = title
        self.kind = kind
        self.topics = topics
        self.subtopics = subtopics
        self.families = families
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Subtopics with a stored lesson (of any lesson-shaped family).
    public var lessons: Int { families.filter { $0.shape == .lesson }.map(\.items).max() ?? 0 }
    /// Stored items that are not lessons (cards, questions, terms, cloze notes).
    public var items: Int { families.filter { $0.shape != .lesson }.reduce(0) { $0 + $1.items } }
}

/// How many items one family stored (for a lesson family: how many subtopics have its lesson).
public struct FamilyCount: Sendable, Equatable, Codable {
    public var family: String
    public var shape: Shape
    public var items: Int
    public init(family: String, shape: Shape, items: Int) {
        self.family = family
        self.shape = shape
        self.items = items
    }
}

/// A stored generation, for provenance inspection. `subtopicID` is nil for a plan generation.
public struct StoredGeneration: Sendable, Equatable, Codable {
    public var id: Int64
    public var subjectID: Int64
    public var subtopicID: Int64?
    /// Title of the subtopic it was for, nil for a plan generation.
    public var subtopicTitle: String?
    public var family: String
    public var familyVersion: Int
    public var familyHash: String
    public var provider: String
    public var model: String
    public var status: GenerationRecord.Status
    public var error: String?
    public var attempts: Int
    public var promptTokens: Int
    public var completionTokens: Int
    public var cachedPromptTokens: Int
    public var cost: Double?
    public var latencyMs: Int
    public var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, family, provider, model, status, error, attempts, cost
        case subjectID = "subject_id", subtopicID = "subtopic_id", subtopicTitle = "subtopic_title"
        case familyVersion = "family_version", familyHash = "family_hash", promptTokens = "prompt_tokens"
        case completionTokens = "completion_tokens", cachedPromptTokens = "cached_prompt_tokens"
        case latencyMs = "latency_ms", createdAt = "created_at"
    }

    public init(
        id: Int64, subjectID: Int64, subtopicID: Int64?, subtopicTitle: String?, family: String, familyVersion: Int,
        familyHash: String, provider: String, model: String, status: GenerationRecord.Status, error: String?, attempts: Int, promptTokens: Int,
        completionTokens: Int, cachedPromptTokens: Int, cost: Double?, latencyMs: Int, createdAt: Date
    ) {
        (self.id, self.subjectID, self.subtopicID, self.subtopicTitle, self.family, self.familyVersion) =
            (id, subjectID, subtopicID, subtopicTitle, family, familyVersion)
        (self.familyHash, self.provider, self.model, self.status, self.error, self.attempts) =
            (familyHash, provider, model, status, error, attempts)
        (self.promptTokens, self.completionTokens, self.cachedPromptTokens, self.cost, self.latencyMs, self.createdAt) =
            (promptTokens, completionTokens, cachedPromptTokens, cost, latencyMs, createdAt)
    }

    public var kitGeneration: KitGeneration {
        KitGeneration(
            family: family, familyVersion: familyVersion, provider: provider, model: model, status: status.rawValue,
            attempts: attempts, promptTokens: promptTokens, completionTokens: completionTokens, cost: cost,
            latencyMs: latencyMs, error: error)
    }
}

/// One stored attempt of a generation, with the reasons it was rejected and what the gates dropped.
public struct StoredAttempt: Sendable, Equatable, Codable {
    public var id: Int64
    public var generationID: Int64
    public var number: Int
    public var status: AttemptRecord.Status
    public var reasons: [String]
    public var dropped: [String]
    public var promptTokens: Int
    public var completionTokens: Int
    public var cachedPromptTokens: Int
    public var cost: Double?
    public var latencyMs: Int
    public var finishReason: String?

    enum CodingKeys: String, CodingKey {
        case id, number, status, reasons, dropped, cost
        case generationID = "generation_id", promptTokens = "prompt_tokens"
        case completionTokens = "completion_tokens", cachedPromptTokens = "cached_prompt_tokens"
        case latencyMs = "latency_ms", finishReason = "finish_reason"
    }

    public init(
        id: Int64, generationID: Int64, number: Int, status: AttemptRecord.Status, reasons: [String], dropped: [String], promptTokens: Int,
        completionTokens: Int, cachedPromptTokens: Int, cost: Double?, latencyMs: Int, finishReason: String?
    ) {
        (self.id, self.generationID, self.number, self.status, self.reasons, self.dropped) =
            (id, generationID, number, status, reasons, dropped)
        (self.promptTokens, self.completionTokens, self.cachedPromptTokens, self.cost, self.latencyMs, self.finishReason) =
            (promptTokens, completionTokens, cachedPromptTokens, cost, latencyMs, finishReason)
    }
}

extension SubjectSummary {
    /// How many items `family` stored across the subject (0 when none).
    public func count(of family: String) -> Int {
        families.first { $0.family == family }?.items ?? 0
    }
}
