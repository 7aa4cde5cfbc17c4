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
        /// Worse, the 95 % interval of the change excludes no change, and by more than the threshold.
        case regressed
        /// Worse beyond noise, but within the threshold (or no threshold is set).
        case worse
        /// The same values in every case.
        case unchanged
        /// Changed, but the interval of the change includes no change: the run cannot tell.
        case noDetectableChange = "no detectable change"
        /// Better beyond noise.
        case improved
        /// Changed beyond noise on a neutral metric.
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
    /// How many case runs each mean is over.
    public var baselineN: Int?
    public var currentN: Int?
    /// Cases scored in both runs: the change is measured on them, case by case.
    public var pairedCases: Int = 0
    /// The 95 % interval of the change (current − baseline); nil with too few values to tell.
    public var interval: Interval?

    /// `current - baseline` when both exist.
    public var delta: Double? {
        guard let baseline, let current else { return nil }
        return current - baseline
    }
    public var isRegression: Bool { status == .regressed }
    /// The smallest change this pair of runs could have told from noise: the half-width of the
    /// interval of the change (a change that large would have moved the interval off zero).
    public var detectable: Double? { interval?.halfWidth }
}

/// Compares two runs metric by metric, sorted by key, calling a change only when it is larger
/// than the runs' own noise.
///
/// The change of a metric is measured on the cases both runs scored (paired by case id, a
/// case's repeats averaged): its 95 % interval is `Bootstrap.pairedDifference` over those cases
/// and their repeats (`Bootstrap.unpairedDifference` when the runs share no case). When the
/// interval includes zero the status is `.noDetectableChange`, whatever the threshold, and
/// `MetricDelta.detectable` says how large a change the runs could have seen. Otherwise the
/// change is real: for a higher-is-better metric a fall is a worsening, for a lower-is-better one
/// a rise; a worsening larger than the threshold's allowance (on the run means) is `.regressed`,
/// a smaller one (or any, without a threshold) `.worse`, and a betterment `.improved`. Neutral
/// metrics are `.changed`, never regressed. Equal values in every case are `.unchanged`. A metric
/// missing from the current run is `.removed` and one missing from the baseline `.added`.
///
/// Wall time (`*_ms`) is compared against its own spread from run to run, not between cases: the
/// same outputs can take twice as long on a busy machine, for every case at once. Its interval
/// is `Bootstrap.unpairedDifference` over the means of each repetition (`--repeat N`): with fewer
/// than two repetitions on either side it is nil, and a latency change is not detectable.
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
    let beforeCases = EvalScores.valuesByCase(baseline.cases)
    let afterCases = EvalScores.valuesByCase(current.cases)
    let beforeRepetitions = EvalScores.meansByRepetition(baseline.cases)
    let afterRepetitions = EvalScores.meansByRepetition(current.cases)
    let keys = Set(before.keys).union(after.keys).sorted()
    let epsilon = 1e-9
    return keys.map { key in
        let direction = directions[key.metric] ?? MetricDirection.of(metric: key.metric)
        let threshold = suite.threshold(for: key)
        let old = before[key]
        let new = after[key]
        var delta = MetricDelta(
            key: key, baseline: old, current: new, direction: direction, threshold: threshold, status: .unchanged,
            baselineN: baseline.counts[key.family]?[key.metric], currentN: current.counts[key.family]?[key.metric])
        guard let old, let new else {
            delta.status = old == nil ? .added : .removed
            return delta
        }
        let a = beforeCases[key] ?? [:]
        let b = afterCases[key] ?? [:]
        let paired = Set(a.keys).intersection(b.keys).sorted()
        delta.pairedCases = paired.count
        delta.interval = key.isWallTime
            ? Bootstrap.unpairedDifference(
                baseline: (beforeRepetitions[key] ?? []).map { [$0] }, current: (afterRepetitions[key] ?? []).map { [$0] }, seed: key.description)
            : paired.isEmpty
            ? Bootstrap.unpairedDifference(
                baseline: a.sorted { $0.key < $1.key }.map(\.value), current: b.sorted { $0.key < $1.key }.map(\.value), seed: key.description)
            : Bootstrap.pairedDifference(paired.map { (a[$0]!, b[$0]!) }, seed: key.description)
        let identical = abs(new - old) <= epsilon && (delta.interval.map { abs($0.low) <= epsilon && abs($0.high) <= epsilon } ?? true)
        guard !identical else { return delta }
        guard let interval = delta.interval, !interval.contains(0) else {
            delta.status = .noDetectableChange
            return delta
        }
        let rose = interval.low > 0
        switch direction {
        case .neutral:
            delta.status = .changed
        case .higherIsBetter, .lowerIsBetter:
            if rose == (direction == .higherIsBetter) {
                delta.status = .improved
            } else {
                let worsening = abs(new - old)
                let beyond = threshold.map { worsening > $0.allowance(baseline: old) + epsilon } ?? false
                delta.status = beyond ? .regressed : .worse
            }
        }
        return delta
    }
}

/// `compare` with the suite's thresholds.
public func compare(baseline: EvalScores, current: EvalScores, suite: EvalSuite) -> [MetricDelta] {
    compare(baseline: baseline, current: current, thresholds: suite.thresholds)
}
