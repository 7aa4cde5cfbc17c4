/// The rule both engines apply to a rating whose client key the item's log holds already: the
/// same rating sent again is that review (nothing is stored); another rating under the same key
/// is a client's mistake, refused — one key names one rating.
public enum ReviewKeyRule {
    public static func checkRepeat(_ storedRating: Int, _ rating: ReviewRating, clientKey: String) throws {
        guard storedRating == rating.rawValue else {
            let stored = ReviewRating(rawValue: storedRating).map { "\($0)" } ?? "\(storedRating)"
            throw StoreError.invalidWrite(
                "the rating key \(clientKey) was sent before with the rating \(stored), not \(rating); a key names one rating — send a new key for a new rating")
        }
    }
}
