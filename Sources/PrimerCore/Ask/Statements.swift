import Foundation

/// What a passage states, one statement each, for answers quoted from it (`ExtractiveAnswer`).
///
/// Prose: a paragraph's lines joined (a PDF's text breaks lines mid-sentence), then split after
/// ". ", "? ", "! ". Short lines are statements too: a syllabus or a list of points has lines
/// without full stops ("Week 2: Coral Reef Ecosystems" / "Symbiosis between corals and
/// zooxanthellae; bleaching"), and joined into one run they would be one long "sentence" that
/// answers nothing. In a paragraph of lines (four in five after the first begin with a capital, a
/// digit or a list mark — in prose a new line mostly goes on mid-sentence), a line ends a
/// statement when it is short (a prose PDF's lines run to the margin) and the next begins with a
/// capital or a digit; a numbered label line ("Week 2: …", "Lecture 3 - …") keeps the short lines
/// after it, up to the next label, as what it covers.
/// Headings ("# …") end a paragraph; statements of fewer than four words are dropped.
public enum Statements {
    /// Lines shorter than this that end without punctuation are statements of their own.
    static let shortLine = 60

    public static func of(_ text: String) -> [String] {
        var statements: [String] = []
        for paragraph in paragraphs(text) {
            for part in isList(paragraph) ? parts(paragraph) : [paragraph.joined(separator: " ")] {
                statements += split(part)
            }
        }
        return statements.map(\.trimmedSpaces).filter { hasWords($0, atLeast: 4) }
    }

    /// Whether the text splits on " " into at least `count` pieces (`split(separator: " ")`'s
    /// count), read until the last one needed: the pieces made and counted were a tenth of
    /// reading a lesson's statements.
    static func hasWords(_ text: String, atLeast count: Int) -> Bool {
        var pieces = 0
        var inPiece = false
        for character in text {
            if character == " " {
                inPiece = false
            } else if !inPiece {
                inPiece = true
                pieces += 1
                if pieces >= count { return true }
            }
        }
        return pieces >= count
    }

    /// Runs of non-empty lines, trimmed; a blank line or a heading ends one.
    static func paragraphs(_ text: String) -> [[String]] {
        var paragraphs: [[String]] = []
        var current: [String] = []
        for line in lines(text) + [Substring("")] {
            let trimmed = line.trimmedSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                if !current.isEmpty { paragraphs.append(current) }
                current = []
            } else {
                current.append(trimmed)
            }
        }
        return paragraphs
    }

    /// The text's lines: split on its bytes, unless it holds a CR (a CRLF is one Character, and
    /// the Characters' split keeps it whole). A line feed is its own Character everywhere else,
    /// so both give the same lines; the Characters' split was a third of reading a lesson's
    /// statements (`primer-bench overhead`).
    static func lines(_ text: String) -> [Substring] {
        guard !text.utf8.contains(0x0D) else { return text.split(separator: "\n", omittingEmptySubsequences: false) }
        return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// Whether a paragraph is lines of their own rather than prose wrapped at a margin.
    static func isList(_ lines: [String]) -> Bool {
        guard lines.count > 1 else { return false }
        let starts = lines.dropFirst().filter { $0.first.map { $0.isUppercase || $0.isNumber || "-*•".contains($0) } ?? false }
        return starts.count * 5 >= (lines.count - 1) * 4
    }

    /// A paragraph's lines joined into the texts that hold its statements: a short line that the
    /// next line does not continue ends one; a label line gathers the short lines under it.
    static func parts(_ lines: [String]) -> [String] {
        var parts: [String] = []
        var current = ""
        var underLabel = false
        for (index, line) in lines.enumerated() {
            if isLabel(line) {
                if !current.isEmpty { parts.append(current) }
                current = line
                underLabel = true
            } else if current.isEmpty {
                current = line
            } else if underLabel {
                current += endsStatement(current) ? " " + line : " — " + line
            } else {
                current += " " + line
            }
            let next = lines.indices.contains(index + 1) ? lines[index + 1] : nil
            guard let next else { continue }
            let continues = next.first.map { !$0.isUppercase && !$0.isNumber } ?? true
            if line.count < shortLine && !continues && !underLabel {
                parts.append(current)
                current = ""
            } else if underLabel && !(line.count < shortLine || continues) {
                // A long line under a label is prose: the label's statement ends with it.
                underLabel = false
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// "Week 2: …", "Lecture 3 - …", "Unit 4. …", "Day 1) …": a word or two, a number, a mark.
    static func isLabel(_ line: String) -> Bool {
        // Only a line with a number can be one: most lines skip the regex.
        line.count < shortLine && line.unicodeScalars.contains(where: { $0.properties.numericType != nil })
            && line.firstMatch(of: /^\p{L}[\p{L}]*(?: \p{L}+)? \d{1,3}[a-z]?\s*[:.)\-–—]/) != nil
    }

    static func endsStatement(_ text: String) -> Bool {
        text.last.map { ".?!;:".contains($0) } ?? false
    }

    /// Splits after ". ", "? ", "! ".
    static func split(_ text: String) -> [String] {
        // Each sentence cut from the text at once: appending it Character by Character was
        // most of reading a lesson's statements (`primer-bench overhead`).
        var sentences: [String] = []
        var start = text.startIndex
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == " " && (previous == "." || previous == "?" || previous == "!") {
                sentences.append(String(text[start..<index]))
                start = next
            }
            previous = character
            index = next
        }
        sentences.append(String(text[start...]))
        return sentences
    }
}
