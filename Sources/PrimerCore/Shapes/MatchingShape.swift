import Foundation

/// Match each term to its partner: 4–8 pairs (a term and its definition, a cause and its effect, a
/// person and a deed), studied as one exercise — the right sides shuffled, the learner matching
/// them — scored pair by pair, exported to Anki as one Basic note per pair.
///
/// Line syntax, one exercise per `Match:` line:
///
///     Match: Leaders and their countries in 1914
///     - Wilhelm II | Germany
///     - Franz Joseph | Austria-Hungary
public struct MatchingShape: ContentShape {
    public init() {}

    public var id: Shape { Shape(named: "matching") }

    public var fields: [ShapeField] {
        [
            ShapeField("prompt", maxCharacters: 300),
            ShapeField("lefts", isList: true, maxCharacters: 200, count: 4...8),
            ShapeField("rights", isList: true, maxCharacters: 300, count: 4...8),
        ]
    }

    public var labels: ItemLabels {
        ItemLabels(noun: "matching exercise", title: "Matching", fields: ["prompt": "task", "lefts": "terms", "rights": "matches"])
    }

    public var format: String {
        "write `Match: <what to match>` on a line, then 4 to 8 lines `- <term> | <its match>`, e.g. `Match: Leaders in 1914` then `- Wilhelm II | Germany`"
    }

    public var jsonContainers: [String] { ["exercises", "matching", "matchings", "items"] }

    public func parseLines(_ lines: [String]) -> [ShapedItem] {
        var items: [ShapedItem] = []
        var prompt: String?
        var pairs: [(String, String)] = []
        func finish() {
            if let prompt, !pairs.isEmpty { items.append(make(prompt, pairs)) }
            pairs = []
        }
        for line in lines {
            if let title = ShapeLines.labelled(line, ["Match", "Matching", "Exercise"]) {
                finish()
                prompt = title
            } else if prompt != nil, let pair = ShapeLines.sides(ShapeLines.clean(line)) {
                pairs.append(pair)
            }
        }
        finish()
        return items
    }

    public func parseJSON(_ object: [String: Any]) -> ShapedItem? {
        let prompt = JSONAccess.string(object, ["prompt", "title", "task", "instruction"]) ?? ""
        guard let list = JSONAccess.value(object, ["pairs", "matches", "items"]) as? [Any] else { return nil }
        let pairs: [(String, String)] = list.compactMap { entry in
            if let pair = entry as? [String: Any],
                let left = JSONAccess.string(pair, ["left", "term", "item", "front"]),
                let right = JSONAccess.string(pair, ["right", "match", "definition", "back"])
            {
                return (left, right)
            }
            if let pair = entry as? [Any], pair.count == 2, let left = pair[0] as? String, let right = pair[1] as? String {
                return (ShapeLines.trim(left), ShapeLines.trim(right))
            }
            return nil
        }
        return pairs.isEmpty ? nil : make(prompt.isEmpty ? "Match each term to its partner" : prompt, pairs)
    }

    private func make(_ prompt: String, _ pairs: [(String, String)]) -> ShapedItem {
        ShapedItem(shape: id, fields: ["prompt": .text(prompt), "lefts": .list(pairs.map(\.0)), "rights": .list(pairs.map(\.1))])
    }

    public func problem(with item: ShapedItem) -> String? {
        if let problem = fieldProblem(item) { return problem }
        let lefts = item.list("lefts"), rights = item.list("rights")
        if lefts.count != rights.count { return "its terms and matches differ in number (\(lefts.count) and \(rights.count))" }
        if Set(lefts.map { GateText.normalize($0) }).count < lefts.count { return "a term appears twice" }
        if Set(rights.map { GateText.normalize($0) }).count < rights.count { return "two terms have the same match" }
        return nil
    }

    public func primaryText(_ item: ShapedItem) -> String { item.text("prompt") }

    public func aboutText(_ item: ShapedItem) -> String {
        ([item.text("prompt")] + zip(item.list("lefts"), item.list("rights")).map { "\($0) \($1)" }).joined(separator: "\n")
    }

    public func identity(_ item: ShapedItem) -> String { GateText.normalize(item.list("lefts").sorted().joined(separator: " ")) }

