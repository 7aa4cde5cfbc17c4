import Foundation

/// The one rule for numbers read from files and requests a stranger may have written (image
/// headers, zip entries, markup levels, timestamps): checked arithmetic that answers nil instead
/// of trapping, and nothing past a limit. A 57-byte PNG declaring 4294967295 × 4294967295 pixels
/// once overflowed `width * height` and took the server down.
public enum UntrustedSize {
    /// a × b when both are ≥ 0, the product does not overflow and is at most `limit`.
    public static func product(_ a: Int, _ b: Int, limit: Int) -> Int? {
        guard a >= 0, b >= 0 else { return nil }
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow || product > limit ? nil : product
    }

    /// a + b when both are ≥ 0, the sum does not overflow and is at most `limit`.
    public static func sum(_ a: Int, _ b: Int, limit: Int = .max) -> Int? {
        guard a >= 0, b >= 0 else { return nil }
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow || sum > limit ? nil : sum
    }

    /// Any integer (a UInt64 zip size, a UInt32 header field) as an Int in 0...limit.
    public static func int<T: BinaryInteger>(_ value: T, limit: Int = .max) -> Int? {
        guard let int = Int(exactly: value), (0...limit).contains(int) else { return nil }
        return int
    }

    /// A Double (seconds, days, milliseconds) rounded down to an Int in `range`; nil for NaN,
    /// an infinity or a value outside it.
    public static func int(_ value: Double, in range: ClosedRange<Int>) -> Int? {
        guard value.isFinite else { return nil }
        let down = value.rounded(.down)
        guard down >= Double(range.lowerBound), down <= Double(range.upperBound) else { return nil }
        return Int(exactly: down)
    }

    /// A level or count from markup (a list depth, a heading level), clamped into `range`.
    public static func clamp(_ value: Int, _ range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
