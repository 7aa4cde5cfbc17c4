import Foundation
import Yams

/// Which way a metric gets better.
public enum MetricDirection: String, Sendable, Codable {
    case higherIsBetter = "higher"
    case lowerIsBetter = "lower"
    /// A size or count with no better direction (plan size): reported, never a regression.
    case neutral

    /// The direction of a metric by its name (the family does not matter). Names ending in
    /// `_rate` (duplicate, echo, drop, failure), `leakage`, `attempts`, `tokens`, `cost` or `_ms`
    /// are lower-is-better; plan sizes (`topics`, `subtopics`, `size_ratio`, `topic_ratio`,
    /// `items`) are neutral; everything else (coverage, recall, F1, pass rates, well-formedness,
    /// judge scores) is higher-is-better. `first_try_pass_rate` is the one `_rate`, and
    /// `prompt_tokens_cached` the one token count, that are higher-is-better; `cards_per_note` is neutral.
    public static func of(metric: String) -> MetricDirection {
        if Self.higher.contains(metric) { return .higherIsBetter }
        if Self.neutralNames.contains(metric) { return .neutral }
        let lowerSuffixes = ["_rate", "leakage", "attempts", "tokens", "cost", "_ms"]
        if lowerSuffixes.contains(where: { metric.hasSuffix($0) }) { return .lowerIsBetter }
        return .higherIsBetter
    }

    /// What a family that produced nothing scores on a quality metric: the worst value of the
    /// metric's scale (0 for coverage, recall, F1 and well-formedness; 1 for duplicate, echo,
    /// giveaway and leakage rates; 1 for a 1–5 judge score). Nil for what is not a quality of
    /// the output: sizes, and the generation statistics, which already count every run.
    public static func worst(metric: String) -> Double? {
        if GenerationStatsScorer.metrics.contains(metric) { return nil }
        if metric.hasPrefix("judge_") { return 1 }
        switch of(metric: metric) {
        case .higherIsBetter: return 0
        case .lowerIsBetter: return 1
        case .neutral: return nil
        }
    }

    static let higher: Set<String> = ["first_try_pass_rate", "prompt_tokens_cached"]
    static let neutralNames: Set<String> = ["topics", "subtopics", "size_ratio", "topic_ratio", "items", "cards_per_note"]
}

/// How much a metric may worsen before `compare` calls it a regression.
public enum RegressionThreshold: Sendable, Equatable, Codable, CustomStringConvertible {
    /// In the metric's own units: `0.05` on a coverage means five points.
    case absolute(Double)
    /// As a fraction of the baseline's magnitude: `.relative(0.1)` allows 10 % (written `"10%"`).
    case relative(Double)

    /// From a YAML scalar: a non-negative number, or a non-negative percentage string ("15%").
    public init?(yaml node: Node) {
        guard let scalar = node.scalar else { return nil }
        self.init(text: scalar.string)
    }

    /// From text: `0.05` or `15%`.
    public init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") {
            guard let percent = Double(trimmed.dropLast().trimmingCharacters(in: .whitespaces)), percent >= 0, percent.isFinite
            else { return nil }
            self = .relative(percent / 100)
        } else {
            guard let value = Double(trimmed), value >= 0, value.isFinite else { return nil }
            self = .absolute(value)
        }
    }

    /// The largest worsening allowed from `baseline`.
    public func allowance(baseline: Double) -> Double {
        switch self {
        case .absolute(let value): value
        case .relative(let fraction): abs(baseline) * fraction
        }
    }

    public var description: String {
        switch self {
        case .absolute(let value): "\(value)"
        case .relative(let fraction): "\(fraction * 100)%"
        }
    }
}

/// One metric compared between two runs.
public struct MetricDelta: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        /// Worse by more than the threshold.
        case regressed
        /// Worse, but within the threshold (or no threshold is set).
        case worse
        case unchanged
        case improved
        /// Changed on a neutral metric.
        case changed
        /// Only in the current run.
        case added
        /// Only in the baseline.
        case removed
    }
    public var key: MetricKey
    public var baseline: Double?
    public var current: Double?
    public var direction: MetricDirection
    public var threshold: RegressionThreshold?
    public var status: Status
    /// How many cases each mean is over.
    public var baselineN: Int?
    public var currentN: Int?

    /// `current - baseline` when both exist.
    public var delta: Double? {
        guard let baseline, let current else { return nil }
        return current - baseline
    }
    public var isRegression: Bool { status == .regressed }
}

/// Compares the aggregates of two runs metric by metric, sorted by key.
///
/// For each metric in either run: the worsening is `baseline - current` for higher-is-better
/// metrics and `current - baseline` for lower-is-better ones. A worsening larger than the
/// threshold's allowance (plus 1e-9 for rounding) is `.regressed`; any other worsening is `.worse`;
/// an equal value (within 1e-9) `.unchanged`; a better one `.improved`. Neutral metrics are
/// `.changed` or `.unchanged`, never regressed. Metrics without a threshold are never regressed.
/// A metric missing from the current run is `.removed` and one missing from the baseline
/// `.added`; neither is a regression (a run without the judge simply has no judge scores).
///
/// `thresholds` maps `family.metric`, bare `metric` or `default` to a threshold (see
/// `EvalSuite.threshold(for:)`); `directions` overrides `MetricDirection.of(metric:)` by metric name.
public func compare(
    baseline: EvalScores, current: EvalScores, thresholds: [String: RegressionThreshold],
    directions: [String: MetricDirection] = [:]
) -> [MetricDelta] {
    let suite = EvalSuite(name: current.suite, thresholds: thresholds)
    let before = baseline.flattenedAggregate
    let after = current.flattenedAggregate
    let keys = Set(before.keys).union(after.keys).sorted()
    let epsilon = 1e-9
    return keys.map { key in
        let direction = directions[key.metric] ?? MetricDirection.of(metric: key.metric)
        let threshold = suite.threshold(for: key)
        let old = before[key]
        let new = after[key]
        var status: MetricDelta.Status
        switch (old, new) {
        case (nil, _):
            status = .added
        case (_, nil):
            status = .removed
        case (let old?, let new?):
            if abs(new - old) <= epsilon {
                status = .unchanged
            } else {
                switch direction {
                case .neutral:
                    status = .changed
                case .higherIsBetter, .lowerIsBetter:
                    let worsening = direction == .higherIsBetter ? old - new : new - old
                    if worsening < 0 {
                        status = .improved
                    } else if let threshold, worsening > threshold.allowance(baseline: old) + epsilon {
                        status = .regressed
                    } else {
                        status = .worse
                    }
                }
            }
        }
        return MetricDelta(
            key: key, baseline: old, current: new, direction: direction, threshold: threshold, status: status,
            baselineN: baseline.counts[key.family]?[key.metric], currentN: current.counts[key.family]?[key.metric])
    }
}

/// `compare` with the suite's thresholds.
public func compare(baseline: EvalScores, current: EvalScores, suite: EvalSuite) -> [MetricDelta] {
    compare(baseline: baseline, current: current, thresholds: suite.thresholds)
}
