import Foundation
import PrimerCore

/// Items made from the learner's own text: the key sentences of a subtopic's passages
/// (`KeySentences`) become the items, each keeping its sentence as its answer, so no fact comes
/// from the model (a family asks for this with `from_sentences: true`).
///
/// Why: on the golden test sections the small model's flashcards shared 0.37–0.39 of their words
/// with the references with or without the chapter, while the chapter's own four key sentences,
/// used as the answers of plain cards, shared 0.56 (Evaluations/llama-local/README.md): the text
/// has what the references ask, the 135M model does not carry it over.
///
/// - a card: "What is X?" for a sentence that defines X ("X is a…", "X refers to…", "…is called
///   X"), else the sentence with its most telling word blanked; the answer is the sentence;
/// - a term (the glossary family): the defined term and its sentence;
/// - a question: the defining sentence with its term blanked; the choices are the term and other
///   terms the subtopic's passages (then the subject) define;
/// - a cloze: the defining sentence with its term hidden.
public enum SentenceItems {
    /// What one family makes from the passages; nil when they give too little for its shape
    /// (then the model writes the items as before).
    public static func output(
        shape: Shape, role: FamilyRole?, passages: [GroundingPassage], subtopic: String, topic: String, siblings: [String],
        subjectTerms: [String], limit: Int = 4
    ) -> GeneratedOutput? {
        let key = KeySentences.select(from: passages, subtopic: subtopic, topic: topic, siblings: siblings, limit: limit)
        // Definitions among more of the passages' sentences, for terms, questions and clozes.
        let wider = KeySentences.select(from: passages, subtopic: subtopic, topic: topic, siblings: siblings, limit: 12, characters: 3_000)
        let defined = wider.compactMap { sentence in DefiningSentence(sentence).map { $0 } }.prefix(limit)
        switch shape {
        case .pair where role == .glossary:
            let pairs = defined.map { PairItem(front: $0.term, back: $0.sentence) }
            return pairs.isEmpty ? nil : .pairs(Array(pairs))
        case .pair:
            let pairs = key.map { card($0, subtopic: subtopic) }
            return pairs.isEmpty ? nil : .pairs(pairs)
        case .choice:
            // Terms the passages define, then the subject's, then the passages' telling words.
            let statements = passages.flatMap { KeySentences.sentences(in: $0.text) }
            let pool = statements.compactMap { DefiningSentence($0)?.term } + subjectTerms + statements.compactMap(tellingWord)
            var questions = defined.compactMap { question($0, subtopic: subtopic, pool: pool) }
            // A text that defines little still gives questions: its key sentences' telling words blanked.
            for sentence in key where questions.count < limit && !defined.contains(where: { $0.sentence == sentence }) {
                if let word = tellingWord(sentence), let made = question(sentence: sentence, answer: word, subtopic: subtopic, pool: pool) {
                    questions.append(made)
                }
            }
            return questions.isEmpty ? nil : .choices(questions)
        case .cloze:
            let clozes = defined.map { ClozeItem(text: $0.blanked("{{c1::\($0.term)}}")) }
            return clozes.isEmpty ? nil : .clozes(Array(clozes))
        default:
            return nil
        }
    }

    /// A card whose answer is the sentence: "What is X?" for a term it defines, else the sentence
    /// with its telling word blanked, under the subtopic's title (what the card is about, in the
    /// words the learner studies it by).
    static func card(_ sentence: String, subtopic: String) -> PairItem {
        if let defining = DefiningSentence(sentence) {
            return PairItem(front: defining.question, back: sentence)
        }
        guard let word = tellingWord(sentence) else { return PairItem(front: "\(subtopic): what does the text say?", back: sentence) }
        return PairItem(front: "\(subtopic): \(blank(word, in: sentence))", back: "\(word) — \(sentence)")
    }

    /// The sentence's longest content word: what a blank asks for when it defines no term.
    static func tellingWord(_ sentence: String) -> String? {
        // Dashes join words without spaces ("emancipation—would"): they separate words here.
        sentence.split(whereSeparator: { $0 == " " || $0 == "—" || $0 == "–" }).map { String($0).trimmingPunctuation }
            .filter { $0.count >= 4 && !GateText.keywords($0).isEmpty }
            .max { $0.count < $1.count }
    }

