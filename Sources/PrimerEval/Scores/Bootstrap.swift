import PrimerCore

/// A 95 % interval: the 2.5th and 97.5th percentiles of a bootstrap distribution.
public struct Interval: Sendable, Equatable, Codable {
    public var low: Double
    public var high: Double
    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }
    public var halfWidth: Double { (high - low) / 2 }
    public func contains(_ value: Double) -> Bool { low <= value && value <= high }
}

/// Percentile bootstrap over cases and their repeats.
///
/// The unit of resampling is the case: a resample draws as many cases as there are, with
/// replacement, and within each drawn case as many of its repeats as it has, with replacement.
/// So an interval reflects both how much cases differ and how much one case's runs differ.
/// The generator is seeded from the metric's name, so a report's intervals are the same on
/// every machine and every run over the same scores.
public enum Bootstrap {
    public static let resamples = 2000

    /// The interval of the mean over cases of each case's mean. Nil with fewer than two values
    /// in all (there is no spread to resample).
    public static func mean(_ cases: [[Double]], seed: String) -> Interval? {
        let cases = cases.filter { !$0.isEmpty }
        guard cases.reduce(0, { $0 + $1.count }) >= 2 else { return nil }
        var random = SplitMix64(seed: StableHash.fnv1a(seed))
        return percentiles((0..<resamples).map { _ in resampledMean(ofCases: cases, &random) })
    }

    /// The interval of the mean paired difference (current − baseline) over cases present in
    /// both runs: each drawn case contributes its resampled current mean minus its resampled
    /// baseline mean. Nil with fewer than two values on either side.
    public static func pairedDifference(_ pairs: [(baseline: [Double], current: [Double])], seed: String) -> Interval? {
        let pairs = pairs.filter { !$0.baseline.isEmpty && !$0.current.isEmpty }
        guard !pairs.isEmpty, pairs.count >= 2 || (pairs[0].baseline.count >= 2 && pairs[0].current.count >= 2) else { return nil }
        var random = SplitMix64(seed: StableHash.fnv1a(seed))
        let differences = (0..<resamples).map { _ in
            var total = 0.0
            for _ in pairs.indices {
                let pair = pairs[random.index(pairs.count)]
                total += resampledMean(pair.current, &random) - resampledMean(pair.baseline, &random)
            }
            return total / Double(pairs.count)
        }
        return percentiles(differences)
    }

    /// The interval of (current mean − baseline mean) when the runs share no cases: each side
    /// resampled on its own.
    public static func unpairedDifference(baseline: [[Double]], current: [[Double]], seed: String) -> Interval? {
        let baseline = baseline.filter { !$0.isEmpty }
        let current = current.filter { !$0.isEmpty }
        guard baseline.reduce(0, { $0 + $1.count }) >= 2, current.reduce(0, { $0 + $1.count }) >= 2 else { return nil }
        var random = SplitMix64(seed: StableHash.fnv1a(seed))
        return percentiles(
            (0..<resamples).map { _ in resampledMean(ofCases: current, &random) - resampledMean(ofCases: baseline, &random) })
    }

    /// One resample's mean over cases: as many cases as there are, drawn with replacement, each
    /// contributing the mean of its resampled repeats.
    static func resampledMean(ofCases cases: [[Double]], _ random: inout SplitMix64) -> Double {
        var total = 0.0
        for _ in cases.indices { total += resampledMean(cases[random.index(cases.count)], &random) }
        return total / Double(cases.count)
    }

    static func resampledMean(_ values: [Double], _ random: inout SplitMix64) -> Double {
        if values.count == 1 { return values[0] }
        var total = 0.0
        for _ in values.indices { total += values[random.index(values.count)] }
        return total / Double(values.count)
    }

    static func percentiles(_ values: [Double]) -> Interval {
        let sorted = values.sorted()
        func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, max(0, Int((q * Double(sorted.count - 1)).rounded())))] }
        return Interval(low: at(0.025), high: at(0.975))
    }
}
