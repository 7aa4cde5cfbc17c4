import PrimerCore

/// Counts for one family across a run.
public struct FamilySummary: Sendable, Equatable, Codable {
    public var generated = 0
    /// Already stored before the run: skipped, no provider call.
    public var skipped = 0
    public var failed = 0
    public var attempts = 0
    public var providerCalls = 0
    /// Items stored by this run (cards, questions, terms; topics+subtopics for the plan; 1 per lesson).
    public var items = 0
    /// Items the gates dropped from accepted answers.
    public var dropped = 0
    public init() {}
}

/// A generation that ended in an error; everything else of the run is stored.
public struct RunFailure: Sendable, Equatable, Codable {
    public var family: String
    public var subtopic: String?
    public var error: String
}

/// What one `generate` did: the machine-readable summary behind `--json`.
public struct RunSummary: Sendable, Equatable, Codable {
    public var subject: String
    public var kind: SubjectKind
    public var language: String
    public var kindReason: String
    public var provider: String
    public var model: String
    public var topics: [PlanTopic] = []
    public var subtopicsInScope = 0
    public var providerCalls = 0
    public var attempts = 0
    public var promptTokens = 0
    public var completionTokens = 0
    public var cost: Double = 0
    public var families: [String: FamilySummary] = [:]
    /// Family names in the order they ran (plan first), for tables.
    public var familyOrder: [String] = []
    public var failures: [RunFailure] = []
    /// How the plan was made from the documents' outline (nil: no outline, or the plan was
    /// already stored).
    public var outline: OutlineUse?
    /// Leeches written again (`generate --rewrite-leeches`), each with the reason.
    public var rewrites: [RewrittenItem] = []

    public var succeeded: Bool { failures.isEmpty }

    /// Counts an outcome's calls and tokens; `kept: false` is an accepted answer that was not
    /// stored because another run stored the same family first (counted as already stored).
    mutating func add(_ outcome: GenerationOutcome, items: Int, kept: Bool = true) {
        let record = outcome.record
        var family = families[record.family] ?? FamilySummary()
        family.attempts += record.attempts.count
        family.providerCalls += outcome.providerCalls
        family.dropped += record.attempts.last?.dropped.count ?? 0
        if record.status == .ok && !kept {
            family.skipped += 1
        } else if record.status == .ok {
            family.generated += 1
            family.items += items
        } else {
            family.failed += 1
        }
        families[record.family] = family
        providerCalls += outcome.providerCalls
        attempts += record.attempts.count
        promptTokens += record.usage.promptTokens
        completionTokens += record.usage.completionTokens
        cost = Cost.adding(cost, record.cost)
    }

    mutating func skip(_ family: String) {
        families[family, default: FamilySummary()].skipped += 1
    }
}
