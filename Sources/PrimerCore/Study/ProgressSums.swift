import Foundation

/// What `primer stats` needs of a subject, summed by the store (`LearnerStore.progressSums`), so
/// a deck of 100,000 cards is never read card by card: per subtopic (kit order) its cards, new
/// cards, summed predicted recall, cards due today, lapses and the review log lines of its cards;
/// the subject's whole log; the leeches in kit order; the days with reviews.
public struct ProgressSums: Sendable, Equatable {
    public struct Subtopic: Sendable, Equatable {
        public var id: Int64
        public var topic: String
        public var subtopic: String
        public var cards: Int
        public var new: Int
        /// Σ predicted recall of the subtopic's cards (0 for a new one).
        public var recall: Double
        public var dueToday: Int
        public var lapses: Int
        public var log: LogSums

        public init(id: Int64, topic: String, subtopic: String, cards: Int, new: Int, recall: Double, dueToday: Int, lapses: Int, log: LogSums) {
            (self.id, self.topic, self.subtopic, self.cards, self.new) = (id, topic, subtopic, cards, new)
            (self.recall, self.dueToday, self.lapses, self.log) = (recall, dueToday, lapses, log)
        }
    }

    /// Review log lines, those of learnt cards (the review phase), and of those the recalled ones.
    public struct LogSums: Sendable, Equatable {
        public var reviews: Int
        public var learnt: Int
        public var recalled: Int

        public init(reviews: Int = 0, learnt: Int = 0, recalled: Int = 0) {
            (self.reviews, self.learnt, self.recalled) = (reviews, learnt, recalled)
        }

        static func + (a: LogSums, b: LogSums) -> LogSums {
            LogSums(reviews: a.reviews + b.reviews, learnt: a.learnt + b.learnt, recalled: a.recalled + b.recalled)
        }
    }

    public var subtopics: [Subtopic]
    /// The subject's whole log, lines of deleted cards included.
    public var log: LogSums
    /// A card with at least the policy's leech lapses, and its subtopic.
    public struct LeechPlace: Sendable, Equatable {
        public var item: Int64
        public var subtopic: Int64

        public init(item: Int64, subtopic: Int64) {
            (self.item, self.subtopic) = (item, subtopic)
        }
    }

    /// The leeches, in kit order.
    public var leeches: [LeechPlace]

    public init(subtopics: [Subtopic], log: LogSums, leeches: [LeechPlace]) {
        self.subtopics = subtopics
        self.log = log
        self.leeches = leeches
    }
}

/// FSRS-6's forgetting curve as the store computes it in SQL: R = (1 + factor · days / S)^decay,
/// days the whole days since the last review (never below 0).
public struct RecallCurve: Sendable, Equatable {
    public var decay: Double
    public var factor: Double
}

extension StudyProgress {
    /// A subject's progress from the store's sums: the same numbers as `subject(_:cards:…)` gives
    /// from every card (topics and subtopics merged by title in kit order; a topic's and a
    /// subtopic's reviews are its cards' lines, the subject's its whole log).
    public static func subject(
        _ title: String, sums: ProgressSums, streakDays: Int, quizzes: [(percent: Double, passed: Bool)]
    ) -> SubjectProgress {
        func deck(_ title: String, _ parts: [ProgressSums.Subtopic], log: ProgressSums.LogSums? = nil) -> DeckProgress {
            let ids = Set(parts.map(\.id))
            let cards = parts.reduce(0) { $0 + $1.cards }
            let log = log ?? parts.reduce(ProgressSums.LogSums()) { $0 + $1.log }
            return DeckProgress(
                title: title, cards: cards, new: parts.reduce(0) { $0 + $1.new },
                knowledgePercent: cards == 0 ? 0 : parts.reduce(0) { $0 + $1.recall } * 100 / Double(cards),
                dueToday: parts.reduce(0) { $0 + $1.dueToday }, reviews: log.reviews,
                trueRetentionPercent: log.learnt == 0 ? nil : Double(log.recalled) * 100 / Double(log.learnt),
                lapses: parts.reduce(0) { $0 + $1.lapses },
                leeches: sums.leeches.filter { ids.contains($0.subtopic) }.map { ItemKey.of($0.item) })
        }
        let parts = sums.subtopics.filter { $0.cards > 0 }
        let topics = ordered(parts.map(\.topic)).map { topic in
            let inTopic = parts.filter { $0.topic == topic }
            return TopicProgress(
                progress: deck(topic, inTopic),
                subtopics: ordered(inTopic.map(\.subtopic)).map { subtopic in deck(subtopic, inTopic.filter { $0.subtopic == subtopic }) })
        }
        return SubjectProgress(
            progress: deck(title, parts, log: sums.log), streakDays: streakDays, quizzes: quizzes.count,
            quizzesPassed: quizzes.filter(\.passed).count, lastQuizPercent: quizzes.last?.percent, topics: topics)
    }

    /// Days in a row with a review, counted back from today (or from yesterday while today has
    /// none yet), from the days that have reviews (each a start of day in `calendar`).
    public static func streak(days: Set<Date>, now: Date, calendar: Calendar) -> Int {
        var day = calendar.startOfDay(for: now)
        if !days.contains(day) { day = calendar.date(byAdding: .day, value: -1, to: day)! }
        var count = 0
        while days.contains(day) {
            count += 1
            day = calendar.date(byAdding: .day, value: -1, to: day)!
        }
        return count
    }
}

extension FSRSScheduler {
    /// The forgetting curve `retrievability` uses, for the store's sums.
    public var recallCurve: RecallCurve {
        let decay = -parameters[20]
        return RecallCurve(decay: decay, factor: pow(0.9, 1 / decay) - 1)
    }
}
