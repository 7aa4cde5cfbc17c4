import Foundation

/// A review log as the FSRS optimizer (fsrs-rs) reads it: per card, its reviews as (rating, days
/// since the card's previous review — 0 for the first, and for a review the same day), and, as
/// Anki builds them, one training item per review on a later day than the card's previous one:
/// the card's reviews up to and including it (same-day reviews stay in the history; they are not
/// predicted). Days are counted as Anki counts them: learning days that start at 4 am local time, so
/// a review at 11 pm and one at 9 am the next morning are a day apart.
public enum FSRSTrainingItems {
    /// Anki's default "next day starts at" hour.
    public static let dayStartHour = 4

    /// Learning days from `start` to `end` (days that begin at `dayStartHour` in `calendar`'s zone).
    static func days(from start: Date, to end: Date, calendar: Calendar) -> Int {
        let shift = TimeInterval(-dayStartHour * 3600)
        let first = calendar.startOfDay(for: start.addingTimeInterval(shift))
        let last = calendar.startOfDay(for: end.addingTimeInterval(shift))
        return calendar.dateComponents([.day], from: first, to: last).day ?? 0
    }

    public struct Review: Sendable, Equatable, Codable {
        public var rating: Int
        public var deltaT: Int
    }

    /// The fsrs-rs optimizer's own threshold: with fewer training items it fits only the four
    /// initial stabilities (w0–w3) and keeps the defaults for the rest.
    public static let minimumItems = 64

    /// Each card's reviews, oldest first (cards in order of their first review).
    public static func histories(_ log: [ReviewLogEntry], calendar: Calendar = .current) -> [[Review]] {
        var byItem: [Int64: [ReviewLogEntry]] = [:]
        var order: [Int64] = []
        for entry in log.sorted(by: { ($0.reviewTimeMs, $0.itemID) < ($1.reviewTimeMs, $1.itemID) }) {
            if byItem[entry.itemID] == nil { order.append(entry.itemID) }
            byItem[entry.itemID, default: []].append(entry)
        }
        return order.map { id in
            let entries = byItem[id]!
            return entries.enumerated().map { index, entry in
                let days = index == 0 ? 0 : Self.days(from: entries[index - 1].reviewTime, to: entry.reviewTime, calendar: calendar)
                return Review(rating: entry.rating.rawValue, deltaT: max(0, days))
            }
        }
    }

    /// The training items: each prefix of a card's history that ends in a review on a later day.
    public static func items(_ log: [ReviewLogEntry], calendar: Calendar = .current) -> [[Review]] {
        histories(log, calendar: calendar).flatMap { history in
            history.indices.dropFirst().filter { history[$0].deltaT > 0 }.map { Array(history.prefix($0 + 1)) }
        }
    }
}
