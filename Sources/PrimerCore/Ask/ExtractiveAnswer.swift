import Foundation

/// An answer made of the sources' own statements: the one or two that share the most of the
/// question's words (`Citations.words`, and its numbers: "week 2" is not "week 1"), each with its
/// source's number; the refusal when no statement shares at least half of them (two, for a
/// question of four words or more: an explanation's question names a card's whole text). What the
/// mock provider answers, and what `ask` shows, marked as quotes, when a model gives no answer its
/// sources support.
public enum ExtractiveAnswer {
    public static func answer(question: String, sources: [AskSource]) -> String {
        let asked = Citations.words(question), askedNumbers = numbers(question)
        let needed = min(asked.count + askedNumbers.count, 4)
        guard needed > 0 else { return Citations.refusal }
        var scored: [(score: Int, source: Int, sentence: String)] = []
        for source in sources {
            for sentence in Statements.of(source.evidence) {
                // A number the question names counts twice: it picks one line of a list of weeks.
                let score = asked.intersection(Citations.words(sentence)).count + 2 * askedNumbers.intersection(numbers(sentence)).count
                if score > 0 { scored.append((score, source.number, sentence)) }
            }
        }
        // Best first; among equals, the earlier source and the shorter sentence.
        scored.sort { ($0.score, -$0.source, -$0.sentence.count) > ($1.score, -$1.source, -$1.sentence.count) }
        guard let best = scored.first, best.score * 2 >= needed else { return Citations.refusal }
        var lines = ["\(best.sentence) [\(best.source)]"]
        if let second = scored.dropFirst().first(where: { $0.source != best.source && $0.score * 2 >= needed }) {
            lines.append("\(second.sentence) [\(second.source)]")
        }
        return lines.joined(separator: "\n\n")
    }

    /// The whole numbers a text names ("Week 2" → ["2"]).
    static func numbers(_ text: String) -> Set<String> {
        Set(text.matches(of: /\d+/).map { String($0.output) })
    }

    /// The statements of a passage (`Statements.of`).
    static func sentences(_ text: String) -> [String] { Statements.of(text) }
}
