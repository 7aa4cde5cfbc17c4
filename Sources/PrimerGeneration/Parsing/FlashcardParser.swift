import PrimerCore

/// Flashcards from `question | answer` (or `question | answer | hint: cue`) lines (bulleted, numbered or as table rows), from
/// `Q:`/`A:` blocks, from `question — answer` lines, or from JSON. Language cards
/// (`word | translation`) have the same shape.
public enum FlashcardParser {
    static let format = "write one card per line as `question | answer`, with nothing else"

    public static func parse(_ text: String) throws -> [PairItem] {
        if let json = JSONExtraction.extract(text) {
            let cards = fromJSON(json)
            if !cards.isEmpty { return cards }
        }
        let cards = fromLines(TextCleanup.lines(text))
        guard !cards.isEmpty else {
            throw ParseFailure.nothingFound("flashcards", format: format, in: text)
        }
        return cards
    }

    static func fromJSON(_ json: Any) -> [PairItem] {
        let items = JSONAccess.items(json, containers: ["flashcards", "cards", "items"]) ?? []
        return items.compactMap { item in
            if let pair = item as? [String], pair.count == 2 {
                return card(pair[0], pair[1])
            }
            guard let object = item as? [String: Any] else { return nil }
            let front = JSONAccess.string(object, ["front", "question", "q", "word", "term", "prompt"])
            let back = JSONAccess.string(object, ["back", "answer", "a", "translation", "definition", "meaning"])
            let hint = JSONAccess.string(object, ["hint", "clue"])
            return card(front ?? "", back ?? "", hint: hint)
        }
    }

    /// A card; a hint that holds the whole answer gives it away and is left out.
    private static func card(_ front: String, _ back: String, hint: String? = nil) -> PairItem? {
        let front = LineSyntax.trim(front), back = LineSyntax.trim(back)
        let hint = hint.map(LineSyntax.trim).flatMap { hint in
            hint.isEmpty || GateText.normalize(hint).contains(exactly: GateText.normalize(back)) ? nil : hint
        }
        return front.isEmpty || back.isEmpty ? nil : PairItem(front: front, back: back, hint: hint)
    }

    private enum Label { case question, answer }

    /// `Q:`, `Q1.`, `Question 2:`, `Front:` (and the answer side), possibly after a bullet.
    /// Word labels need a colon so a question starting with "Answer the…" is not a label.
    private static func label(_ line: String) -> (Label, String)? {
        let text = LineSyntax.trim(LineSyntax.stripBold(line))
        let pattern = flashcardParserPattern0
        guard let match = text.wholeMatch(of: pattern) else { return nil }
        let word = String(match.output.1 ?? match.output.2 ?? "").lowercased()
        let kind: Label = ["q", "question", "front"].contains(word) ? .question : .answer
        return (kind, LineSyntax.trim(match.output.3))
    }

    static func fromLines(_ lines: [String]) -> [PairItem] {
        var cards: [PairItem] = []
        var question: [String]?
        var answer: [String]?

        func flush() {
            if let q = question, let a = answer,
                let made = card(q.joined(separator: " "), a.joined(separator: "\n"))
            {
                cards.append(made)
            }
            question = nil
            answer = nil
        }

        for (index, raw) in lines.enumerated() {
            let line = LineSyntax.trim(raw)
            if TextCleanup.isFence(line) { continue }
            if line.isEmpty {
                // A blank line ends an answer; between Q and A it is just spacing.
                if answer != nil { flush() }
                continue
            }
            if let (kind, rest) = label(line) {
                switch kind {
                case .question:
                    flush()
                    if let (q, a) = LineSyntax.split(rest, at: [" A: ", " Answer: ", " Back: "]) {
                        cards.append(PairItem(front: q, back: a))
                    } else if let made = pipeCard(rest, next: nil) {
                        cards.append(made)
                    } else {
                        question = [rest]
                    }
                case .answer:
                    if question != nil { answer = [rest] }
                }
                continue
            }
            if answer != nil {
                if TextCleanup.isChatter(line) { flush() } else { answer?.append(line) }
                continue
            }
            let next = lines[(index + 1)...].first { !LineSyntax.trim($0).isEmpty }
            if let made = pipeCard(line, next: next) ?? dashCard(line) {
                question = nil
                cards.append(made)
            } else if question != nil, !TextCleanup.isChatter(line) {
                question?.append(line)
            }
        }
        flush()
        return cards
    }

    private static let headerWords: Set<String> = [
        "front", "back", "question", "answer", "q", "a", "term", "definition", "word",
        "translation", "meaning", "english", "prompt", "card", "side a", "side b",
    ]

    /// A `question | answer` line or table row. Extra columns stay in the answer rather than
    /// being dropped. A table header row (followed by `---|---`, or made of header words) is
    /// skipped.
    private static func pipeCard(_ line: String, next: String?) -> PairItem? {
        guard let cells = LineSyntax.pipeCells(line)?.filter({ !$0.isEmpty }), cells.count >= 2
        else { return nil }
        if let next, LineSyntax.isTableSeparator(next) { return nil }
        if cells.allSatisfy({ headerWords.contains($0.lowercased()) }) { return nil }
        // A last column `hint: …` is the card's hint.
        if cells.count >= 3, let last = cells.last, let match = last.wholeMatch(of: flashcardHintPattern) {
            return card(cells[0], cells.dropFirst().dropLast().joined(separator: " | "), hint: String(match.output.1))
        }
        return card(cells[0], cells.dropFirst().joined(separator: " | "))
    }

    /// `question — answer` (em or en dash with spaces; a hyphen would split compound words).
    private static func dashCard(_ line: String) -> PairItem? {
        let text = LineSyntax.clean(line)
        guard !TextCleanup.isChatter(text),
            let (front, back) = LineSyntax.split(text, at: [" — ", " – ", " -- "])
        else { return nil }
        return PairItem(front: front, back: back)
    }
}

// Regex literals are compiled each time they are evaluated; these are built once (they are
// immutable, hence safe to share).
// The ASCII characters a label can start with: a bullet, a digit, Q/A, or (case-insensitive)
// question/front/answer/back.

nonisolated(unsafe) private let flashcardParserPattern0 = /^(?:[-*•+]\s+|\d+[.)]\s+)?(?:(Q|A)\s*\d*\s*[:.)]|(?i:(question|front|answer|back))\s*\d*\s*:)\s*(.*)$/
nonisolated(unsafe) private let flashcardHintPattern = /(?i:hint)\s*:\s*(.+)/
