import PrimerCore

/// Flashcard duplicate and echo rates.
///
/// - Duplicate: a card is a duplicate when an *earlier* card's front has the same normalised text
///   (`EvalText.normalize`), or the same non-empty keyword set (`EvalText.keywords`, exact), so
///   "What is osmosis?" and "Define osmosis." are duplicates. `duplicate_rate` = duplicates / cards
///   (the first of a group is not counted).
/// - Echo: a card whose back adds nothing to its front: the normalised back equals the normalised
///   front, or the back has keywords and every one of them is mentioned by the front's keywords
///   (`EvalText.set(_:mentions:)`). A back with no keywords ("1914", "Yes") is not an echo.
///   `echo_rate` = echo cards / cards.
/// - `items` = cards (neutral). Language subjects: duplicates need front *and* back to repeat
///   (normalised), and echo is not scored (cognates like "hotel | hotel" are real cards).
public struct FlashcardScorer: Sendable {
    public init() {}

    public struct Result: Sendable, Equatable {
        public var cards: Int
        public var duplicates: [Int]
        public var echoes: [Int]
        public var scoresEcho: Bool

        public var metrics: MetricValues {
            var m: MetricValues = ["items": Double(cards)]
            m["duplicate_rate"] = EvalText.ratio(duplicates.count, cards)
            if scoresEcho { m["echo_rate"] = EvalText.ratio(echoes.count, cards) }
            return m
        }
    }

    public func score(_ cards: [PairItem], subjectKind: SubjectKind = .general) -> Result {
        let language = subjectKind == .language
        var seenText = Set<String>()
        var seenKeywords = Set<Set<String>>()
        var duplicates: [Int] = []
        var echoes: [Int] = []
        for (index, card) in cards.enumerated() {
            let front = EvalText.normalize(card.front)
            if language {
                let pair = front + "\u{1F}" + EvalText.normalize(card.back)
                if seenText.contains(pair) { duplicates.append(index) }
                seenText.insert(pair)
            } else {
                let keywords = EvalText.keywords(card.front)
                if seenText.contains(front) || (!keywords.isEmpty && seenKeywords.contains(keywords)) {
                    duplicates.append(index)
                }
                seenText.insert(front)
                if !keywords.isEmpty { seenKeywords.insert(keywords) }
                if Self.isEcho(card) { echoes.append(index) }
            }
        }
        return Result(cards: cards.count, duplicates: duplicates, echoes: echoes, scoresEcho: !language)
    }

    /// Whether the back adds nothing to the front (see the type comment).
    public static func isEcho(_ card: PairItem) -> Bool {
        let back = EvalText.normalize(card.back)
        if !back.isEmpty, back == EvalText.normalize(card.front) { return true }
        let backKeywords = EvalText.keywords(card.back)
        guard !backKeywords.isEmpty else { return false }
        let frontKeywords = EvalText.keywords(card.front)
        return backKeywords.allSatisfy { EvalText.set(frontKeywords, mentions: $0) }
    }
}
