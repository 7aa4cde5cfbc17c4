/// Money amounts (US dollars) as providers report them and as runs add them up.
///
/// A provider's number is untrusted: one reported 1.7e308 per call, and two of those summed to
/// infinity, which JSON cannot hold, so `--json` printed nothing and the batch report was not
/// written. A reported cost that is not a finite, non-negative number is treated as unknown, and
/// sums stop at the largest finite value instead of overflowing.
public enum Cost {
    /// `value` when it can be a cost, else nil (unknown): NaN, infinities and negatives are not.
    public static func reported(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// `total + value`, held at `Double.greatestFiniteMagnitude` rather than reaching infinity.
    /// A `value` that is not a cost (see `reported`) adds nothing.
    public static func adding(_ total: Double, _ value: Double?) -> Double {
        guard let value = reported(value) else { return total }
        let sum = total + value
        return sum.isFinite ? sum : .greatestFiniteMagnitude
    }

    /// The saturating sum of `values` (see `adding`).
    public static func sum<Values: Sequence>(_ values: Values) -> Double where Values.Element == Double {
        values.reduce(0, adding)
    }
}
