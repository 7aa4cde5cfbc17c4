import Foundation
import PrimerCore
import PrimerGeneration

/// Everything one `primer eval` run produced: what ran (provider, model, family versions and
/// hashes), the scores, and per case what was generated, so a report can show golden and
/// generated side by side and `primer eval compare` can diff two runs.
public struct EvalRunReport: Sendable, Codable {
    public struct FamilyInfo: Sendable, Codable, Equatable {
        public var version: Int
        public var hash: String
        public var file: String
    }

    public struct CaseResult: Sendable, Codable {
        public var id: String
        public var repetition: Int
        /// The generated plan (plan cases).
        public var plan: Plan?
        /// What each subtopic family generated, in the order they ran, as `show --format json`
        /// lists a subtopic's content (item ids are positions). Absent in results written before
        /// content shapes.
        public var content: [KitContent]?
        /// Family errors (the family failed all its attempts).
        public var errors: [String: String]
        public var judge: [String: String]
        /// How the case's documents' outline made the plan (plan cases with a document).
        public var outline: OutlineUse?
        /// The passages the subtopic families were given, as their citations name them
        /// (section cases with a document).
        public var passages: [String]?
        /// Each accepted item's support verdicts, per family (`SupportScorer`).
        public var support: [String: [SupportScorer.Verdict]]?
    }

    public var format = "primer-eval"
    /// 2: quality means count every case (a failed family at the worst value), `accepted` beside.
    public var version = EvalRunReport.currentVersion
    public static let currentVersion = 2
    public var suite: String
    public var label: String
    public var provider: String
    public var model: String
    /// The embedder the gates read meaning with (`--embedder`), if any.
    public var embedder: String?
    public var startedAt: Date
    public var seconds: Double
    /// Calls that reached the provider (cache hits excluded).
    public var providerCalls: Int
    public var cacheHits: Int
    public var repeatCount: Int
    /// How many of the run's cases each split holds (`dev`, `test`): which split its numbers come from.
    public var splits: [String: Int]
    public var families: [String: FamilyInfo]
    public var thresholds: [String: RegressionThreshold]
    public var scores: EvalScores
    public var cases: [CaseResult]

    public func jsonData() throws -> Data {
        let encoder = OutputJSON.encoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    public static func load(_ url: URL) throws -> EvalRunReport {
        let decoder = OutputJSON.decoder()
        decoder.dateDecodingStrategy = .iso8601
        // An earlier format's means left failed families out: comparing them with today's would
        // show changes that are not there.
        struct Header: Decodable { var format: String?; var version: Int? }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw EvalSuiteError(file: url.path, message: "cannot be read (\(error.localizedDescription))")
        }
        if let header = try? decoder.decode(Header.self, from: data), header.format == "primer-eval", let version = header.version,
            version < currentVersion
        {
            throw EvalSuiteError(file: url.path, message: "was written by an earlier Primer (result format \(version)), whose means left out the cases a family failed; run `primer eval` again on that side to compare")
        }
        do {
            return try decoder.decode(EvalRunReport.self, from: data)
        } catch {
            throw EvalSuiteError(file: url.path, message: "is not a primer eval result (\(error.localizedDescription)); pass the JSON file `primer eval` wrote")
        }
    }
}