    static func blank(_ word: String, in sentence: String) -> String {
        guard let range = sentence.range(of: word) else { return sentence }
        return sentence.replacingCharacters(in: range, with: "_____")
    }

    /// A question: which term the sentence defines, among three others; nil without three others.
    static func question(_ defining: DefiningSentence, subtopic: String, pool: [String]) -> ChoiceItem? {
        question(sentence: defining.sentence, answer: defining.term, subtopic: subtopic, pool: pool)
    }

    /// A question: which of four words or terms fills the sentence's blank; nil without three
    /// others in `pool` (none the same as the answer, none in the sentence).
    static func question(sentence: String, answer: String, subtopic: String, pool: [String]) -> ChoiceItem? {
        var seen: Set<String> = [answer.lowercased()]
        let others = pool.filter {
            seen.insert($0.lowercased()).inserted && !GateText.keywordsMatch(GateText.normalize($0), GateText.normalize(answer))
                && sentence.range(of: $0, options: .caseInsensitive) == nil
        }
        guard others.count >= 3 else { return nil }
        // A fixed order that depends on the sentence, so the key is not always first.
        let correct = Int(StableHash.fnv1a(sentence) % 4)
        var choices = Array(others.prefix(3))
        choices.insert(answer, at: correct)
        let blanked = sentence.range(of: answer, options: .caseInsensitive).map { sentence.replacingCharacters(in: $0, with: "_____") } ?? sentence
        return ChoiceItem(question: "\(subtopic): “\(blanked)”", choices: choices, correctIndex: correct, explanation: sentence)
    }
}

/// A sentence that defines a term: "X is a…", "X refers to…", "X is defined as…", "…is called X",
/// "…is known as X", "X: …" (a glossary line).
struct DefiningSentence {
    let sentence: String
    let term: String
    /// Whether the term was named after the description ("…is called X").
    let namedAfter: Bool
    let plural: Bool

    init?(_ sentence: String) {
        self.sentence = sentence
        var term: String?
        var after = false
        var plural = false
        // Matched on the sentence itself, ignoring case: what is captured lies in it (an index
        // measured in a lowercased copy need not, when lowercasing changes a character).
        if let match = sentence.firstMatch(of: #/\b(is|are) (called|termed|known as|referred to as) ([^,.;:()]{2,60})/#.ignoresCase()) {
            term = String(match.output.3)
            after = true
            plural = match.output.1.lowercased() == "are"
        } else if let match = sentence.firstMatch(of: #/^([^,;:()]{2,60}?) (refers? to|is defined as|are defined as|means|is an?|are|is the) /#.ignoresCase()) {
            term = String(match.output.1)
            let verb = match.output.2.lowercased()
            plural = verb.hasPrefix("are") || verb == "refer to"
        } else if let match = sentence.firstMatch(of: #/^([^:—–]{2,50})\s*[:—–]\s+\S/#) {
            term = String(match.output.1)
        }
        guard var found = term?.trimmingCharacters(in: .whitespaces) else { return nil }
        for article in ["The ", "the ", "A ", "a ", "An ", "an "] where found.hasPrefix(article) { found = String(found.dropFirst(article.count)) }
        found = found.trimmingPunctuation
        let words = found.split(separator: " ")
        guard (1...6).contains(words.count), !GateText.keywords(found).isEmpty,
            !["it", "this", "that", "these", "those", "they", "there", "he", "she", "we", "you", "which", "what", "one", "each"].contains(words[0].lowercased())
        else { return nil }
        self.term = found
        self.namedAfter = after
        self.plural = plural
    }

    /// The sentence with the term replaced by `blank`.
    func blanked(_ blank: String) -> String {
        guard let range = sentence.range(of: term, options: .caseInsensitive) else { return sentence }
        return sentence.replacingCharacters(in: range, with: blank)
    }

    /// "What is X?", or for a term named after its description, "What is <description> called?".
    var question: String {
        if namedAfter, let range = sentence.range(of: #"\b(is|are) (called|termed|known as|referred to as) "#, options: [.regularExpression, .caseInsensitive]) {
            let description = sentence[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let verb = plural ? "are" : "is"
            let first = description.prefix(1).lowercased() + description.dropFirst()
            return "What \(verb) \(first) called?"
        }
        return "What \(plural ? "are" : "is") \(term)?"
    }
}

extension String {
    /// Without punctuation at either end.
    var trimmingPunctuation: String {
        trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
    }
}
