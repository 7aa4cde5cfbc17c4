/// Fenced code blocks (CommonMark), line by line: which lines are code, and the fence still
/// open at the end of a text.
///
/// A fence opens with three or more backticks or tildes (indented by at most three spaces; a
/// backtick fence's info string holds no backtick) and closes with a line of the same character,
/// at least as many, and nothing else.
public struct MarkdownFence: Sendable {
    /// The fence open after the lines seen so far, e.g. "```" or "~~~~"; nil outside code.
    public private(set) var open: String?

    public init() {}

    /// Reads the next line; true when it belongs to a code block (fence lines included), so it
    /// is not Markdown to rewrite.
    public mutating func isCode(_ line: Substring) -> Bool {
        let fence = Self.fence(in: line)
        if let current = open {
            if let fence, fence.marker.first == current.first, fence.marker.count >= current.count, fence.rest.allSatisfy(\.isWhitespace) {
                open = nil
            }
            return true
        }
        guard let fence, fence.marker.first == "~" || !fence.rest.contains(exactly: "`") else { return false }
        open = fence.marker
        return true
    }

    /// `text` with the fence it leaves open closed on a line of its own, so that what follows
    /// it (the rest of a study guide) is not swallowed into code.
    public static func closed(_ text: String) -> String {
        var fence = MarkdownFence()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { _ = fence.isCode(line) }
        guard let open = fence.open else { return text }
        return text + (text.hasSuffix("\n") ? "" : "\n") + open
    }

    /// The fence marker a line starts with, and what follows it.
    static func fence(in line: Substring) -> (marker: String, rest: Substring)? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        let body = line.dropFirst(indent)
        guard let first = body.first, first == "`" || first == "~" else { return nil }
        let marker = body.prefix { $0 == first }
        guard marker.count >= 3 else { return nil }
        return (String(marker), body.dropFirst(marker.count))
    }
}
