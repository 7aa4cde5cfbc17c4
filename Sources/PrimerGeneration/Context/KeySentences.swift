import PrimerCore

/// The few sentences of a subtopic's passages that best state what the subtopic teaches, for
/// models too small to pick them out of whole passages themselves.
///
/// Why: SmolLM2-135M given 3,000 characters of a section wrote the same generic cards as without
/// them, and asked to copy a fact first it copied a heading (Evaluations/llama-local/README.md).
/// Chosen here instead: a sentence scores by the subtopic's words it names (twice), the topic's
/// (once), a defining phrase ("is called", "refers to"…) and, against it, the words of sibling
/// subtopics only. On the golden test sections the four best sentences share 0.56 of their words
/// with the section's glossary, objectives and questions; the first four 0.53, four at random
/// 0.48, the model's own cards 0.39.
public enum KeySentences {
    /// Sentences shorter than this are captions and fragments; longer ones are lists.
    static let lengths = 40...300

    static let definingPhrases = [
        " is called ", " are called ", " known as ", " refers to ", " refer to ", " is defined as ",
        " we call ", " is the ", " are the ", " is a ", " is an ", " are a ", " means ",
    ]

    /// At most `limit` sentences and `characters` characters, in the order the passages give
    /// them (the outline's own section first), each once.
    public static func select(
        from passages: [GroundingPassage], subtopic: String, topic: String, siblings: [String] = [],
        limit: Int = 4, characters: Int = 1_000
    ) -> [String] {
        // Without a passage there is no sentence to choose.
        guard !passages.isEmpty else { return [] }
        let key = SelectionKey(
            passages: passages.map { ExactText($0.text) }, subtopic: ExactText(subtopic), topic: ExactText(topic),
            siblings: siblings.map(ExactText.init), limit: limit, characters: characters)
        return selections.value(for: key) {
            choose(from: passages, subtopic: subtopic, topic: topic, siblings: siblings, limit: limit, characters: characters)
        }
    }

    /// What `select` depends on: it reads only the passages' texts.
    struct SelectionKey: Hashable, Sendable {
        var passages: [ExactText]
        var subtopic: ExactText
        var topic: ExactText
        var siblings: [ExactText]
        var limit: Int
        var characters: Int
    }

    /// Every family of a subtopic renders the same key sentences into its context (and a family
    /// made from sentences selects them twice more): chosen once per subtopic, not once per
    /// family, from the same passages and titles — so the same sentences, in the same order.
    /// Keyed by the texts' bytes (`ExactText`): the sentences are cut from the passages.
    static let selections = BoundedCache<SelectionKey, [String]>(
        maxEntries: 64, maxWeight: 4 << 20, weight: { key in key.passages.reduce(0) { $0 + $1.text.utf8.count } })

    /// The rule itself (`select` without the memo).
    static func choose(
        from passages: [GroundingPassage], subtopic: String, topic: String, siblings: [String], limit: Int, characters: Int
    ) -> [String] {
        let own = GateText.keywords(subtopic)
        let around = GateText.keywords(topic).subtracting(own)
        let others = siblings.reduce(into: Set<String>()) { $0.formUnion(GateText.keywords($1)) }
            .filter { !GateText.set(own, mentions: $0) && !GateText.set(around, mentions: $0) }
        var seen = Set<String>()
        var candidates = passages.flatMap { sentences(in: $0.text) }
        // A document of short lines (a syllabus, a list of points) has no sentence of prose: its
        // lines are its statements, so the model is never left without the document.
        if candidates.isEmpty { candidates = passages.flatMap { sentences(in: $0.text, lengths: 8...300) } }
        candidates = candidates.filter { seen.insert($0).inserted }
        let recurrence = Recurrence(candidates)
        let scored = candidates.enumerated().map { index, sentence in
            let central = centralWeight * recurrence.share(of: recurrence.words[index])
            return (index: index, score: score(sentence, own: own, around: around, others: others) + central)
        }
        var chosen: [Int] = []
        var used = 0
        for candidate in scored.sorted(by: { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index })
        where chosen.count < limit && used + candidates[candidate.index].count <= characters {
            chosen.append(candidate.index)
            used += candidates[candidate.index].count
        }
        return chosen.sorted().map { candidates[$0] }
    }

