import Foundation

/// One review of an item's history, as another app recorded it (an Anki revlog row).
public struct PastReview: Sendable, Equatable, Codable {
    public var time: Date
    public var rating: ReviewRating
    public var durationMs: Int

    public init(time: Date, rating: ReviewRating, durationMs: Int = 0) {
        self.time = time
        self.rating = rating
        self.durationMs = durationMs
    }
}

extension FSRSScheduler {
    /// An item's memory after the reviews of its history (oldest first), computed by rating it
    /// again as the learner did — the memory an imported card carries — with each review's log
    /// line (its `state` the item's state before the review, as `recordReview` logs it). Fuzz is
    /// off: the same history always gives the same due date. Nil memory: no reviews.
    public func replay(_ reviews: [PastReview]) -> (memory: ItemMemory?, log: [ReviewLogEntry]) {
        var scheduler = self
        scheduler.fuzz = false
        var memory: ItemMemory?
        var log: [ReviewLogEntry] = []
        for review in reviews.sorted(by: { $0.time < $1.time }) {
            log.append(ReviewLogEntry(
                itemID: 0, subject: "", reviewTimeMs: Int64(UntrustedSize.int((review.time.timeIntervalSince1970 * 1000).rounded(), in: 0...Int(Int64.max / 2)) ?? 0),
                rating: review.rating, state: memory?.state.phase.rawValue ?? 0, durationMs: max(0, review.durationMs)))
            memory = scheduler.review(memory, rating: review.rating, at: review.time)
        }
        return (memory, log)
    }
}
