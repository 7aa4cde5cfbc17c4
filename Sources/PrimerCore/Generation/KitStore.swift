import Foundation

/// One try at a family: what came back and why it was rejected, if it was.
public struct AttemptRecord: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        case accepted
        /// Parsed badly or failed a gate: the reasons say why.
        case rejected
        /// The provider failed (network, server error, injected fault).
        case error
    }
    public var number: Int
    public var status: Status
    public var reasons: [String]
    /// Items the gates dropped while still accepting the answer.
    public var dropped: [String]
    public var usage: TokenUsage
    public var cost: Double?
    public var latencyMs: Int
    public var finishReason: FinishReason?
    /// The earlier attempt whose answer this one repeated word for word (after normalisation).
    public var repeatsAttempt: Int?

    public init(
        number: Int, status: Status, reasons: [String] = [], dropped: [String] = [],
        usage: TokenUsage = TokenUsage(), cost: Double? = nil, latencyMs: Int = 0,
        finishReason: FinishReason? = nil
    ) {
        self.number = number
        self.status = status
        self.reasons = reasons
        self.dropped = dropped
        self.usage = usage
        self.cost = cost
        self.latencyMs = latencyMs
        self.finishReason = finishReason
    }
}

/// Provenance of one generation (a family run for a subject or subtopic), stored with what it made.
public struct GenerationRecord: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable { case ok, failed }
    public var family: String
    public var familyVersion: Int
    /// Hash of the family's definition, so an evaluation can tell which prompt produced what.
    public var familyHash: String
    public var provider: String
    public var model: String
    public var attempts: [AttemptRecord]
    public var status: Status
    public var error: String?
    public var citations: [Citation]
    /// For each item of the output (`ItemContent.items(of:)`), the indexes into `citations` of
    /// the passages it came from (`PassageMatch`); nil when nothing grounded the generation.
    public var itemSources: [[Int]]?

    public init(
        family: String, familyVersion: Int, familyHash: String, provider: String, model: String,
        attempts: [AttemptRecord], status: Status, error: String? = nil, citations: [Citation] = []
    ) {
        self.family = family
        self.familyVersion = familyVersion
        self.familyHash = familyHash
        self.provider = provider
        self.model = model
        self.attempts = attempts
        self.status = status
        self.error = error
        self.citations = citations
    }

    public var usage: TokenUsage { attempts.reduce(TokenUsage()) { $0 + $1.usage } }
    public var cost: Double? {
        let costs = attempts.compactMap(\.cost)
        return costs.isEmpty ? nil : Cost.sum(costs)
    }
    public var latencyMs: Int { attempts.reduce(0) { $0 + $1.latencyMs } }
}

public struct StoredSubject: Sendable, Equatable {
    public var id: Int64
    public var title: String
    public var notes: String
    public var kind: SubjectKind
    public var instructions: String
    public init(id: Int64, title: String, notes: String, kind: SubjectKind, instructions: String) {
        self.id = id
        self.title = title
        self.notes = notes
        self.kind = kind
        self.instructions = instructions
    }
}

public struct StoredSubtopic: Sendable, Equatable {
    public var id: Int64
    public var title: String
    public init(id: Int64, title: String) {
        self.id = id
        self.title = title
    }
}

public struct StoredTopic: Sendable, Equatable {
    public var id: Int64
    public var title: String
    public var overview: String
    public var subtopics: [StoredSubtopic]
    public init(id: Int64, title: String, overview: String, subtopics: [StoredSubtopic]) {
        self.id = id
        self.title = title
        self.overview = overview
        self.subtopics = subtopics
    }
}

/// What the pipeline needs from storage. PrimerStore implements it over SQLite; every write that
/// stores content stores its provenance in the same transaction.
public protocol KitStore: Sendable {
    func subject(titled title: String) throws -> StoredSubject?
    /// Creates the subject, or updates notes, kind and instructions of the one with this title.
    func upsertSubject(title: String, notes: String, kind: SubjectKind, instructions: String) throws -> StoredSubject
    /// Topics and subtopics in plan order; empty when there is no plan yet.
    func plan(subjectID: Int64) throws -> [StoredTopic]
    /// Stores the plan and records its generation, in one transaction. With `replacing`, the plan
    /// and everything under it is replaced; without, a plan another run stored first is kept
    /// (this one is recorded as discarded) and returned.
    func storePlan(subjectID: Int64, plan: Plan, generation: GenerationRecord, replacing: Bool) throws -> [StoredTopic]
    /// Families whose content is stored for this subtopic (status ok).
    func completedFamilies(subtopicID: Int64) throws -> Set<String>
    /// Stores a family's accepted output for a subtopic with its provenance, in one transaction.
    /// Without `replacing`, stored content is never replaced: when another run stored this family
    /// first, its content is kept, this generation is recorded as discarded and the result is
    /// false. With `replacing` (`generate --regenerate`), the family's content is replaced; the
    /// earlier generations stay as provenance.
    @discardableResult
    func saveContent(
        subjectID: Int64, subtopicID: Int64, output: GeneratedOutput, generation: GenerationRecord, replacing: Bool
    ) throws -> Bool
    /// Stores items written again for leeches with the generation that wrote them, in one
    /// transaction: each new item takes its leech's place, the leech is deleted with its memory
    /// (its review log stays), and the new item's provenance records the leech (its fields, its
    /// lapses and reviews as stored at that moment, the reason) and every item the leech itself
    /// replaced. A rewrite is stored only over the leech it was written from: a leech deleted,
    /// edited or rated since `Leech` was read is left alone. Returns one outcome per replacement.
    func rewriteItems(
        subjectID: Int64, subtopicID: Int64, replacements: [(leech: Leech, content: ItemContent)], generation: GenerationRecord
    ) throws -> [RewriteOutcome]
    /// Records a failed generation (its attempts and error); stores no content.
    func recordFailure(subjectID: Int64, subtopicID: Int64?, generation: GenerationRecord) throws
    /// The lesson `family` stored for a subtopic, if any (the pipeline names the family whose
    /// role is the lesson).
    func lesson(subtopicID: Int64, family: String) throws -> String?
    /// The fronts `family` stored across the subject (the glossary family's terms), so later
    /// subtopics do not define them again.
    func glossary(subjectID: Int64, family: String) throws -> [String]

    /// Claims `work` for `owner` unless another run holds it with a heartbeat newer than
    /// `staleAfter` seconds and a live process; true when `owner` holds it now.
    func claim(_ work: WorkKey, for owner: WorkOwner, staleAfter: TimeInterval) throws -> Bool
    /// Renews the heartbeat of every claim `owner` holds.
    func renewClaims(of owner: WorkOwner) throws
    func releaseClaim(_ work: WorkKey, of owner: WorkOwner) throws
}

extension KitStore {
    /// Stores a family's content unless another run stored it first (see the requirement).
    @discardableResult
    public func saveContent(subjectID: Int64, subtopicID: Int64, output: GeneratedOutput, generation: GenerationRecord) throws -> Bool {
        try saveContent(subjectID: subjectID, subtopicID: subtopicID, output: output, generation: generation, replacing: false)
    }

    /// Replaces the plan and everything under it (`--regenerate-plan`), in one transaction.
    public func replacePlan(subjectID: Int64, plan: Plan, generation: GenerationRecord) throws -> [StoredTopic] {
        try storePlan(subjectID: subjectID, plan: plan, generation: generation, replacing: true)
    }
}
