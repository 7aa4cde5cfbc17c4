import PrimerCore

/// Cloze note metrics.
///
/// - `items` = notes (neutral); `cards_per_note` = deletion numbers per note, mean (neutral: one
///   card per number).
/// - `duplicate_rate` = notes whose plain text (deletions shown, `EvalText.normalize`) repeats
///   an earlier note's / notes.
/// - `giveaway_rate` = notes with a deletion whose answer is also written, outside the deletion,
///   elsewhere in the note ("The {{c1::cell}} is the unit of life; a cell …"): the card answers
///   itself. Lower is better.
public struct ClozeScorer: Sendable {
    public init() {}

    public struct Result: Sendable, Equatable {
        public var notes: Int
        public var cards: Int
        public var duplicates: [Int]
        public var giveaways: [Int]

        public var metrics: MetricValues {
            var m: MetricValues = ["items": Double(notes)]
            m["cards_per_note"] = EvalText.ratio(cards, notes)
            m["duplicate_rate"] = EvalText.ratio(duplicates.count, notes)
            m["giveaway_rate"] = EvalText.ratio(giveaways.count, notes)
            return m
        }
    }

    public func score(_ notes: [ClozeItem]) -> Result {
        var seen = Set<String>()
        var result = Result(notes: notes.count, cards: 0, duplicates: [], giveaways: [])
        for (index, note) in notes.enumerated() {
            result.cards += ClozeText.cardNumbers(note.text).count
            let plain = EvalText.normalize(ClozeText.plain(note.text))
            if !seen.insert(plain).inserted { result.duplicates.append(index) }
            if Self.givesAway(note.text) { result.giveaways.append(index) }
        }
        return result
    }

    /// Whether an answer of a deletion also appears in the note's visible text.
    static func givesAway(_ text: String) -> Bool {
        let visible = EvalText.normalize(ClozeText.replacingDeletions(text) { _ in " " })
        return ClozeText.deletions(text).contains { deletion in
            let answer = EvalText.normalize(deletion.answer)
            return !answer.isEmpty && " \(visible) ".contains(" \(answer) ")
        }
    }
}
