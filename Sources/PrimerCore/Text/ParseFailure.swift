/// Why an answer could not be parsed. The reason is one short, actionable sentence: the
/// generator feeds it back to the model on retry, so it says what to write, not what went wrong
/// inside the parser.
public struct ParseFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
}

extension ParseFailure {
    /// The failure for an answer with nothing usable, phrased for the model: an empty answer,
    /// a refusal, or content in a shape the parser could not read, each followed by the format
    /// to use instead.
    package static func nothingFound(_ what: String, format: String, in answer: String) -> ParseFailure {
        let visible = LineSyntax.trim(TextCleanup.stripThinking(answer))
        if visible.isEmpty { return ParseFailure("the answer was empty: \(format)") }
        if TextCleanup.isRefusal(visible) {
            return ParseFailure("the answer declined instead of giving \(what): \(format)")
        }
        return ParseFailure("no \(what) found: \(format)")
    }
}
