import Foundation

/// Text helpers shared by the gates: normalisation for comparing items, keyword sets for the
/// scope check, and short quoting for drop reasons. Everything here is deterministic and cheap;
/// gates run on every answer.
enum GateText {
    // MARK: - Normalisation

    /// The form two texts are compared in: case and diacritics folded, markdown and punctuation
    /// removed, whitespace collapsed. English articles are removed as words by default, so
    /// "What is a vector?" and "what is the vector" compare equal; pass `dropArticles: false` for
    /// language subjects, where "a"/"an" can be real words of the language being studied.
    ///
    /// Math symbols (+ − × = < > ^ …) are kept on purpose: stripping them would make
    /// "What is 2 + 3?" and "What is 2 × 3?" duplicates.
    static func normalize(_ text: String, dropArticles: Bool = true) -> String {
        // Within a gate chain the gates share one answer's normalised texts (`NormalizedTexts`),
        // and the form without articles is made from the one with them: one folding per text.
        guard let memo = NormalizedTexts.current else { return normalizing(text, dropArticles: dropArticles) }
        let whole = memo.normalized(text, dropArticles: false) { normalizing(text, dropArticles: false) }
        guard dropArticles else { return whole }
        return memo.normalized(text, dropArticles: true) { withoutArticles(whole) }
    }

    /// The rule itself (`normalize` without the chain's memo).
    private static func normalizing(_ text: String, dropArticles: Bool) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        let (letters, separators) = (Self.letters, Self.separators)
        let scalars = Array(folded.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            if scalar == "'" || scalar == "\u{2019}" {
                // An apostrophe inside a word ("don't", "Newton's") is dropped so the word stays
                // whole; elsewhere (f'(x)) it is kept as a symbol.
                let prevIsLetter = i > 0 && letters.contains(scalars[i - 1])
                let nextIsLetter = i + 1 < scalars.count && letters.contains(scalars[i + 1])
                if !(prevIsLetter && nextIsLetter) { out.append("'") }
            } else if scalar == "`" {
                // Markdown code ticks (a modifier symbol, so not caught as punctuation).
                out.append(" ")
            } else if separators.contains(scalar) {
                // Markdown emphasis (* _), headings (#), brackets, dashes, full stops, quotes.
                out.append(" ")
            } else {
                out.append(scalar)
            }
        }
        var words = splitWords(String(out))
        // A leading ">" is a Markdown quote marker, not a comparison.
        if words.first == ">" { words.removeFirst() }
        let whole = words.joined(separator: " ")
        return dropArticles ? withoutArticles(whole) : whole
    }

    /// A normalised text without its English articles.
    private static func withoutArticles(_ normalized: String) -> String {
        splitWords(normalized).filter { !articles.contains($0) }.joined(separator: " ")
    }

    /// Made once: `CharacterSet.letters` and the others build a new set on every access.
    private static let letters = CharacterSet.letters
    private static let separators = CharacterSet.punctuationCharacters.union(.whitespacesAndNewlines)

    /// The normalised words of a text.
    static func words(_ text: String, dropArticles: Bool = true) -> [String] {
        splitWords(normalize(text, dropArticles: dropArticles))
    }

    /// The words of a text whose words are separated by spaces (a normalised one).
    static func splitWords(_ text: String) -> [String] {
        // On the UTF-8 bytes: splitting on `Character`s segmented every grapheme cluster. A
        // normalised text has no combining mark after a space (diacritics are folded away), so
        // the pieces are the same.
        text.utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
    }

    static let articles: Set<String> = ["a", "an", "the"]

    // MARK: - Keywords (scope, echo)

    /// Words that say nothing about what a title or item is about: English function words plus
    /// generic course words, so "Introduction to vectors" and "Applications of vectors" share
    /// only "vector" and neither has a distinctive keyword to be judged off-scope by.
    static var stopWords: Set<String> { StopWords.english }

    /// A light stem: plural -s/-es/-ies, -ing, -ed and -ion endings removed. Not a real stemmer;
    /// `keywordsMatch` tolerates the leftovers (matrix/matric, determinant/determin).
    static func stem(_ word: String) -> String {
        var w = word
        guard w.count > 3 else { return w }
        if w.hasSuffix("ies"), w.count > 4 {
            w = String(w.dropLast(3)) + "y"
        } else if w.hasSuffix("sses") {
            w = String(w.dropLast(2))
        } else if ["xes", "ches", "shes", "zes"].contains(where: { w.hasSuffix($0) }) {
            w = String(w.dropLast(2))
        } else if w.hasSuffix("s"), !["ss", "us", "is"].contains(where: { w.hasSuffix($0) }) {
            w = String(w.dropLast())
        }
        for suffix in ["ing", "ed", "ion"] where w.hasSuffix(suffix) && w.count - suffix.count >= 4 {
            w = String(w.dropLast(suffix.count))
            break
        }
        return w
    }

    /// The stemmed content words of a text (stop words, one-letter tokens and bare numbers out).
    static func keywords(_ text: String) -> Set<String> {
        var result = Set<String>()
        for word in words(text) where !stopWords.contains(word) && word.count >= 2 && word.contains(where: \.isLetter) {
            result.insert(stem(word))
        }
        return result
    }

    /// Two stems name the same thing when equal, or when they share a prefix of at least five
    /// characters that covers all but at most two characters of the shorter one: so
    /// matrix/matrices, determinant/determine and integrate/integration match, while
    /// eigenvalue/eigenvector and transformation/transpose do not.
    static func keywordsMatch(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let shorter = min(a.count, b.count)
        guard shorter >= 5 else { return false }
        var common = 0
        for (x, y) in zip(a, b) {
            guard x == y else { break }
            common += 1
        }
        return common >= 5 && common >= shorter - 2
    }

    /// Whether any keyword in `set` matches `keyword`.
    static func set(_ set: Set<String>, mentions keyword: String) -> Bool {
        set.contains(keyword) || set.contains { keywordsMatch($0, keyword) }
    }

    /// `keywords` minus every keyword that matches one in `other`.
    static func subtracting(_ keywords: Set<String>, _ other: Set<String>) -> Set<String> {
        keywords.filter { !set(other, mentions: $0) }
    }

    // MARK: - Reasons

    /// An item's text in curly quotes for a reason, shortened to about 60 characters.
    static func quote(_ text: String, limit: Int = 60) -> String {
        let flat = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard flat.count > limit else { return "‘\(flat)’" }
        var cut = String(flat.prefix(limit))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        return "‘\(cut)…’"
    }

    /// "1 flashcard", "3 flashcards".
    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : (plural ?? singular + "s"))"
    }
}

