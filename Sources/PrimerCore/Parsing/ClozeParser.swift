import Foundation

/// Cloze notes from lines holding Anki deletions (`{{c1::answer}}`, `{{c2::answer::hint}}`),
/// bulleted or numbered, with an optional `Extra:` line after a note; or from JSON
/// (`{"clozes": [{"text": …, "extra": …}]}` or a list of texts). Lines without a deletion are
/// chatter and skipped; a deletion written as `{{answer}}` or `[answer]` is not guessed at.
public enum ClozeParser {
    static let format = "write one note per line with numbered deletions, e.g. `The {{c1::mitochondrion}} makes {{c2::ATP}}.`"

    public static func parse(_ text: String) throws -> [ClozeItem] {
        if let json = JSONExtraction.extract(text) {
            let items = fromJSON(json)
            if !items.isEmpty { return items }
        }
        let items = fromLines(TextCleanup.lines(text))
        guard !items.isEmpty else {
            throw ParseFailure.nothingFound("cloze notes", format: format, in: text)
        }
        return items
    }

    static func fromJSON(_ json: Any) -> [ClozeItem] {
        let items = JSONAccess.items(json, containers: ["clozes", "cloze", "notes", "cards", "items"]) ?? []
        return items.compactMap { item in
            if let text = item as? String { return make(text, extra: "") }
            guard let object = item as? [String: Any] else { return nil }
            let text = JSONAccess.string(object, ["text", "cloze", "sentence", "front"]) ?? ""
            return make(text, extra: JSONAccess.string(object, ["extra", "back", "note", "explanation"]) ?? "")
        }
    }

    static func fromLines(_ lines: [String]) -> [ClozeItem] {
        var items: [ClozeItem] = []
        for raw in lines {
            let line = LineSyntax.trim(raw)
            if line.isEmpty || TextCleanup.isFence(line) { continue }
            let text = LineSyntax.stripListMarker(line)
            if let extra = extraLine(text), !items.isEmpty, items[items.count - 1].extra.isEmpty {
                items[items.count - 1].extra = extra
                continue
            }
            if let item = make(text, extra: "") { items.append(item) }
        }
        return items
    }

    /// `Extra: …` (or `Note: …`) after a note.
    private static func extraLine(_ text: String) -> String? {
        for label in ["Extra:", "Note:", "Back extra:"] where text.lowercased().hasPrefix(label.lowercased()) {
            let rest = LineSyntax.trim(text.dropFirst(label.count))
            return rest.isEmpty ? nil : rest
        }
        return nil
    }

    private static func make(_ text: String, extra: String) -> ClozeItem? {
        let text = LineSyntax.trim(text)
        guard ClozeText.problem(text) == nil else { return nil }
        return ClozeItem(text: text, extra: LineSyntax.trim(extra))
    }
}

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
            if inside.contains("{{") { return "a deletion holds another one ({{c…::…{{c…}}…}}); write them side by side" }
            guard let number = Int(match.output.1), number > 0 else { return "deletions are numbered from c1" }
            if match.output.2.trimmedWhitespace.isEmpty { return "a deletion has no answer ({{c\(number)::}}); put the hidden words after ::" }
        }
        let rest = text.replacing(deletionPattern, with: "")
        if rest.contains("{{") || rest.contains("}}") { return "it has {{ or }} outside a deletion; close each deletion as {{c1::answer}}" }
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
        replacingDeletions(text) { $0.answer }
    }
}

nonisolated(unsafe) private let deletionPattern = /\{\{c(\d+)::(.*?)(?:::(.*?))?\}\}/