    /// The matches in the order shown (`shownOrder`).
    public func shownRights(_ item: ShapedItem) -> [String] {
        let rights = item.list("rights")
        return shownOrder(of: item, count: rights.count).map { rights[$0] }
    }

    public func faces(_ item: ShapedItem) -> CardFaces {
        let lefts = item.list("lefts"), shown = shownRights(item)
        let front = [item.text("prompt")]
            + lefts.enumerated().map { "\($0.offset + 1). \($0.element)" }
            + shown.enumerated().map { "\(ChoiceLetter.of($0.offset))) \($0.element)" }
        let back = zip(lefts, item.list("rights")).enumerated().map { index, pair in
            let letter = shown.firstIndex(of: pair.1).map { ChoiceLetter.of($0) } ?? "?"
            return "\(index + 1)\(letter.lowercased()): \(pair.0) — \(pair.1)"
        }
        return CardFaces(front: front.joined(separator: "\n"), back: back.joined(separator: "\n"))
    }

    public func lineText(_ item: ShapedItem) -> String {
        (["Match: \(item.text("prompt"))"] + zip(item.list("lefts"), item.list("rights")).map { "- \($0) | \($1)" }).joined(separator: "\n")
    }

    public func markdown(_ item: ShapedItem, labels: ItemLabels) -> String {
        let rows = zip(item.list("lefts"), item.list("rights")).map { "| \(MarkdownSafe.text($0)) | \(MarkdownSafe.text($1)) |" }
        return (["**\(MarkdownSafe.text(item.text("prompt")))**", "", "| \(labels.heading("lefts")) | \(labels.heading("rights")) |", "|---|---|"] + rows)
            .joined(separator: "\n")
    }

    /// One Basic note per pair: the term asks for its match, in the exercise's context.
    public func flashcards(_ item: ShapedItem) -> [PlainFlashcard] {
        zip(item.list("lefts"), item.list("rights")).map { .basic(front: "\($0) (\(item.text("prompt")))", back: $1) }
    }

    public var answerHint: String? { "each term's number and its match's letter, e.g. 1b 2a 3d 4c" }

    /// An answer is `1c 2a 3b …` — each term's number, then its match's letter as `faces` shows
    /// them (`1. b`, `1-b`, `1=b`, `1 b` too). Each pair scores on its own. Nil for an item whose
    /// terms and matches differ in number (a stored item no gate checked).
    public func check(_ item: ShapedItem, answer: String) -> ExerciseCheck? {
        let lefts = item.list("lefts"), rights = item.list("rights"), shown = shownRights(item)
        guard lefts.count == rights.count else { return nil }
        var chosen: [Int: Int] = [:]
        var number: Int?
        // Read as a run of numbers and letters: a number names a term, the letter after it its match.
        for token in answer.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            let digits = token.prefix { $0.isNumber }, letters = token.dropFirst(digits.count)
            if !digits.isEmpty { number = Int(digits) }
            guard let letter = letters.first, letters.count == 1, let current = number else { continue }
            if current >= 1, current <= lefts.count, let index = ChoiceLetter.index(of: String(letter).uppercased()), shown.indices.contains(index) {
                chosen[current - 1] = index
            }
            number = nil
        }
        let parts = lefts.indices.map { (label: lefts[$0], answered: chosen[$0].map { shown[$0] }, correct: rights[$0]) }
        return ExerciseCheck(parts: parts, wrong: "is wrong")
    }

    public func sample(_ request: ShapeSampleRequest, rng: inout SplitMix64) -> [ShapedItem] {
        let s = request.subtopic, t = request.topic
        let pool: [(String, String)] = [
            ("Cause", "what sets \(s) in motion"),
            ("Effect", "what \(s) leads to within \(t)"),
            ("Key figure", "a person whose work shaped \(s)"),
            ("Key term", "a word whose meaning \(s) depends on"),
            ("Example", "a concrete case that shows \(s) at work"),
            ("Misconception", "a plausible but wrong belief about \(s)"),
            ("Evidence", "what shows that an account of \(s) is right"),
            ("Context", "the part of \(t) in which \(s) happens"),
        ]
        let pairs = rng.sample(pool, rng.int(4...6))
        return [make("Match each idea of \(s) to its description", pairs)]
    }
}