/// One item of a list output, with the family's names for it, as gates see it.
enum GateItem {
    case pair(PairItem, ItemLabels)
    case choice(ChoiceItem, ItemLabels)
    case cloze(ClozeItem, ItemLabels)
    case shaped(ShapedItem, ItemLabels)

    /// A stored item as gates see it; nil for a lesson, which is no list item.
    init?(_ content: ItemContent, labels: ItemLabels) {
        switch content {
        case .pair(let item): self = .pair(item, labels)
        case .choice(let item): self = .choice(item, labels)
        case .cloze(let item): self = .cloze(item, labels)
        case .shaped(let item): self = .shaped(item, labels)
        case .lesson: return nil
        }
    }

    var labels: ItemLabels {
        switch self {
        case .pair(_, let labels), .choice(_, let labels), .cloze(_, let labels), .shaped(_, let labels): labels
        }
    }

    /// "flashcard", "question", "term": the family's noun for one item.
    var noun: String { labels.noun }

    /// The text that names the item: the front, the question, the cloze text.
    var primaryText: String {
        switch self {
        case .pair(let pair, _): pair.front
        case .choice(let question, _): question.question
        case .cloze(let cloze, _): cloze.text
        case .shaped(let item, _): item.definition?.primaryText(item) ?? ""
        }
    }

    /// Every text field: the shape's field (`Shape.fields`; each choice is one of `choices`), the
    /// name reasons use (the family's label; "choice" for one choice) and the text.
    var fields: [(field: String, name: String, text: String)] {
        func named(_ field: String, _ text: String) -> (field: String, name: String, text: String) {
            (field, labels.label(field), text)
        }
        switch self {
        case .pair(let pair, _):
            return [named("front", pair.front), named("back", pair.back)] + (pair.hint.map { [named("hint", $0)] } ?? [])
        case .choice(let q, _):
            return [named("question", q.question)] + q.choices.map { ("choices", "choice", $0) } + [named("explanation", q.explanation)]
        case .cloze(let cloze, _):
            return [named("text", cloze.text)] + (cloze.extra.isEmpty ? [] : [named("extra", cloze.extra)])
        case .shaped(let item, _):
            let order = item.definition?.fields.map(\.name) ?? item.fields.keys.sorted()
            return order.flatMap { field in (item.fields[field]?.texts ?? []).map { named(field, $0) } }
        }
    }

    /// The text an item is about, for the scope check and the gates that read meaning: front and back, question and its correct
    /// choice (distractors may legitimately name other subtopics), the cloze text.
    var aboutText: String {
        switch self {
        case .pair(let pair, _): pair.front + "\n" + pair.back
        case .choice(let q, _):
            q.question + "\n" + (q.choices.indices.contains(q.correctIndex) ? q.choices[q.correctIndex] : "")
        case .cloze(let cloze, _): ClozeText.plain(cloze.text)
        case .shaped(let item, _): item.definition?.aboutText(item) ?? ""
        }
    }
}

extension GeneratedOutput {
    /// The items of a list output in order, named with `labels`; none for plans and lessons.
    func gateItems(_ labels: ItemLabels) -> [GateItem] {
        switch self {
        case .pairs(let items): items.map { .pair($0, labels) }
        case .choices(let items): items.map { .choice($0, labels) }
        case .clozes(let items): items.map { .cloze($0, labels) }
        case .shaped(_, let items): items.map { .shaped($0, labels) }
        case .plan, .lesson: []
        }
    }

    /// Runs `check` on each item of a list output in order and keeps the items it returns nil
    /// for; a non-nil result is that item's drop reason. Plans and lessons come back unchanged.
    func droppingItems(_ context: GateContext, _ check: (GateItem) -> String?) -> GateVerdict {
        let labels = context.labels ?? .defaults(for: shape)
        var dropped: [String] = []
        func keep(_ item: GateItem) -> Bool {
            guard let reason = check(item) else { return true }
            dropped.append(reason)
            return false
        }
        switch self {
        case .pairs(let items):
            return GateVerdict(output: .pairs(items.filter { keep(.pair($0, labels)) }), dropped: dropped)
        case .choices(let items):
            return GateVerdict(output: .choices(items.filter { keep(.choice($0, labels)) }), dropped: dropped)
        case .clozes(let items):
            return GateVerdict(output: .clozes(items.filter { keep(.cloze($0, labels)) }), dropped: dropped)
        case .shaped(let shape, let items):
            return GateVerdict(output: .shaped(shape, items.filter { keep(.shaped($0, labels)) }), dropped: dropped)
        case .plan, .lesson:
            return GateVerdict(output: self)
        }
    }
}

extension ItemContent {
    /// What the gates that read meaning embed for this item (`GateItem.aboutText`); nil for a
    /// lesson. The eval's meaning metrics read items the same way.
    public var aboutText: String? {
        GateItem(self, labels: .defaults(for: shape))?.aboutText
    }
}
