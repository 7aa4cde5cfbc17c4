import Foundation
import PrimerCore

/// How long each rating would put an item away, shown before the learner rates (as Anki and the
/// web flashcard app show it on each button).
public struct RatingIntervals: Sendable, Equatable, Encodable {
    /// Seconds until due again after each rating, if rated at the time asked.
    public var again, hard, good, easy: TimeInterval

    public subscript(rating: ReviewRating) -> TimeInterval {
        switch rating {
        case .again: again
        case .hard: hard
        case .good: good
        case .easy: easy
        }
    }
}

extension Workspace {
    /// The interval each rating would give each of `cards` (of one subject) at `now`, from the
    /// subject's scheduler, without the fuzz a real review draws (its middle is taken).
    public func intervals(for cards: [StudyCard], now: Date = Date()) async throws -> [RatingIntervals] {
        guard let subject = cards.first?.subject else { return [] }
        return Self.intervals(for: cards, scheduler: try await scheduler(forSubject: subject), now: now)
    }

    /// As `intervals(for:now:)`, with the subject's scheduler already known.
    static func intervals(for cards: [StudyCard], scheduler: FSRSScheduler, now: Date) -> [RatingIntervals] {
        cards.map { card in
            func after(_ rating: ReviewRating) -> TimeInterval {
                scheduler.review(card.memory, rating: rating, at: now, random: { 0.5 }).state.due.timeIntervalSince(now)
            }
            return RatingIntervals(again: after(.again), hard: after(.hard), good: after(.good), easy: after(.easy))
        }
    }
}
