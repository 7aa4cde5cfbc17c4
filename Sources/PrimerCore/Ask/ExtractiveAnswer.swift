import Foundation

/// An answer made of the sources' own sentences: the one or two that share the most of the
/// question's words (`Citations.words`), each with its source's number; the refusal when no
/// sentence shares at least half of them (two, for a question of four words or more: an
/// explanation's question names a card's whole text). What the mock provider answers, and what
/// `ask` shows, marked as quotes, when a model gives no answer its sources support.
public enum ExtractiveAnswer {
    public static func answer(question: String, sources: [AskSource]) -> String {
        let asked = Citations.words(question)
        guard !asked.isEmpty else { return Citations.refusal }
        var scored: [(score: Int, source: Int, sentence: String)] = []
        for source in sources {
            for sentence in sentences(source.text) {
                let score = asked.intersection(Citations.words(sentence)).count
                if score > 0 { scored.append((score, source.number, sentence)) }
            }
        }
        // Best first; among equals, the earlier source and the shorter sentence.
        scored.sort { ($0.score, -$0.source, -$0.sentence.count) > ($1.score, -$1.source, -$1.sentence.count) }
        guard let best = scored.first, best.score * 2 >= min(asked.count, 4) else { return Citations.refusal }
        var lines = ["\(best.sentence) [\(best.source)]"]
        if let second = scored.dropFirst().first(where: { $0.source != best.source && $0.score * 2 >= min(asked.count, 4) }) {
            lines.append("\(second.sentence) [\(second.source)]")
        }
        return lines.joined(separator: "\n\n")
    }

    /// Sentences of a passage of four words or more: a paragraph's lines joined (a PDF's text
    /// breaks lines mid-sentence), then split after ". ", "? ", "! "; headings dropped.
    static func sentences(_ text: String) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) + [Substring("")] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(Substring(trimmed))
            }
        }
        var sentences: [String] = []
        for paragraph in paragraphs {
            var sentence = ""
            var previous: Character = " "
            for character in paragraph {
                if character == " " && ".?!".contains(previous) {
                    sentences.append(sentence)
                    sentence = ""
                } else {
                    sentence.append(character)
                }
                previous = character
            }
            sentences.append(sentence)
        }
        return sentences.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.split(separator: " ").count >= 4 }
    }
}
