import PrimerCore

/// Study notes are Markdown kept as written; only the wrapping is removed: chatter before and
/// after the notes, and a fence around the whole answer. Headings, lists, code and tables are
/// left untouched because the renderer needs them.
public enum LessonParser {
    static let format = "write the notes as Markdown with headings and bullet points, and nothing else"

    public static func parse(_ text: String) throws -> String {
        var lines = TextCleanup.lines(text)
        trimChatter(&lines)
        unwrapFence(&lines)
        trimChatter(&lines)
        let notes = LineSyntax.trim(lines.joined(separator: "\n"))
        guard !notes.isEmpty else {
            throw ParseFailure.nothingFound("lesson", format: format, in: text)
        }
        return notes
    }

    /// Drops blank lines, chatter and dangling rules (`---`) at both ends. Headings are never
    /// chatter here: "## Here's how it works" is a real section title.
    private static func trimChatter(_ lines: inout [String]) {
        func isWrapping(_ line: String) -> Bool {
            let text = LineSyntax.trim(line)
            if text.isEmpty || text.allSatisfy({ "-*_".contains($0) }) { return true }
            return !text.hasPrefix("#") && TextCleanup.isChatter(text)
        }
        while let first = lines.first, isWrapping(first) { lines.removeFirst() }
        while let last = lines.last, isWrapping(last) { lines.removeLast() }
    }

    /// Removes a ```markdown fence around everything. A bare ``` fence is only removed when it
    /// is the only fence, so notes that start and end with code blocks keep them.
    private static func unwrapFence(_ lines: inout [String]) {
        guard lines.count >= 2, let first = lines.first, let last = lines.last,
            TextCleanup.isFence(first), LineSyntax.trim(last) == "```" || LineSyntax.trim(last) == "~~~"
        else { return }
        let language = LineSyntax.trim(first).dropFirst(3).lowercased()
        let fences = lines.filter(TextCleanup.isFence).count
        guard ["markdown", "md", "text", "txt"].contains(language) || (language.isEmpty && fences == 2)
        else { return }
        lines.removeFirst()
        lines.removeLast()
    }
}
