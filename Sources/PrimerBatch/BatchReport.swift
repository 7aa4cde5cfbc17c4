import PrimerCore
import PrimerGeneration

/// How one subject of a batch ended.
public struct BatchSubjectResult: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        /// Everything generated (or already stored).
        case complete
        /// Some families failed; everything else is stored.
        case partial
        /// Nothing could be generated (bad document, unknown provider, plan failed…).
        case failed
        /// Stopped by Ctrl-C before it finished, or never started; what was stored stays.
        case interrupted
    }
    public var title: String
    public var status: Status
    public var summary: RunSummary?
    public var error: String?
    public var seconds: Double
}

/// The end of a batch: one result per subject and the totals. Written as JSON with --report.
public struct BatchReport: Sendable, Equatable, Codable {
    public var subjects: [BatchSubjectResult]
    public var seconds: Double

    public var complete: Int { subjects.filter { $0.status == .complete }.count }
    public var partial: Int { subjects.filter { $0.status == .partial }.count }
    public var failed: Int { subjects.filter { $0.status == .failed }.count }
    public var interrupted: Int { subjects.filter { $0.status == .interrupted }.count }
    public var providerCalls: Int { subjects.reduce(0) { $0 + ($1.summary?.providerCalls ?? 0) } }
    public var attempts: Int { subjects.reduce(0) { $0 + ($1.summary?.attempts ?? 0) } }
    public var promptTokens: Int { subjects.reduce(0) { $0 + ($1.summary?.promptTokens ?? 0) } }
    public var completionTokens: Int { subjects.reduce(0) { $0 + ($1.summary?.completionTokens ?? 0) } }
    public var cost: Double { Cost.sum(subjects.compactMap { $0.summary?.cost }) }

    enum CodingKeys: String, CodingKey { case subjects, seconds, totals }
    struct Totals: Codable {
        var subjects, complete, partial, failed, interrupted, providerCalls, attempts, promptTokens, completionTokens: Int
        var cost: Double
    }

    public init(subjects: [BatchSubjectResult], seconds: Double) {
        self.subjects = subjects
        self.seconds = seconds
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subjects = try container.decode([BatchSubjectResult].self, forKey: .subjects)
        seconds = try container.decode(Double.self, forKey: .seconds)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subjects, forKey: .subjects)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(
            Totals(subjects: subjects.count, complete: complete, partial: partial, failed: failed, interrupted: interrupted, providerCalls: providerCalls,
                   attempts: attempts, promptTokens: promptTokens, completionTokens: completionTokens, cost: cost),
            forKey: .totals)
    }
}
