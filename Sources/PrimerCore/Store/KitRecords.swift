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
    /// For each item, the statement of the documents or the lesson that supports it
    /// (`ItemSupport.span`), kept as its first source; nil when nothing was read.
    public var itemSpans: [Citation?]?

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
    public var owner: SubjectOwner
    /// How apps show the subject: a colour (`#3366ff`) and an icon name, empty when not set.
    public var color: String
    public var icon: String
    public init(
        id: Int64, title: String, notes: String, kind: SubjectKind, instructions: String, owner: SubjectOwner = .local,
        color: String = "", icon: String = ""
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.kind = kind
        self.instructions = instructions
        self.owner = owner
        self.color = color
        self.icon = icon
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

extension GenerationRecord {
    /// This generation as a store records it when another run stored its content first: failed,
    /// with no citations, its calls, tokens and cost still accounted for.
    public var discarded: GenerationRecord {
        var discarded = self
        discarded.status = .failed
        discarded.error = "discarded: another run stored this \(family) first, and stored content is never replaced"
        discarded.citations = []
        return discarded
    }

    /// For each item of the output, the statement that supports it (`itemSpans`), then the
    /// citations of the passages it came from (`itemSources`).
    public var sourcesPerItem: [[Citation]] {
        let passages = (itemSources ?? []).map { indexes in indexes.compactMap { citations.indices.contains($0) ? citations[$0] : nil } }
        guard let spans = itemSpans else { return passages }
        return spans.indices.map { index in
            (spans[index].map { [$0] } ?? []) + (passages.indices.contains(index) ? passages[index] : [])
        }
    }
}
