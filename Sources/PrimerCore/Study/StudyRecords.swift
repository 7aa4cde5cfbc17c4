import Foundation

/// One review as the FSRS optimizer reads it (its CSV's columns: card_id, review_time in
/// milliseconds, review_rating 1–4, review_state 0 new / 1 learning / 2 review / 3
/// relearning, review_duration in milliseconds).
public struct ReviewLogEntry: Sendable, Equatable, Codable {
    public var itemID: Int64
    public var subject: String
    public var reviewTimeMs: Int64
    public var rating: ReviewRating
    /// The item's state when it was reviewed: 0 new, else its `MemoryPhase`.
    public var state: Int
    public var durationMs: Int

    public init(itemID: Int64, subject: String, reviewTimeMs: Int64, rating: ReviewRating, state: Int, durationMs: Int) {
        self.itemID = itemID
        self.subject = subject
        self.reviewTimeMs = reviewTimeMs
        self.rating = rating
        self.state = state
        self.durationMs = durationMs
    }

    public var reviewTime: Date { Date(timeIntervalSince1970: Double(reviewTimeMs) / 1000) }
}

/// One answered question of a quiz: a choice question, or an exercise (matching, ordering)
/// answered part by part.
public struct QuizResponse: Sendable, Equatable, Codable {
    public var itemID: Int64
    public var question: String
    /// Index of the chosen choice; for an exercise, the parts answered right.
    public var chosen: Int
    /// Index of the right choice; for an exercise, the number of its parts — so an answer is
    /// right when the two are equal, for either.
    public var correctIndex: Int

    public init(itemID: Int64, question: String, chosen: Int, correctIndex: Int) {
        self.itemID = itemID
        self.question = question
        self.chosen = chosen
        self.correctIndex = correctIndex
    }

    /// An exercise's answer as checked: right when every part is.
    public init(itemID: Int64, question: String, check: ExerciseCheck) {
        self.init(itemID: itemID, question: question, chosen: check.right, correctIndex: check.total)
    }

    public var isRight: Bool { chosen == correctIndex }
}

/// A finished quiz: its answers and whether it passed.
public struct QuizAttempt: Sendable, Equatable, Codable {
    public var subject: String
    /// The subtopic the quiz was limited to; nil for the whole subject.
    public var subtopic: String?
    public var takenAt: Date
    public var answers: [QuizResponse]
    public var passPercent: Int

    public init(subject: String, subtopic: String?, takenAt: Date, answers: [QuizResponse], passPercent: Int) {
        self.subject = subject
        self.subtopic = subtopic
        self.takenAt = takenAt
        self.answers = answers
        self.passPercent = passPercent
    }

    public var correct: Int { answers.filter(\.isRight).count }
    public var incorrect: Int { answers.count - correct }
    /// Right answers in percent, 0 for an empty quiz.
    public var scorePercent: Double { answers.isEmpty ? 0 : Double(correct) * 100 / Double(answers.count) }
    public var passed: Bool { scorePercent >= Double(passPercent) }
}

extension FSRSScheduler {
    /// The memory after rating an item (`memory` nil: a new item) at `date`: the scheduler's
    /// next state, one more review, and one more lapse when a learnt item was forgotten.
    public func review(
        _ memory: ItemMemory?, rating: ReviewRating, at date: Date,
        random: () -> Double = { Double.random(in: 0..<1) }
    ) -> ItemMemory {
        let state = memory?.state ?? MemoryState(due: date)
        let lapse = state.phase == .review && rating == .again
        return ItemMemory(
            state: review(state, rating: rating, at: date, random: random), reps: (memory?.reps ?? 0) + 1,
            lapses: (memory?.lapses ?? 0) + (lapse ? 1 : 0))
    }
}