    /// What the share of a sentence's words that recur in the passages weighs against the
    /// subtopic's words: chosen on the golden dev sections with `primer-bench sentence-items`.
    /// Reference overlap of the cards made from the sentences, dev / held-out test: 0.549 /
    /// 0.511 without it, 0.612 / 0.584 at 8, 0.633 / 0.582 at 32 (the dev best; 8–100 lie within
    /// 0.03). The smallest weight on that plateau, so the subtopic's and its siblings' words still
    /// decide between sentences in the passages' vocabulary alike. (The share shrunk towards 0
    /// for short sentences — recurring / (words + k) — lost 0.01–0.04 on dev for k = 2…8.)
    static let centralWeight = 8.0

    /// How many of the passages' statements each content word occurs in: a section's own
    /// vocabulary recurs, an example's or an anecdote's does not.
    struct Recurrence {
        let words: [Set<String>]
        let counts: [String: Int]

        init(_ statements: [String]) {
            words = statements.map(GateText.keywords)
            counts = words.reduce(into: [:]) { counts, set in for word in set { counts[word, default: 0] += 1 } }
        }

        /// The share of `words` that occur in at least one other statement.
        func share(of words: Set<String>) -> Double {
            words.isEmpty ? 0 : Double(words.filter { counts[$0, default: 0] >= 2 }.count) / Double(words.count)
        }

        /// How many statements mention `word` (its stem).
        func count(_ word: String) -> Int {
            GateText.keywords(word).map { counts[$0, default: 0] }.max() ?? 0
        }
    }

    static func score(_ sentence: String, own: Set<String>, around: Set<String>, others: Set<String>) -> Double {
        let words = GateText.keywords(sentence)
        var score = 2 * Double(own.filter { GateText.set(words, mentions: $0) }.count)
        score += Double(around.filter { GateText.set(words, mentions: $0) }.count)
        score -= Double(others.filter { GateText.set(words, mentions: $0) }.count)
        let padded = " " + sentence.lowercased() + " "
        if definingPhrases.contains(where: { padded.contains(exactly: $0) }) { score += 1.5 }
        return score
    }

    /// The statements of a passage: headings, figure labels ("**Visual Connection.**"), questions
    /// to the reader and sentences outside `lengths` left out.
    static func sentences(in text: String, lengths: ClosedRange<Int> = lengths) -> [String] {
        text.split(whereSeparator: \.isNewline).flatMap { rawLine -> [String] in
            var line = String(rawLine).trimmedWhitespace
            guard !line.hasPrefix("#"), !DocumentFence.isMarker(line) else { return [] }
            if line.hasPrefix("**"), let end = line.dropFirst(2).range(of: "**") {
                line = String(line[end.upperBound...]).trimmedWhitespace
            }
            // A list item's marker ("- ", "* ", "• ", "3. ") is not part of what it says.
            if let marker = line.firstMatch(of: listMarker) {
                line = String(line[marker.range.upperBound...])
            }
            return split(line).filter { lengths.contains($0.count) && !$0.hasSuffix("?") }
        }
    }

    /// Splits at ". ", "! " or "? " before a capital letter, a digit or a quote, except after an
    /// abbreviation such as "e.g." or "Dr.".
    static func split(_ line: String) -> [String] {
        var result: [String] = []
        var current = ""
        let characters = Array(line)
        for (i, character) in characters.enumerated() {
            current.append(character)
            guard ".!?".contains(character), i + 2 < characters.count, characters[i + 1] == " " else { continue }
            let next = characters[i + 2]
            guard next.isUppercase || next.isNumber || next == "\"" || next == "“" else { continue }
            let lastWord = current.split(separator: " ").last.map(String.init) ?? ""
            guard !abbreviations.contains(lastWord.lowercased()) else { continue }
            result.append(current.trimmedWhitespace)
            current = ""
        }
        let rest = current.trimmedWhitespace
        if !rest.isEmpty { result.append(rest) }
        return result
    }

    static let abbreviations: Set<String> = ["e.g.", "i.e.", "dr.", "mr.", "mrs.", "ms.", "st.", "vs.", "no.", "fig.", "ca.", "c."]

    /// The sentences as the families' `key_sentences` see them: numbered, in one fence naming
    /// their documents, after the fence's preface; "" without sentences.
    public static func render(_ sentences: [String], from passages: [GroundingPassage]) -> String {
        guard !sentences.isEmpty else { return "" }
        var documents: [String] = []
        for passage in passages where !documents.contains(passage.document) { documents.append(passage.document) }
        let list = sentences.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
        return DocumentFence.preface + "\n\n" + DocumentFence.wrap(list, label: documents.joined(separator: "; "))
    }
}

// A regex literal is compiled each time it is evaluated: this one, asked of every line of every
// passage, is built once (it is immutable, hence safe to share).
nonisolated(unsafe) private let listMarker = /^(?:[-*•]|\d{1,2}[.)])\s+/
