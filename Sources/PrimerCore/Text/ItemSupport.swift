/// Whether an item's answer is supported by what it was written from — the subtopic's lesson and
/// the passages of the learner's documents — and by which statement (`support` gate, the span
/// each stored item keeps, `primer eval`'s supported share).
///
/// By words: the share of the claim's content words (`Citations.words`) that the evidence
/// contains, the rule `ask` holds its answers to. Its cut, 0.45, was chosen on the golden
/// textbooks by `primer-bench support-cuts` (golden glossary definitions and review answers
/// against their own chapter's passage and another book's; Youden's J on the dev chapters: 95.9 %
/// reach it with their own text, 0.8 % with another book's; on the held-out chapters 96.2 % and
/// 1.6 %), `Evaluations/meaning/README.md`.
public enum ItemSupport {
    public static let minimumShare = Citations.minimumSupport

    /// The statement an item is best supported by: the one that shares the most of its words
    /// (the documents' first on a tie), and where it lies.
    public struct Span: Sendable, Equatable {
        /// The index of the passage, or nil for the lesson.
        public var passage: Int?
        public var statement: String
        /// Its characters in the passage's document (nil for the lesson, or when not found).
        public var characters: Range<Int>?
        /// How many of the claim's words it holds.
        public var shared: Int
    }

    /// What an item claims, as one text: a card's front and back (the question names what the
    /// answer is about), a question with its key and explanation, a cloze's sentence with its
    /// hidden words. Nil for a lesson, and for an exercise of a registered shape (matching,
    /// ordering), whose answer is a pairing or an order of short phrases, not a statement.
    public static func claim(of item: ItemContent) -> String? {
        switch item {
        case .lesson: nil
        case .pair(let pair): pair.front + "\n" + pair.back
        case .choice(let question):
            [question.question, question.choices.indices.contains(question.correctIndex) ? question.choices[question.correctIndex] : "", question.explanation]
                .joined(separator: "\n")
        case .cloze(let cloze): ClozeText.plain(cloze.text) + (cloze.extra.isEmpty ? "" : "\n" + cloze.extra)
        case .shaped: nil
        }
    }

    /// The lesson and passages an output's items are held to, read once: each text's words, and
    /// each statement with its words (the passages' first, then the lesson's). Reading them
    /// again for every item was half of Primer's own time a call (`primer-bench overhead`).
    public struct Evidence: Sendable {
        struct Statement: Sendable {
            var text: String
            var passage: Int?
            var words: Set<String>
        }

        let passages: [GroundingPassage]
        /// Each passage's text on one line, where a span's statement is looked for (`place`):
        /// flattened once, not once per item.
        let flatPassages: [String]
        /// Every word of the lesson and the passages (`share`).
        let words: Set<String>
        let statements: [Statement]
        /// Each statement's words, passages first.
        public let statementWords: [Set<String>]
        /// Which statements hold each word, in order: a span counts a claim's words in every
        /// statement from these, not by testing each statement's set (`span(of:in:)`).
        let statementsHolding: [String: [Int]]

        /// The evidence read anew; `ItemSupport.evidence(lesson:passages:)` reads it once for
        /// all the families and attempts of a subtopic.
        public init(lesson: String, passages: [GroundingPassage]) {
            self.passages = passages
            flatPassages = passages.map { ItemSupport.flat($0.text) }
            words = ([lesson] + passages.map(\.text)).reduce(into: Set<String>()) { $0.formUnion(Citations.words($1)) }
            var statements: [Statement] = []
            for (index, passage) in passages.enumerated() {
                statements += Statements.of(passage.text).map { Statement(text: $0, passage: index, words: Citations.words($0)) }
            }
            statements += Statements.of(lesson).map { Statement(text: $0, passage: nil, words: Citations.words($0)) }
            self.statements = statements
            statementWords = statements.map(\.words)
            var holding: [String: [Int]] = [:]
            for (index, statement) in statements.enumerated() {
                for word in statement.words { holding[word, default: []].append(index) }
            }
            statementsHolding = holding
        }
    }

    /// The share of `claim`'s words found in the lesson and passages together (1 for a claim of
    /// no content words: there is nothing to check).
    public static func share(of claim: String, lesson: String, passages: [GroundingPassage]) -> Double {
        share(of: claim, in: evidence(lesson: lesson, passages: passages))
    }

    /// As `share(of:lesson:passages:)`, `Citations.support`'s rule, against evidence read once.
    public static func share(of claim: String, in evidence: Evidence) -> Double {
        Citations.support(of: claim, available: evidence.words)
    }

    /// The statement of the passages or the lesson that holds the most of `claim`'s words; nil
    /// when none holds any.
    public static func span(of claim: String, lesson: String, passages: [GroundingPassage]) -> Span? {
        span(of: claim, in: evidence(lesson: lesson, passages: passages))
    }

    /// As `span(of:lesson:passages:)`, against evidence read once.
    public static func span(of claim: String, in evidence: Evidence) -> Span? {
        let words = Citations.words(claim)
        guard !words.isEmpty else { return nil }
        // Each statement's count of the claim's words, from the statements holding each word;
        // the first statement with the most wins, as when they are read in order.
        var counts = [Int](repeating: 0, count: evidence.statements.count)
        for word in words {
            for index in evidence.statementsHolding[word] ?? [] { counts[index] += 1 }
        }
        var best: Span?
        for (index, shared) in counts.enumerated() where shared > (best?.shared ?? 0) {
            let statement = evidence.statements[index]
            best = Span(passage: statement.passage, statement: statement.text, characters: nil, shared: shared)
        }
        if var found = best, let index = found.passage, let range = evidence.passages[index].characters {
            found.characters = place(of: found.statement, inFlat: evidence.flatPassages[index], offset: range.lowerBound)
            best = found
        }
        return best
    }

    /// Where a statement lies in its passage's document: its first words found in the text
    /// (statements join a paragraph's lines with spaces, so the length holds); nil when not found.
    static func place(of statement: String, in text: String, offset: Int) -> Range<Int>? {
        place(of: statement, inFlat: flat(text), offset: offset)
    }

    /// As `place(of:in:offset:)`, in a text already flattened (`flat`).
    static func place(of statement: String, inFlat flat: String, offset: Int) -> Range<Int>? {
        let head = String(statement.prefix(24))
        guard !head.isEmpty, let found = flat.range(ofExactly: head) else { return nil }
        let start = offset + flat.distance(from: flat.startIndex, to: found.lowerBound)
        return start..<(start + statement.count)
    }

    /// A passage's text with its line breaks as spaces, as statements join a paragraph's lines.
    static func flat(_ text: String) -> String {
        text.replacing(exactly: "\n", with: " ")
    }

    /// The citation a supported item keeps: its document, page and the statement's characters
    /// (`document:ch05.md#page=3&chars=120-210`), or the lesson (`lesson:`), titled "ch05.md, p. 3"
    /// and quoting the statement.
    public static func citation(_ span: Span, passages: [GroundingPassage]) -> Citation {
        guard let index = span.passage else {
            return Citation(url: "lesson:", title: "the lesson", snippet: String(span.statement.prefix(240)))
        }
        var passage = passages[index]
        passage.characters = span.characters ?? passage.characters
        var cited = passage.citation
        cited.snippet = String(span.statement.prefix(240))
        return cited
    }
}
