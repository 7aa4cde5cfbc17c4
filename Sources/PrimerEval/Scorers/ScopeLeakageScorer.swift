import PrimerCore

/// Scope leakage: the share of items that are about a sibling subtopic instead of this one.
///
/// The same idea as Primer's scope gate, fixed here so scores stay comparable across gate changes:
/// 1. Keywords are `EvalText.keywords`; keywords match by `EvalText.keywordsMatch`.
/// 2. Distinctive keywords of the subtopic D = its keywords minus those matching a keyword of the
///    topic or subject title. If D is empty, nothing can be judged: leakage is not scored.
/// 3. A sibling's distinctive keywords = its keywords minus those matching a keyword of the
///    subtopic, topic or subject; siblings left with none (or equal to the subtopic once
///    normalised) are ignored. With no sibling left, leakage is not scored.
/// 4. An item's text: card front + back; question + its correct choice (distractors may name
///    siblings by design); term + definition. An item leaks when its keywords mention no keyword
///    of D and mention at least k keywords of some sibling, k = all of them when the sibling has
///    one or two, else ⌈n/2⌉.
/// `leakage` = leaking items / items, per family (flashcards, quiz, terms).
public struct ScopeLeakageScorer: Sendable {
    public let subject: String
    public let topic: String
    public let subtopic: String
    public let siblings: [String]

    /// The subtopic's distinctive keywords (rule 2).
    public let distinctive: Set<String>
    /// Siblings that can be leaked into, with their distinctive keywords (rule 3).
    public let siblingKeywords: [(title: String, keywords: Set<String>)]

    public init(subject: String, topic: String, subtopic: String, siblings: [String]) {
        self.subject = subject
        self.topic = topic
        self.subtopic = subtopic
        self.siblings = siblings
        let broader = EvalText.keywords(topic).union(EvalText.keywords(subject))
        let current = EvalText.keywords(subtopic)
        distinctive = EvalText.subtracting(current, broader)
        let normalized = EvalText.normalize(subtopic)
        siblingKeywords = siblings.compactMap { title in
            guard EvalText.normalize(title) != normalized else { return nil }
            let own = EvalText.subtracting(EvalText.keywords(title), current.union(broader))
            return own.isEmpty ? nil : (title, own)
        }
    }

    /// Whether leakage can be judged at all (rules 2 and 3).
    public var canJudge: Bool { !distinctive.isEmpty && !siblingKeywords.isEmpty }

    /// The sibling an item's text is about instead of this subtopic, or nil when it is in scope.
    public func leakedSibling(_ text: String) -> String? {
        guard canJudge else { return nil }
        let mentioned = EvalText.keywords(text)
        if distinctive.contains(where: { EvalText.set(mentioned, mentions: $0) }) { return nil }
        for sibling in siblingKeywords {
            let hits = EvalText.mentionedCount(sibling.keywords, by: mentioned)
            let needed = sibling.keywords.count <= 2 ? sibling.keywords.count : (sibling.keywords.count + 1) / 2
            if hits >= needed { return sibling.title }
        }
        return nil
    }

    /// Leaking items / items; nil when leakage cannot be judged or there are no items.
    public func leakage(_ texts: [String]) -> Double? {
        guard canJudge, !texts.isEmpty else { return nil }
        return Double(texts.filter { leakedSibling($0) != nil }.count) / Double(texts.count)
    }

    public func leakage(cards: [PairItem]) -> Double? {
        leakage(cards.map { $0.front + "\n" + $0.back })
    }

    public func leakage(questions: [ChoiceItem]) -> Double? {
        leakage(questions.map { q in
            q.question + "\n" + (q.choices.indices.contains(q.correctIndex) ? q.choices[q.correctIndex] : "")
        })
    }

}
