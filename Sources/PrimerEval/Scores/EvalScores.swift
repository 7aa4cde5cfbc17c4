import Foundation
import PrimerCore

/// Metric values of one family, by metric name (`section_coverage`, `term_recall`, …).
public typealias MetricValues = [String: Double]

/// A metric's full name: the family it belongs to (`plan`, `notes`, `flashcards`, `quiz`,
/// `terms`) and its name. Printed and parsed as `family.metric`.
public struct MetricKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var family: String
    public var metric: String
    public init(family: String, metric: String) {
        self.family = family
        self.metric = metric
    }
    /// Parses `family.metric` (the first dot splits).
    public init?(_ text: String) {
        guard let dot = text.firstIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex else {
            return nil
        }
        self.init(family: String(text[..<dot]), metric: String(text[text.index(after: dot)...]))
    }
    public var description: String { "\(family).\(metric)" }
    /// Wall time (`latency_ms`): compared against its run-to-run spread, not between cases.
    public var isWallTime: Bool { metric.hasSuffix("_ms") }
    public static func < (a: MetricKey, b: MetricKey) -> Bool { (a.family, a.metric) < (b.family, b.metric) }
}

/// The scores of one case: per family, per metric. Families with nothing to score are absent;
/// metrics that do not apply (recall with no golden terms) are absent too, never 0.
public struct CaseScores: Sendable, Equatable, Codable {
    public var caseID: String
    public var kind: EvalCaseKind
    public var families: [String: MetricValues]
    /// The families that produced nothing in this case: their quality metrics are the worst
    /// values (`MetricDirection.worst`), counted in `EvalScores.aggregate`, not in `accepted`.
    public var failed: [String]
    /// Which run of the case this is, under `--repeat N` (1…N); nil in results written before repeats were numbered.
    public var repetition: Int?

    public init(caseID: String, kind: EvalCaseKind, families: [String: MetricValues] = [:], failed: [String] = [], repetition: Int? = nil) {
        self.caseID = caseID
        self.kind = kind
        self.families = families
        self.failed = failed
        self.repetition = repetition
    }

    /// Adds (or replaces) metrics of a family, e.g. judge scores computed after the deterministic ones.
    public mutating func merge(_ metrics: MetricValues, into family: ContentKind) {
        merge(metrics, into: family.rawValue)
    }

    public mutating func merge(_ metrics: MetricValues, into family: String) {
        guard !metrics.isEmpty else { return }
        families[family, default: [:]].merge(metrics) { _, new in new }
    }

    public subscript(key: MetricKey) -> Double? { families[key.family]?[key.metric] }

    /// Every metric of the case, flat.
    public var flattened: [MetricKey: Double] {
        var result: [MetricKey: Double] = [:]
        for (family, metrics) in families {
            for (metric, value) in metrics { result[MetricKey(family: family, metric: metric)] = value }
        }
        return result
    }
}

/// The scores of a run over a suite: every case, the aggregate over every case (a family that
/// failed scores its metrics' worst values) and the mean over accepted outputs only, each with
/// its n. This is what the runner writes as JSON and what `compare` diffs.
public struct EvalScores: Sendable, Equatable, Codable {
    public var suite: String
    public var cases: [CaseScores]
    /// Per family, per metric: the mean over every case that ran the family (failures at worst).
    public var aggregate: [String: MetricValues]
    /// Per family, per metric: how many cases the mean is over.
    public var counts: [String: [String: Int]]
    /// Per family, per metric: the mean over the cases where the family produced an output.
    public var accepted: [String: MetricValues]
    public var acceptedCounts: [String: [String: Int]]
    /// Per family, per metric: the 95 % interval of `aggregate` (`Bootstrap.mean` over cases and
    /// repeats); absent where there are fewer than two values.
    public var intervals: [String: [String: Interval]]

