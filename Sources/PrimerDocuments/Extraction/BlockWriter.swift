/// Collects text as blocks of lines: blocks are separated by a blank line in the result,
/// lines within a block (list items, line breaks) by a newline.
struct BlockWriter {
    private var blocks: [[String]] = []
    private var lines: [String] = []
    private var line = ""
    /// Written before the next text of the current line ("- ", "## ").
    var pendingPrefix = ""
    /// Keep spaces and newlines as they are (inside <pre>).
    var preserveWhitespace = false

    /// Appends inline text, collapsing runs of whitespace to one space.
    mutating func append(_ text: String) {
        if preserveWhitespace {
            for (index, piece) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { breakLine(keepEmpty: true) }
                appendRaw(String(piece))
            }
            return
        }
        var collapsed = ""
        var lastWasSpace = line.isEmpty || line.last == " "
        for character in text {
            if character.isWhitespace {
                if !lastWasSpace { collapsed.append(" ") }
                lastWasSpace = true
            } else {
                collapsed.append(character)
                lastWasSpace = false
            }
        }
        if line.isEmpty { collapsed = String(collapsed.drop(while: { $0 == " " })) }
        appendRaw(collapsed)
    }

    private mutating func appendRaw(_ text: String) {
        guard !text.isEmpty else { return }
        if line.isEmpty && !pendingPrefix.isEmpty {
            line = pendingPrefix
            pendingPrefix = ""
        }
        line += text
    }

    /// Ends the current line (if it has text).
    mutating func breakLine(keepEmpty: Bool = false) {
        while line.last == " " { line.removeLast() }
        if !line.isEmpty || keepEmpty { lines.append(line) }
        line = ""
    }

    /// Ends the current block: a blank line follows.
    mutating func breakBlock() {
        breakLine()
        pendingPrefix = ""
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        if !lines.isEmpty { blocks.append(lines) }
        lines = []
    }

    /// A whole line as its own block (a heading).
    mutating func writeBlock(_ text: String) {
        breakBlock()
        blocks.append([text])
    }

    mutating func finish() -> String {
        breakBlock()
        return blocks.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }
}
