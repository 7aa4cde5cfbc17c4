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
        let statements = passages.flatMap { KeySentences.sentences(in: $0.text) }
        let words = Blanks(statements: statements, subtopic: subtopic)
        switch shape {
        case .pair where role == .glossary:
            let pairs = defined.map { PairItem(front: $0.term, back: $0.sentence) }
            return pairs.isEmpty ? nil : .pairs(Array(pairs))
        case .pair:
            let pairs = key.map { card($0, subtopic: subtopic, words: words) }
            return pairs.isEmpty ? nil : .pairs(pairs)
        case .choice:
            // Terms the passages define, then the subject's, then the passages' telling words.
            let pool = statements.compactMap { DefiningSentence($0)?.term } + subjectTerms + words.pool(statements)
            var questions = defined.compactMap { question($0, subtopic: subtopic, pool: pool) }
            // A text that defines little still gives questions: its key sentences' telling words blanked.
            for sentence in key where questions.count < limit && !defined.contains(where: { $0.sentence == sentence }) {
                if let word = words.telling(sentence), let made = question(sentence: sentence, answer: word, subtopic: subtopic, pool: pool) {
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
    static func card(_ sentence: String, subtopic: String, words: Blanks) -> PairItem {
        if let defining = DefiningSentence(sentence) {
            guard let question = defining.question else {
                return PairItem(front: "\(subtopic): \(defining.blanked("_____"))", back: "\(defining.term) — \(sentence)")
            }
            return PairItem(front: question, back: sentence)
        }
        guard let word = words.telling(sentence) else { return PairItem(front: "\(subtopic): what does the text say?", back: sentence) }
        return PairItem(front: "\(subtopic): \(blank(word, in: sentence))", back: "\(word) — \(sentence)")
    }

    /// Which word of a sentence a blank asks for.
    struct Blanks {
        let recurrence: KeySentences.Recurrence
        /// The subtopic's words: the title above the blank would give them away.
        let shown: Set<String>

        init(statements: [String], subtopic: String) {
            recurrence = KeySentences.Recurrence(statements)
            shown = GateText.keywords(subtopic)
        }

        /// The sentence's most telling word: of its content words of four letters or more that
        /// the subtopic's title does not show, the one most of the passages' statements use (a
        /// word of the section's own vocabulary, not "actually" or "described"), the longer on a
        /// tie; an adverb ("-ly") only when nothing else is left.
        func telling(_ sentence: String) -> String? {
            ranked(sentence).first
        }

        /// The sentence's candidate words, most telling first.
        func ranked(_ sentence: String) -> [String] {
            // Dashes join words without spaces ("emancipation—would"): they separate words here.
            let candidates = sentence.split(whereSeparator: { $0 == " " || $0 == "—" || $0 == "–" }).map { String($0).trimmingPunctuation }
                .filter { $0.count >= 4 && !GateText.keywords($0).isEmpty && !GateText.keywords($0).contains { GateText.set(shown, mentions: $0) } }
            // Ranked: not an adverb, used by more statements, longer, earlier in the sentence.
            let rank = { (word: String, at: Int) in (word.lowercased().hasSuffix("ly") ? 0 : 1, recurrence.count(word), word.count, -at) }
            return candidates.enumerated().sorted { rank($0.element, $0.offset) > rank($1.element, $1.offset) }.map(\.element)
        }

        /// Words for the other choices: each statement's most telling word, then each one's second
        /// and third (a short text — a thin lesson — still gives three besides the key).
        func pool(_ statements: [String]) -> [String] {
            let ranked = statements.map(ranked)
            return (0..<3).flatMap { rank in ranked.compactMap { $0.indices.contains(rank) ? $0[rank] : nil } }
        }
    }

    /// The sentence's most telling word with nothing else known of its passages.
    static func tellingWord(_ sentence: String) -> String? {
        Blanks(statements: [sentence], subtopic: "").telling(sentence)
    }

    /// The sentence with the first occurrence of `word` (in any case) replaced by `blank`.
    static func blank(_ word: String, in sentence: String, with blank: String = "_____") -> String {
        guard let range = sentence.range(of: word, options: .caseInsensitive) else { return sentence }
        return sentence.replacingCharacters(in: range, with: blank)
    }

    /// `text` with its first letter a capital when `model`'s is (the blank begins the sentence).
    /// Never the other way: "Eisenhower" stays a name.
    static func capitalized(like model: String, _ text: String) -> String {
        guard let first = text.first, model.first?.isUppercase == true, first.isLowercase else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// A question: which term the sentence defines, among three others; nil without three others.
    static func question(_ defining: DefiningSentence, subtopic: String, pool: [String]) -> ChoiceItem? {
        question(sentence: defining.sentence, answer: defining.term, subtopic: subtopic, pool: pool)
    }

    /// A question: which of four words or terms fills the sentence's blank; nil without three
    /// others in `pool` (none the same as the answer, none in the sentence). The others are
    /// those most like the answer in length (a name of two words among names of two words, in
    /// the pool's order on a tie), capitalized when the answer is, so neither gives the key away.
    static func question(sentence: String, answer: String, subtopic: String, pool: [String]) -> ChoiceItem? {
        var seen: Set<String> = [answer.lowercased()]
        let words = { (text: String) in text.split(separator: " ").count }
        // Folded once, not once for each word of the pool.
        let normalizedAnswer = GateText.normalize(answer)
        let others = pool.filter {
            seen.insert($0.lowercased()).inserted && !GateText.keywordsMatch(GateText.normalize($0), normalizedAnswer)
                && sentence.range(of: $0, options: .caseInsensitive) == nil
        }
        .enumerated().sorted { (abs(words($0.element) - words(answer)), $0.offset) < (abs(words($1.element) - words(answer)), $1.offset) }
        .map { capitalized(like: answer, $0.element) }
        guard others.count >= 3 else { return nil }
        // A fixed order that depends on the sentence, so the key is not always first.
        let correct = Int(StableHash.fnv1a(sentence) % 4)
        var choices = Array(others.prefix(3))
        choices.insert(answer, at: correct)
        return ChoiceItem(question: "\(subtopic): “\(blank(answer, in: sentence))”", choices: choices, correctIndex: correct, explanation: sentence)
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
        // Words at most: a name is short; a long subject is a description ("Molecules of 1-butene
        // and 2-butene are…"), and "X: …" with many words is a sentence's clause.
        var most = 6
        // Matched on the sentence itself, ignoring case: what is captured lies in it (an index
        // measured in a lowercased copy need not, when lowercasing changes a character).
        if let match = sentence.firstMatch(of: namedAfterPattern) {
            // The name ends where the sentence goes on about it ("…known as X because they…").
            term = String(match.output.3).split(separator: Self.nameEnd, maxSplits: 1).first.map(String.init)
            after = true
            plural = match.output.1.lowercased() == "are"
        } else if let match = sentence.firstMatch(of: namedBeforePattern) {
            term = String(match.output.1)
            let verb = match.output.2.lowercased()
            plural = verb.hasPrefix("are") || verb == "refer to"
            if verb == "are" { most = 3 }
        } else if let match = sentence.firstMatch(of: glossaryLinePattern) {
            term = String(match.output.1)
            most = 3
        }
        guard var found = term?.trimmingCharacters(in: .whitespaces) else { return nil }
        for article in ["The ", "the ", "A ", "a ", "An ", "an "] where found.hasPrefix(article) { found = String(found.dropFirst(article.count)) }
        found = found.trimmingPunctuation
        let words = found.split(separator: " ")
        guard (1...most).contains(words.count), !GateText.keywords(found).isEmpty, !Self.notNames.contains(words[0].lowercased()) else { return nil }
        self.term = found
        self.namedAfter = after
        self.plural = plural
    }

    /// Words a name does not begin with: pronouns, quantifiers, pointers and the words that open a
    /// clause ("Many plant pathogens are…", "Such conceptualizations are known as…", "Although
    /// sucrose molecules are…" name no term).
    static let notNames: Set<String> = [
        "it", "this", "that", "these", "those", "they", "there", "he", "she", "we", "you", "which", "what", "one", "each",
        "many", "most", "some", "all", "both", "several", "few", "other", "such", "every", "any", "no", "certain", "recall",
        "however", "today", "often", "large", "small", "its", "their", "our",
        "although", "though", "because", "while", "when", "if", "since", "after", "before", "as", "in", "on", "at", "for",
        "from", "by", "with", "during", "unlike", "like",
    ]

    /// Where a name captured after "is called" ends: a clause about it follows.
    static var nameEnd: Regex<Substring> { nameEndPattern }

    /// Whether "What is <description> called?" reads as a question: the description before "is
    /// called" is a noun phrase ("The substances undergoing reaction"), not a pointer back ("This
    /// process"), nor a clause ("After the cleavage…, the embryo").
    var asksByDescription: Bool {
        guard let range = sentence.range(of: #"\b(is|are) (called|termed|known as|referred to as) "#, options: [.regularExpression, .caseInsensitive]) else {
            return false
        }
        let description = sentence[..<range.lowerBound]
        let words = description.split(separator: " ")
        guard let first = words.first, (1...16).contains(words.count), !description.contains(",") else { return false }
        return !Self.notNames.contains(first.lowercased())
    }

    /// The sentence with the term replaced by `blank`.
    func blanked(_ blank: String) -> String {
        SentenceItems.blank(term, in: sentence, with: blank)
    }

    /// "What is X?", or for a term named after its description, "What is <description> called?";
    /// nil when neither reads as a question (the card blanks a word instead).
    var question: String? {
        if namedAfter {
            guard asksByDescription else { return nil }
        }
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
        trimmingCharacters(in: punctuationAndSpaces)
    }
}

/// Made once: `CharacterSet.punctuationCharacters` builds a new set on every access, and
/// `trimmingPunctuation` is asked of every word of every statement a family made from
/// sentences reads (`SentenceItems.Blanks.ranked`). The same set, so the same trim.
private let punctuationAndSpaces = CharacterSet.punctuationCharacters.union(.whitespaces)

// Regex literals are compiled each time they are evaluated; `DefiningSentence` is asked of every
// statement of a subtopic's passages by each family made from sentences, so its patterns are
// built once (they are immutable, hence safe to share).
nonisolated(unsafe) private let namedAfterPattern = #/\b(is|are) (called|termed|known as|referred to as) ([^,.;:()]{2,60})/#.ignoresCase()
nonisolated(unsafe) private let namedBeforePattern = #/^([^,;:()]{2,60}?) (refers? to|is defined as|are defined as|means|is an?|are|is the) /#.ignoresCase()
nonisolated(unsafe) private let glossaryLinePattern = #/^([^:—–]{2,50})\s*[:—–]\s+\S/#
nonisolated(unsafe) private let nameEndPattern = /\s+(?:because|that|which|who|where|when|since|and|or|in|for|as|while|to|by|with)\s/