    /// Builds the scores and computes both means and the intervals from `cases`.
    public init(suite: String, cases: [CaseScores]) {
        self.suite = suite
        self.cases = cases
        (aggregate, counts) = Self.aggregate(cases)
        (accepted, acceptedCounts) = Self.aggregate(cases, acceptedOnly: true)
        intervals = [:]
        for (key, byCase) in Self.valuesByCase(cases) {
            if let interval = Bootstrap.mean(byCase.sorted { $0.key < $1.key }.map(\.value), seed: key.description) {
                intervals[key.family, default: [:]][key.metric] = interval
            }
        }
    }

    /// Mean over case runs (every repeat counts once), per family and metric; a case without a
    /// metric does not count toward it, nor, with `acceptedOnly`, a case where the family failed.
    public static func aggregate(
        _ cases: [CaseScores], acceptedOnly: Bool = false
    ) -> (means: [String: MetricValues], counts: [String: [String: Int]]) {
        var sums: [MetricKey: (sum: Double, n: Int)] = [:]
        for c in cases {
            for (key, value) in c.flattened where value.isFinite {
                if acceptedOnly && c.failed.contains(key.family) && MetricDirection.worst(metric: key.metric) != nil { continue }
                sums[key, default: (0, 0)].sum += value
                sums[key, default: (0, 0)].n += 1
            }
        }
        var means: [String: MetricValues] = [:]
        var counts: [String: [String: Int]] = [:]
        for (key, entry) in sums {
            means[key.family, default: [:]][key.metric] = entry.sum / Double(entry.n)
            counts[key.family, default: [:]][key.metric] = entry.n
        }
        return (means, counts)
    }

    /// Every metric's values, grouped by case id (a case's repeats together), for the bootstrap
    /// and for pairing cases in `compare`. Keys sorted, so resamples see the same order every run.
    public static func valuesByCase(_ cases: [CaseScores]) -> [MetricKey: [String: [Double]]] {
        var values: [MetricKey: [String: [Double]]] = [:]
        for c in cases {
            for (key, value) in c.flattened where value.isFinite {
                values[key, default: [:]][c.caseID, default: []].append(value)
            }
        }
        return values
    }

    public func interval(_ key: MetricKey) -> Interval? { intervals[key.family]?[key.metric] }

    /// Every metric's mean per repetition (each a whole pass over the cases), in repetition order.
    public static func meansByRepetition(_ cases: [CaseScores]) -> [MetricKey: [Double]] {
        var sums: [MetricKey: [Int: (sum: Double, n: Int)]] = [:]
        for c in cases {
            for (key, value) in c.flattened where value.isFinite {
                sums[key, default: [:]][c.repetition ?? 1, default: (0, 0)].sum += value
                sums[key, default: [:]][c.repetition ?? 1, default: (0, 0)].n += 1
            }
        }
        return sums.mapValues { byRepetition in byRepetition.sorted { $0.key < $1.key }.map { $0.value.sum / Double($0.value.n) } }
    }

    /// Reads the cases and computes the rest again (the means and intervals are functions of the
    /// cases), so results written before intervals existed load with them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(suite: try container.decode(String.self, forKey: .suite), cases: try container.decode([CaseScores].self, forKey: .cases))
    }

    public subscript(key: MetricKey) -> Double? { aggregate[key.family]?[key.metric] }

    /// The aggregate, flat.
    public var flattenedAggregate: [MetricKey: Double] {
        var result: [MetricKey: Double] = [:]
        for (family, metrics) in aggregate {
            for (metric, value) in metrics { result[MetricKey(family: family, metric: metric)] = value }
        }
        return result
    }

    /// JSON with sorted keys, pretty-printed: stable for diffs and commits.
    public func jsonData() throws -> Data {
        try OutputJSON.encoder().encode(self)
    }

    public static func decode(jsonData data: Data) throws -> EvalScores {
        try OutputJSON.decoder().decode(EvalScores.self, from: data)
    }
}
