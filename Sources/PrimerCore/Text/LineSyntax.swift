import Foundation

/// Markdown line syntax shared by the list-shaped parsers: list markers, bold, headings,
/// indentation and table rows. Pure string functions, no knowledge of any format.
package enum LineSyntax {
    /// Leading whitespace width; a tab counts as four spaces, as in Markdown.
    package static func indentation(_ line: String) -> Int {
        var width = 0
        for char in line {
            if char == " " { width += 1 } else if char == "\t" { width += 4 } else { break }
        }
        return width
    }

    package static func trim(_ text: some StringProtocol) -> String {
        text.trimmedWhitespace
    }

    /// Removes one list marker: bullets (`- `, `* `, `• `, `+ `), numbers (`1.`, `1)`, `(1)`),
    /// and question numbers (`Q1.`, `Q1:`, `Q1)`). Numbers need a space after them so "1990s"
    /// stays intact; outline numbers like `1.2` are left to the plan parser, since here they
    /// cannot be told apart from "3.14 is pi".
    package static func listMarker(_ line: String) -> (marker: String, rest: String)? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        // Only a line that begins with a mark, a digit, "(" or "Q" can hold one (or with any
        // byte past ASCII: "•", "–", a digit of another script): most lines skip the four
        // regexes, which were a fiftieth of Primer's own CPU a generation call.
        guard let first = text.utf8.first, first >= 0x80 || Self.markerStarts.contains(first) else { return nil }
        for pattern in [lineSyntaxPattern0, lineSyntaxPattern1, lineSyntaxPattern2, lineSyntaxPattern3] {
            if let match = text.prefixMatch(of: pattern) {
                return (String(match.output), String(text[match.range.upperBound...]))
            }
        }
        return nil
    }

    /// The ASCII bytes a list marker can begin with: `-*+`, digits, `(`, `Q`, `q` (`•` and `–`
    /// are not ASCII, so a line beginning with them still goes to the regexes).
    private static let markerStarts = Set("-*+0123456789(qQ".utf8)

    /// Removes up to two nested markers ("- 1. Q"), bold, and surrounding whitespace.
    package static func stripListMarker(_ line: String) -> String {
        var text = line
        for _ in 0..<2 {
            guard let (_, rest) = listMarker(text) else { break }
            text = rest
        }
        return trim(text)
    }

    /// Removes `**bold**` markers. Underscores are left alone because they occur in code
    /// (`__init__`).
    package static func stripBold(_ text: String) -> String {
        text.replacing(exactly: "**", with: "")
    }

    /// The text of a line without markers and bold: what most formats treat as the item.
    package static func clean(_ line: String) -> String {
        trim(stripBold(stripListMarker(stripBold(line))))
    }

    /// A Markdown heading's level and text (`## Title ##` → (2, "Title")).
    package static func heading(_ line: String) -> (level: Int, text: String)? {
        let text = trim(line)
        guard let match = text.wholeMatch(of: lineSyntaxPattern4) else { return nil }
        return (match.output.1.count, trim(stripBold(String(match.output.2))))
    }

    /// Whether a line is a table separator row such as `|---|:---:|`.
    package static func isTableSeparator(_ line: String) -> Bool {
        let text = trim(line)
        return text.contains(exactly: "-") && text.contains(exactly: "|")
            && text.allSatisfy { "|-: ".contains($0) }
    }

    /// The cells of a pipe-separated line (`| a | b |` or `a | b`), bold removed; nil when the
    /// line has no pipe. A leading number column (`| 1 | a | b |`) is dropped because it is
    /// numbering, not content.
    package static func pipeCells(_ line: String) -> [String]? {
        let text = stripListMarker(line)
        guard text.contains(exactly: "|"), !isTableSeparator(text) else { return nil }
        // Cut at the "|" bytes: an ASCII byte never occurs inside a multi-byte UTF-8 sequence,
        // so every piece is valid text (Foundation's `components(separatedBy:)` bridged the line).
        var cells = text.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
            .map { trim(stripBold(String(decoding: $0, as: UTF8.self))) }
        if text.hasPrefix("|") { cells.removeFirst() }
        if text.hasSuffix("|"), cells.count > 0 { cells.removeLast() }
        if cells.count > 2, let first = cells.first, first.allSatisfy(\.isNumber) || first == "#" {
            cells.removeFirst()
        }
        return cells
    }

    /// Splits at the first of the given separators (the earliest in the text wins), returning
    /// the trimmed parts; nil when none occurs or either side is empty.
    package static func split(_ text: String, at separators: [String]) -> (String, String)? {
        // Byte for byte: the separators used have no canonically equivalent spellings.
        let found = separators.compactMap { text.range(ofExactly: $0) }.min { $0.lowerBound < $1.lowerBound }
        guard let range = found else { return nil }
        let left = trim(text[..<range.lowerBound])
        let right = trim(text[range.upperBound...])
        guard !left.isEmpty, !right.isEmpty else { return nil }
        return (left, right)
    }
}

// Regex literals are compiled each time they are evaluated; these are built once (they are
// immutable, hence safe to share).

nonisolated(unsafe) let lineSyntaxPattern0 = /^[-*•+–]\s+/
nonisolated(unsafe) let lineSyntaxPattern1 = /^\d+[.)]\s+/
nonisolated(unsafe) let lineSyntaxPattern2 = /^\(\d+\)\s+/
nonisolated(unsafe) let lineSyntaxPattern3 = /^[Qq]\d+\s*[.):]\s*/
nonisolated(unsafe) private let lineSyntaxPattern4 = /(#{1,6})\s+(.*?)\s*#*/
