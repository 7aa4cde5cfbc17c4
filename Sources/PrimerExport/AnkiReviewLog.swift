import Foundation
import GRDB
import PrimerCore

/// A card's review history as Anki's `revlog` rows (schema 11), and its FSRS memory as Anki keeps
/// it in `cards.data`, so an exported card arrives in Anki with what the learner did.
///
/// A row: `id` the review's time in epoch milliseconds (unique in the collection), `ease` the
/// rating (1 Again … 4 Easy), `ivl` the interval the review set (days, or negative seconds under
/// a day) and `lastIvl` the one before, `factor` 2500 (FSRS ignores it), `time` the answer time in
/// milliseconds (Anki keeps at most a minute) and `type` 0 learning, 1 review, 2 relearning.
struct AnkiReviewLog {
    private var used = Set<Int64>()

    /// `{"s": stability, "d": difficulty, "lrt": last review (epoch seconds)}`; empty for a memory
    /// without them (never reviewed).
    static func memoryData(_ memory: ItemMemory) -> String {
        guard let stability = memory.state.stability, let difficulty = memory.state.difficulty else { return "" }
        var fields = ["\"s\":\(rounded(stability))", "\"d\":\(rounded(difficulty))"]
        if let last = memory.state.lastReview { fields.append("\"lrt\":\(Int64(last.timeIntervalSince1970))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

    /// The interval a review set: until the next review, or for the last one until the card is due.
    static func interval(from start: Date, to end: Date) -> Int {
        let seconds = end.timeIntervalSince(start)
        return seconds >= 86_400 ? Int((seconds / 86_400).rounded()) : -max(1, Int(seconds.rounded()))
    }

    mutating func insert(_ reviews: [ReviewLogEntry], card: Int64, memory: ItemMemory, into db: Database) throws {
        var lastInterval = 0
        for (index, review) in reviews.enumerated() {
            let next = index + 1 < reviews.count ? reviews[index + 1].reviewTime : memory.state.due
            let interval = Self.interval(from: review.reviewTime, to: next)
            var id = review.reviewTimeMs
            while !used.insert(id).inserted { id += 1 }
            let type = switch review.state {
            case 2: 1
            case 3: 2
            default: 0
            }
            try db.execute(
                sql: "INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, 2500, ?, ?)",
                arguments: [id, card, review.rating.rawValue, interval, lastInterval, min(review.durationMs, 60_000), type])
            lastInterval = interval
        }
    }
}
