import Foundation

/// Recognises the lines that head a section: Markdown headings ("## Heat") and numbered
/// structure lines ("Week 3: Heat", "Unit 2 — Cells", "Chapter 4", "Lecture 5 - Waves").
enum HeadingLine {
    /// Words that introduce a numbered part of a course.
    static let structureWords = [
        "week", "unit", "chapter", "module", "lecture", "lesson", "part", "session", "topic", "section", "day", "class",
    ]

    /// A Markdown ATX heading: its level (1…6) and title.
    static func markdown(_ line: String) -> (level: Int, title: String)? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("#") else { return nil }
        let hashes = trimmed.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(hashes) else { return nil }
        let rest = trimmed.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var title = rest.trimmingCharacters(in: .whitespaces)
        // Closing hashes ("## Title ##") are decoration.
        while title.hasSuffix("#") { title.removeLast() }
        title = title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return nil }
        return (hashes, title)
    }

    /// A numbered structure line ("Week 1: Cells"), with list markers and emphasis removed.
    /// Only short lines count: a sentence that starts with "Chapter 3 shows…" is not a heading.
    static func structure(_ line: String) -> String? {
        let cleaned = stripListMarker(line).trimmingCharacters(in: CharacterSet(charactersIn: " \t*_"))
        guard cleaned.count <= 90, !cleaned.isEmpty else { return nil }
        let words = cleaned.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2, structureWords.contains(words[0].lowercased()) else { return nil }
        let number = words[1].trimmingCharacters(in: CharacterSet(charactersIn: ":.-–—)"))
        guard isNumber(number) else { return nil }
        // "Week 3: …", "Week 3 — …", "Week 3" alone; not "Week 3 we will look at…".
        if words.count == 2 { return cleaned }
        let afterNumber = words[1].last.map { ":.-–—)".contains($0) } ?? false
        let separator = words.count > 2 && ["-", "–", "—", ":", "|"].contains(String(words[2]))
        guard afterNumber || separator else { return nil }
        return cleaned
    }

    /// A numbered line at the start of the line: "1. Cells", "2) Genetics". Returns the title.
    static func numbered(_ line: String) -> (number: Int, title: String)? {
        guard let first = line.first, first.isNumber else { return nil }
        let digits = line.prefix(while: \.isNumber)
        guard digits.count <= 3, let number = Int(digits) else { return nil }
        let rest = line.dropFirst(digits.count)
        guard let marker = rest.first, marker == "." || marker == ")" else { return nil }
        let title = rest.dropFirst().trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty, rest.dropFirst().first == " " else { return nil }
        return (number, title)
    }

    /// A bullet or numbered list item's text, or nil when the line is not a list item.
    static func listItem(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        for marker in ["- ", "* ", "+ ", "• ", "– ", "· "] where trimmed.hasPrefix(marker) {
            let text = trimmed.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
        if let numbered = numbered(trimmed) { return numbered.title }
        return nil
    }

    static func stripListMarker(_ line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        for marker in ["- ", "* ", "+ ", "• "] where trimmed.hasPrefix(marker) {
            return String(trimmed.dropFirst(marker.count))
        }
        return trimmed
    }

    private static func isNumber(_ text: String) -> Bool {
        if !text.isEmpty && text.allSatisfy(\.isNumber) { return true }
        // Roman numerals (Unit IV) and ranges (Week 1-2).
        if !text.isEmpty && text.lowercased().allSatisfy({ "ivxlc".contains($0) }) && text.count <= 6 { return true }
        let range = text.split(whereSeparator: { "-–".contains($0) })
        return range.count == 2 && range.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }
}
