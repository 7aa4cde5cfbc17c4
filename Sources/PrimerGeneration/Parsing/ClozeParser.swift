import Foundation
import PrimerCore

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
