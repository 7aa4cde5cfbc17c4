import Foundation

/// Anki's cloze syntax: `{{c<number>::<answer>}}` or `{{c<number>::<answer>::<hint>}}`.
public enum ClozeText {
    public struct Deletion: Sendable, Equatable {
        public var number: Int
        public var answer: String
        public var hint: String?
    }

    /// The deletions of `text` in order of appearance.
    public static func deletions(_ text: String) -> [Deletion] {
        text.matches(of: deletionPattern).compactMap { match in
            guard let number = Int(match.output.1), number > 0 else { return nil }
            let answer = String(match.output.2)
            guard !answer.trimmedWhitespace.isEmpty else { return nil }
            return Deletion(number: number, answer: answer, hint: hint(match.output.3))
        }
    }

    /// What keeps `text` from being a cloze note, in words; nil when it is one: at least one
    /// deletion, each with an answer, none inside another, no `{{` or `}}` left over.
    public static func problem(_ text: String) -> String? {
        let matches = text.matches(of: deletionPattern)
        if matches.isEmpty { return "it has no deletion written {{c1::answer}}" }
        for match in matches {
            let inside = match.output.2 + (match.output.3 ?? "")
            if inside.contains(exactly: "{{") { return "a deletion holds another one ({{c…::…{{c…}}…}}); write them side by side" }
            guard let number = Int(match.output.1), number > 0 else { return "deletions are numbered from c1" }
            if match.output.2.trimmedWhitespace.isEmpty { return "a deletion has no answer ({{c\(number)::}}); put the hidden words after ::" }
        }
        // The text between the deletions, from their ranges: replacing them by a second regex
        // pass was most of a cloze answer's parse (`primer-bench overhead`).
        var rest = ""
        var from = text.startIndex
        for match in matches {
            rest += text[from..<match.range.lowerBound]
            from = match.range.upperBound
        }
        rest += text[from...]
        if rest.contains(exactly: "{{") || rest.contains(exactly: "}}") { return "it has {{ or }} outside a deletion; close each deletion as {{c1::answer}}" }
        return nil
    }

    /// A hint that is empty (`{{c1::answer::}}`) is no hint, as in Anki.
    private static func hint(_ text: Substring?) -> String? {
        guard let text, !text.trimmedWhitespace.isEmpty else { return nil }
        return String(text)
    }

    /// The distinct deletion numbers, ascending: one card each.
    public static func cardNumbers(_ text: String) -> [Int] {
        Array(Set(deletions(text).map(\.number))).sorted()
    }

    /// The text with each deletion replaced by what `replacement` makes of it.
    public static func replacingDeletions(_ text: String, with replacement: (Deletion) -> String) -> String {
        text.replacing(deletionPattern) { match in
            replacement(Deletion(number: Int(match.output.1) ?? 0, answer: String(match.output.2), hint: hint(match.output.3)))
        }
    }

    /// The text with every deletion replaced by its answer: what the note says.
    public static func plain(_ text: String) -> String {
        plainTexts.value(for: ExactText(text)) { replacingDeletions(text) { $0.answer } }
    }

    /// A cloze's plain text is read by several gates (placeholders, scope, support) on every
    /// attempt, then by its span: replaced once per text, not once per reader (a regex pass
    /// each). Keyed by the text's bytes (`ExactText`), since the plain text is made of them.
    private static let plainTexts = BoundedCache<ExactText, String>(
        maxEntries: 1_024, maxWeight: 1 << 20, weight: { $0.text.utf8.count })
}

nonisolated(unsafe) private let deletionPattern = /\{\{c(\d+)::(.*?)(?:::(.*?))?\}\}/
