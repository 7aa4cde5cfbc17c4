import PrimerCore

/// How well a metric agrees with hand labels: of every pair of outputs of the same family, one
/// labelled good and one bad, the share where the metric scores the good one better (ties count
/// half). This is the area under the ROC curve: 1 means the metric always ranks good above bad,
/// 0.5 that it ranks them by chance, below 0.5 that it prefers the bad ones.
public struct MetricAgreement: Sendable, Equatable {
    public var key: MetricKey
    public var good: Int
    public var bad: Int
    /// The metric's mean over the good outputs and over the bad ones (nil when there are none).
    public var goodMean: Double?
    public var badMean: Double?
    /// Nil when the family has outputs of one label only: there is no pair to rank.
    public var agreement: Double?
}

public enum Agreement {
    /// One labelled output's scores, under its family.
    public struct Scored: Sendable {
        public var family: String
        public var label: LabelSet.Label
        public var metrics: MetricValues
        public init(family: String, label: LabelSet.Label, metrics: MetricValues) {
            self.family = family
            self.label = label
            self.metrics = metrics
        }
    }

    /// Agreement per family and metric with a direction, sorted by key; where a family's
    /// outputs all have one label, only that side's mean.
    public static func compute(_ scored: [Scored]) -> [MetricAgreement] {
        var values: [MetricKey: (good: [Double], bad: [Double])] = [:]
        for output in scored {
            for (metric, value) in output.metrics where value.isFinite {
                let key = MetricKey(family: output.family, metric: metric)
                if output.label == .good { values[key, default: ([], [])].good.append(value) } else { values[key, default: ([], [])].bad.append(value) }
            }
        }
        return values.compactMap { key, sides -> MetricAgreement? in
            let direction = MetricDirection.of(metric: key.metric)
            guard direction != .neutral else { return nil }
            func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
            var result = MetricAgreement(
                key: key, good: sides.good.count, bad: sides.bad.count, goodMean: mean(sides.good), badMean: mean(sides.bad), agreement: nil)
            guard !sides.good.isEmpty, !sides.bad.isEmpty else { return result }
            var wins = 0.0
            for g in sides.good {
                for b in sides.bad {
                    let better = direction == .higherIsBetter ? g - b : b - g
                    wins += better > 1e-12 ? 1 : (abs(better) <= 1e-12 ? 0.5 : 0)
                }
            }
            result.agreement = wins / Double(sides.good.count * sides.bad.count)
            return result
        }.sorted { $0.key < $1.key }
    }
}
