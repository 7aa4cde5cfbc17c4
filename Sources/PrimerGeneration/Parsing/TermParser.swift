import PrimerCore

/// Glossary terms from `term: definition`, `term — definition`, `term - definition`,
/// `**term**: definition` and `term | definition` lines (bulleted, numbered or as table rows),
/// or from JSON.
public enum TermParser {
    static let format = "write one term per line as `term: definition`, with nothing else"

    public static func parse(_ text: String) throws -> [PairItem] {
        if let json = JSONExtraction.extract(text) {
            let terms = fromJSON(json, text: text)
            if !terms.isEmpty { return terms }
        }
        let terms = fromLines(TextCleanup.lines(text))
        guard !terms.isEmpty else {
            throw ParseFailure.nothingFound("terms", format: format, in: text)
        }
        return terms
    }

    static func fromJSON(_ json: Any, text: String) -> [PairItem] {
        let containers = ["terms", "glossary", "definitions", "vocabulary", "items"]
        if let items = JSONAccess.items(json, containers: containers) {
            return items.compactMap { item in
                guard let object = item as? [String: Any] else { return nil }
                let term = JSONAccess.string(object, ["term", "name", "word", "concept", "title"])
                let definition = JSONAccess.string(
                    object, ["definition", "meaning", "description", "explanation", "translation"])
                return make(term ?? "", definition ?? "")
            }
        }
        // A plain {"term": "definition"} object. Dictionaries lose their order, so the terms
        // are put back in the order they appear in the answer.
        guard let object = json as? [String: Any] else { return [] }
        let pairs = object.compactMap { key, value in (value as? String).map { (key, $0) } }
        guard pairs.count == object.count else { return [] }
        func position(_ key: String) -> String.Index {
            text.range(ofExactly: "\"\(key)\"")?.lowerBound ?? text.endIndex
        }
        return pairs.sorted { position($0.0) < position($1.0) }.compactMap { make($0.0, $0.1) }
    }

    private static func make(_ term: String, _ definition: String) -> PairItem? {
        var term = LineSyntax.trim(LineSyntax.stripBold(term))
        while term.hasSuffix(":") { term.removeLast() }
        term = LineSyntax.trim(term)
        let definition = LineSyntax.trim(definition)
        return term.isEmpty || definition.isEmpty ? nil : PairItem(front: term, back: definition)
    }

    private static let headerWords: Set<String> = [
        "term", "terms", "definition", "definitions", "meaning", "word", "concept", "description",
        "explanation",
    ]

    static func fromLines(_ lines: [String]) -> [PairItem] {
        var terms: [PairItem] = []
        for (index, raw) in lines.enumerated() {
            let line = LineSyntax.trim(raw)
            if line.isEmpty || TextCleanup.isFence(line) || LineSyntax.heading(line) != nil { continue }
            if let cells = LineSyntax.pipeCells(line)?.filter({ !$0.isEmpty }), cells.count >= 2 {
                let next = lines[(index + 1)...].first { !LineSyntax.trim($0).isEmpty }
                let isHeader = next.map(LineSyntax.isTableSeparator) == true
                    || cells.allSatisfy { headerWords.contains($0.lowercased()) }
                if !isHeader, let term = make(cells[0], cells.dropFirst().joined(separator: " | ")) {
                    terms.append(term)
                }
                continue
            }
            if let term = termLine(LineSyntax.stripListMarker(line)) { terms.append(term) }
        }
        return terms
    }

    /// One `term <separator> definition` line. A bold term marks the split exactly; otherwise
    /// the earliest separator wins, so a definition may itself contain colons or dashes.
    private static func termLine(_ text: String) -> PairItem? {
        // "**Term:** definition" and "**Term** — definition"; a bold word followed by running
        // text ("**Note** that…") is not a term.
        if let match = text.wholeMatch(of: termParserPattern0) {
            let term = String(match.output.1), rest = String(match.output.3)
            if match.output.2 != nil || term.hasSuffix(":"), let term = make(term, rest) {
                return term
            }
        }
        let plain = LineSyntax.stripBold(text)
        guard !TextCleanup.isChatter(plain),
            let (term, definition) = LineSyntax.split(plain, at: [": ", " — ", " – ", " - ", " -- "])
        else { return nil }
        return make(term, definition)
    }
}

// Regex literals are compiled each time they are evaluated; these are built once (they are
// immutable, hence safe to share).

nonisolated(unsafe) private let termParserPattern0 = /\*\*(.+?)\*\*\s*(:|—|–|--|-)?\s*(.*)/
