import Foundation
import Yams
import PrimerCore

/// `placeholders`: drops items that are template placeholders instead of content — "Question |
/// Answer", "Term: Definition", "TBD", "…", "[insert answer]", "<answer>", "{{front}}", "lorem
/// ipsum", quiz choices like "Option A". Every text field counts, quiz choices and explanation
/// included. No options.
///
/// Single generic words are the hard part: "Back" is a fine answer to "Which muscles do rows
/// train?", and in a language course "la pregunta | question" is a real card. So a field made only
/// of template words ("Answer", "Sample answer") drops the item when every field of the item is
/// like that ("Front | Back"), or — outside language subjects — when it uses a strong template
/// word (question, answer, explanation, definition). Unmistakable placeholders (empty, dots only,
/// TBD/TODO, "… here", brackets around template words, unrendered {{…}}) always drop, and so,
/// outside language subjects, does a question made only of function words ("What is this?").
struct PlaceholdersGate: OptionlessGate {
    static let gateName = "placeholders"

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        let language = context.subjectKind == .language
        return output.droppingItems(context) { item in
            let kinds = item.fields.map { Self.classify(Self.readable($0, of: item)) }
            let allGeneric = kinds.allSatisfy { $0 != .content }
            let bad = zip(item.fields, kinds).first { _, kind in
                switch kind {
                case .placeholder: true
                case .generic(let strong): allGeneric || (strong && !language)
                case .content: false
                }
            }
            guard let field = bad?.0 else {
                guard !language, Self.namesNothing(item) else { return nil }
                return "dropped \(item.noun) \(GateText.quote(item.primaryText)): it names nothing (say what it asks about)"
            }
            if field.text.trimmedWhitespace.isEmpty {
                // "‘’" would tell the model nothing; name the empty field instead.
                let name = item.fields.first { !$0.text.trimmedWhitespace.isEmpty }?.text ?? ""
                return "dropped \(item.noun) \(GateText.quote(name)): empty \(field.name)"
            }
            switch item {
            case .pair(let pair, _):
                return "dropped placeholder \(GateText.quote(pair.front + " | " + pair.back))"
            case .cloze(let cloze, _):
                return "dropped placeholder \(GateText.quote(cloze.text))"
            case .choice(let q, _):
                if field.name == "question" { return "dropped placeholder question \(GateText.quote(q.question))" }
                return "dropped question \(GateText.quote(q.question)): placeholder \(field.name) \(GateText.quote(field.text))"
            case .shaped:
                return "dropped \(item.noun) \(GateText.quote(item.primaryText)): placeholder \(field.name) \(GateText.quote(field.text))"
            }
        }
    }

    /// A question (a front or quiz question ending in "?") made only of function words ("What is
    /// this?", "What is what?"): it asks about nothing the learner could answer out of context.
    /// Seen on SmolLM2-135M given numbered facts ("What is this?" for a fact it did not restate).
    /// Only function words count: "What is the core?" asks about something in geology, and a term
    /// ("Application") is no question. A number or symbol keeps it ("What is 2 + 3?").
    static func namesNothing(_ item: GateItem) -> Bool {
        if case .cloze = item { return false }
        guard item.primaryText.trimmedWhitespace.hasSuffix("?") else { return false }
        let words = GateText.words(item.primaryText)
        return !words.isEmpty && words.allSatisfy(functionWords.contains)
    }

    static let functionWords: Set<String> = [
        "a", "an", "the", "what", "which", "who", "whom", "whose", "why", "how", "when", "where",
        "is", "are", "was", "were", "be", "do", "does", "did", "it", "its", "this", "that", "these",
        "those", "there", "they", "them", "he", "she", "him", "her", "of", "about", "so", "if",
    ]

    /// A cloze text's deletions are Anki syntax, not unrendered template tags: the gate reads
    /// what the note says.
    static func readable(_ field: (field: String, name: String, text: String), of item: GateItem) -> String {
        if case .cloze = item, field.field == "text" { return ClozeText.plain(field.text) }
        return field.text
    }

    enum TextKind: Equatable {
        case content
        /// Only template words ("Answer", "Term: Definition"); `strong` when one of them is
        /// question/answer/explanation/definition, which are never a useful answer on their own.
        case generic(strong: Bool)
        /// Unmistakably a placeholder.
        case placeholder
    }

    /// Words that make a field "generic" when it consists only of them and fillers.
    static let strongWords: Set<String> = ["question", "answer", "explanation", "definition", "questions", "answers"]
    static let weakWords: Set<String> = [
        "term", "front", "back", "choice", "option", "text", "content", "example", "sample", "notes",
        "note", "word", "translation", "title", "description", "item",
    ]
    static let fillerWords: Set<String> = [
        "a", "an", "the", "b", "c", "d", "e", "1", "2", "3", "4", "5", "your", "my", "correct",
        "wrong", "incorrect", "short", "long", "brief", "full", "of", "this", "goes", "go", "write",
        "add", "enter", "fill", "in", "here", "insert", "placeholder", "new",
    ]
    /// Any of these in an all-template field makes it unmistakable ("Your answer here").
    static let markerWords: Set<String> = ["here", "insert", "placeholder", "tbd", "tbc", "todo", "xxx", "lorem", "ipsum"]

    static func classify(_ text: String) -> TextKind {
        let trimmed = text.trimmedWhitespace
        if trimmed.isEmpty { return .placeholder }
        // Only dots, ellipses, dashes, underscores, question marks, asterisks.
        if trimmed.unicodeScalars.allSatisfy({ ".…-–—_?*".unicodeScalars.contains($0) || $0 == " " }) {
            return .placeholder
        }
        // Unrendered template variables.
        // A byte search (`contains(exactly:)`): Foundation's `contains` bridged the whole text (a
        // lesson of 4 KB) to an NSString on every call, and the standard library's generic
        // `firstRange(of:)` was most of this gate's time (`primer-bench overhead`).
        if holds(trimmed, "{{") && holds(trimmed, "}}") { return .placeholder }
        // "N/A" is a placeholder, but "Na" is sodium: only the slashed form counts.
        if ["n/a", "n.a.", "n / a"].contains(trimmed.lowercased()) { return .placeholder }

        let normalized = GateText.normalize(trimmed, dropArticles: false)
        if holds(normalized, "lorem ipsum") { return .placeholder }
        if ["tbd", "tbc", "todo", "xxx", "placeholder"].contains(normalized) { return .placeholder }
        // "Option A", "Choice 2", "Answer C".
        // ("alternative 5", the longest, is 13 bytes: a longer text is no label, unsearched.)
        if normalized.utf8.count <= 13 && choiceLabel.matches(normalized) { return .placeholder }
        // "[insert answer]", "<answer>", "{definition}", "(your text here)".
        if let first = trimmed.first, let last = trimmed.last, closing(first) == last, trimmed.count > 2 {
            let inner = GateText.normalize(String(trimmed.dropFirst().dropLast()), dropArticles: false)
            let innerWords = GateText.splitWords(inner)
            if innerWords.first == "insert" || innerWords.first == "your" || innerWords.first == "enter"
                || (!innerWords.isEmpty && innerWords.allSatisfy(isTemplateWord) && innerWords.contains(where: isCoreWord))
            {
                return .placeholder
            }
        }
        // Word by word, stopping at the first that no template has (most fields' first word):
        // every word of a field split out first was a third of this gate's time.
        var (core, marker, strong) = (false, false, false)
        var rest = normalized[...]
        while !rest.isEmpty {
            let end = rest.utf8.firstIndex(of: UInt8(ascii: " ")) ?? rest.endIndex
            let word = String(rest[..<end])
            rest = end == rest.endIndex ? "" : rest[rest.utf8.index(after: end)...]
            if word.isEmpty { continue }
            guard isTemplateWord(word) else { return .content }
            core = core || isCoreWord(word)
            marker = marker || markerWords.contains(word)
            strong = strong || strongWords.contains(word)
        }
        guard core else { return .content }
        if marker { return .placeholder }
        return .generic(strong: strong)
    }

    /// Whether `text` holds `marker` as Characters (`firstRange(of:)`): found by its bytes first,
    /// and in a text past ASCII confirmed Character by Character (in "{{\u{301}" the second brace
    /// carries an accent: the bytes hold "{{", the Characters do not).
    static func holds(_ text: String, _ marker: String) -> Bool {
        text.contains(exactly: marker) && (text.utf8.allASCII || text.firstRange(of: marker) != nil)
    }

    /// The bracket closing an opening one, for "[insert answer]"-style fields.
    private static func closing(_ open: Character) -> Character? {
        switch open {
        case "[": "]"
        case "<": ">"
        case "{": "}"
        case "(": ")"
        default: nil
        }
    }

    /// "option a", "choice 2": a normalised field that is only a choice's label.
    static let choiceLabel = GateRegex("^(option|choice|answer|alternative) ([a-e]|[1-5])$")

    static func isCoreWord(_ word: String) -> Bool {
        strongWords.contains(word) || weakWords.contains(word) || markerWords.contains(word)
    }

    static func isTemplateWord(_ word: String) -> Bool {
        isCoreWord(word) || fillerWords.contains(word)
    }
}
