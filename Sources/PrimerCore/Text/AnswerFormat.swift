/// An item written the way the shipped families ask models to write it: `question | answer`
/// (with `| hint: cue` when it has one), `term: definition`, a lettered question followed by
/// `Answer:` and `Explanation:` lines, a cloze sentence with an `Extra:` line. A rewrite shows the
/// model its leeches this way, and the mock writes its canonical answers with it; the parsers
/// read it back.
public enum AnswerFormat {
    public static func text(_ content: ItemContent, pairLines: PairLines = .questionAnswer) -> String {
        switch content {
        case .lesson(let body):
            return body
        case .pair(let item):
            if pairLines == .termDefinition { return "\(item.front): \(item.back)" }
            return "\(item.front) | \(item.back)\(item.hint.map { " | hint: \($0)" } ?? "")"
        case .choice(let item):
            var lines = [item.question] + item.choices.enumerated().map { "\(ChoiceLetter.of($0.offset))) \($0.element)" }
            if item.choices.indices.contains(item.correctIndex) { lines.append("Answer: \(ChoiceLetter.of(item.correctIndex))") }
            if !item.explanation.isEmpty { lines.append("Explanation: \(item.explanation)") }
            return lines.joined(separator: "\n")
        case .cloze(let item):
            return item.extra.isEmpty ? item.text : "\(item.text)\nExtra: \(item.extra)"
        case .shaped(let item):
            return item.definition?.lineText(item) ?? ""
        }
    }
}
