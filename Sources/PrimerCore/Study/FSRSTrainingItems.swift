import Foundation

/// A review log as the FSRS optimizer (fsrs-rs) reads it: per card, its reviews as (rating, days
/// since the card's previous review — 0 for the first, and for a review the same day), and one
/// training item per review that follows another: the card's reviews up to and including it.
/// Days are whole days elapsed, as the scheduler counts them (`FSRSScheduler.wholeDays`).
public enum FSRSTrainingItems {
    public struct Review: Sendable, Equatable, Codable {
        public var rating: Int
        public var deltaT: Int
    }

    /// The fsrs-rs optimizer's own threshold: with fewer training items it fits only the four
    /// initial stabilities (w0–w3) and keeps the defaults for the rest.
    public static let minimumItems = 64

    /// Each card's reviews, oldest first (cards in order of their first review).
    public static func histories(_ log: [ReviewLogEntry]) -> [[Review]] {
        var byItem: [Int64: [ReviewLogEntry]] = [:]
        var order: [Int64] = []
        for entry in log.sorted(by: { ($0.reviewTimeMs, $0.itemID) < ($1.reviewTimeMs, $1.itemID) }) {
            if byItem[entry.itemID] == nil { order.append(entry.itemID) }
            byItem[entry.itemID, default: []].append(entry)
        }
        return order.map { id in
            let entries = byItem[id]!
            return entries.enumerated().map { index, entry in
                let days = index == 0 ? 0 : FSRSScheduler.wholeDays(from: entries[index - 1].reviewTime, to: entry.reviewTime)
                return Review(rating: entry.rating.rawValue, deltaT: max(0, days))
            }
        }
    }

    /// The training items: every prefix of a card's history of two reviews or more.
    public static func items(_ log: [ReviewLogEntry]) -> [[Review]] {
        histories(log).flatMap { history in history.count < 2 ? [] : (2...history.count).map { Array(history.prefix($0)) } }
    }
}
