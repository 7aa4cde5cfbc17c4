/// The three-bucket session: the learner sorts each card into "need to review", "starting to
/// understand" or "easy". A card to review comes back a quarter of the way into the rest of
/// the deck, one starting to be understood halfway, and an easy one is set aside; the session
/// ends when every card is set aside. Each answer is still a review for FSRS (`rating`).
public struct BucketDeck<Card>: Sendable where Card: Sendable {
    public enum Bucket: Int, Sendable, CaseIterable {
        case review = 1, understand, easy

        /// The FSRS rating a bucket is logged as.
        public var rating: ReviewRating {
            switch self {
            case .review: .again
            case .understand: .hard
            case .easy: .good
            }
        }
    }

    /// Cards still in play, the next one first.
    public private(set) var deck: [Card]
    public private(set) var setAside: [Card] = []

    public init(_ cards: [Card]) { deck = cards }

    public var current: Card? { deck.first }
    public var isFinished: Bool { deck.isEmpty }

    /// Sorts the current card into `bucket`.
    public mutating func sort(into bucket: Bucket) {
        guard !deck.isEmpty else { return }
        let card = deck.removeFirst()
        switch bucket {
        case .review: deck.insert(card, at: deck.count / 4)
        case .understand: deck.insert(card, at: deck.count / 2)
        case .easy: setAside.append(card)
        }
    }
}
