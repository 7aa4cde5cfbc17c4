import Foundation

/// How well a deck (a subject, a topic or a subtopic) is known, as `primer stats` shows it.
public struct DeckProgress: Sendable, Equatable, Encodable {
    public var title: String
    public var cards: Int
    /// Cards never reviewed.
    public var new: Int
    /// Mean predicted recall now, in percent; a new card counts as 0.
    public var knowledgePercent: Double
    /// Cards due by the end of today (new cards not counted).
    public var dueToday: Int
    public var reviews: Int
    /// Reviews of learnt cards (in the review phase) that were recalled, in percent; nil
    /// before the first such review.
    public var trueRetentionPercent: Double?
    public var lapses: Int
    /// Keys of the cards with at least the policy's leech lapses.
    public var leeches: [String]
}

public struct TopicProgress: Sendable, Equatable, Encodable {
    public var progress: DeckProgress
    public var subtopics: [DeckProgress]
}

/// A subject's progress: the deck, its topics and subtopics, the streak and the quizzes.
public struct SubjectProgress: Sendable, Equatable, Encodable {
    public var progress: DeckProgress
    /// Days in a row, up to today, with at least one review (a streak survives until the end of
    /// a day without reviews).
    public var streakDays: Int
    public var quizzes: Int
    public var quizzesPassed: Int
    /// The last quiz's score in percent.
    public var lastQuizPercent: Double?
    public var topics: [TopicProgress]
    /// The FSRS parameters fitted to the learner's log that schedule this subject (`primer study
    /// optimize`), nil while it is scheduled with the defaults.
    public var parameters: ParametersInUse? = nil
}

/// Fitted FSRS parameters as `stats` shows them: whose log they were fitted to, and how well the
/// default and the fitted parameters predict that log.
public struct ParametersInUse: Sendable, Equatable, Encodable {
    /// `subject` (fitted to this subject's log) or `learner` (to the whole log).
    public var fittedTo: String
    public var fittedAt: Date
    public var reviews: Int
    public var defaultFit: FitQuality
    public var fittedFit: FitQuality
    public var values: [Double]

    public init(_ fitted: FittedParameters, own: Bool) {
        fittedTo = own ? "subject" : "learner"
        fittedAt = fitted.fittedAt
        reviews = fitted.reviews
        defaultFit = fitted.defaultFit
        fittedFit = fitted.fittedFit
        values = fitted.parameters
    }
}

/// The cards due in one subject: now, today and on each of the next days.
public struct DueForecast: Sendable, Equatable, Encodable {
    public struct Day: Sendable, Equatable, Encodable {
        /// yyyy-MM-dd, local time.
        public var date: String
        public var due: Int
    }
    public var subject: String
    public var new: Int
    public var dueNow: Int
    /// Due by the end of today, overdue cards included.
    public var dueToday: Int
    public var days: [Day]
}

public enum StudyProgress {
    /// One deck's numbers from its cards and the review log lines of its cards.
    public static func deck(
        _ title: String, cards: [StudyCard], log: [ReviewLogEntry], now: Date, policy: StudyPolicy, calendar: Calendar
    ) -> DeckProgress {
        let scheduler = policy.scheduler
        let recall = cards.map { card in card.memory.map { scheduler.retrievability($0.state, at: now) } ?? 0 }
        let endOfToday = calendar.startOfDay(for: now).addingTimeInterval(86_400)
        let learnt = log.filter { $0.state == MemoryPhase.review.rawValue }
        return DeckProgress(
            title: title, cards: cards.count, new: cards.filter(\.isNew).count,
            knowledgePercent: cards.isEmpty ? 0 : recall.reduce(0, +) * 100 / Double(cards.count),
            dueToday: cards.filter { ($0.memory?.state.due).map { $0 < endOfToday } ?? false }.count,
            reviews: log.count,
            trueRetentionPercent: learnt.isEmpty
                ? nil : Double(learnt.filter { $0.rating != .again }.count) * 100 / Double(learnt.count),
            lapses: cards.reduce(0) { $0 + ($1.memory?.lapses ?? 0) },
            leeches: cards.filter { ($0.memory?.lapses ?? 0) >= policy.leechLapses }.map(\.key))
    }

    /// A subject's progress: its cards (kit order), its whole review log (lines of deleted cards
    /// count for the subject only) and its quizzes.
    public static func subject(
        _ title: String, cards: [StudyCard], log: [ReviewLogEntry], quizzes: [(percent: Double, passed: Bool)],
        now: Date, policy: StudyPolicy, calendar: Calendar = .current
    ) -> SubjectProgress {
        let logByItem = Dictionary(grouping: log, by: \.itemID)
        func lines(_ cards: [StudyCard]) -> [ReviewLogEntry] { cards.flatMap { logByItem[$0.id] ?? [] } }
        var topics: [TopicProgress] = []
        for topic in ordered(cards.map(\.topic)) {
            let topicCards = cards.filter { $0.topic == topic }
            let subtopics = ordered(topicCards.map(\.subtopic)).map { subtopic in
                let subtopicCards = topicCards.filter { $0.subtopic == subtopic }
                return deck(subtopic, cards: subtopicCards, log: lines(subtopicCards), now: now, policy: policy, calendar: calendar)
            }
            topics.append(TopicProgress(
                progress: deck(topic, cards: topicCards, log: lines(topicCards), now: now, policy: policy, calendar: calendar),
                subtopics: subtopics))
        }
        return SubjectProgress(
            progress: deck(title, cards: cards, log: log, now: now, policy: policy, calendar: calendar),
            streakDays: streak(log, now: now, calendar: calendar), quizzes: quizzes.count,
            quizzesPassed: quizzes.filter(\.passed).count, lastQuizPercent: quizzes.last?.percent, topics: topics)
    }

    /// Days in a row with a review, counted back from today (or from yesterday while today has
    /// none yet).
    public static func streak(_ log: [ReviewLogEntry], now: Date, calendar: Calendar) -> Int {
        streak(days: Set(log.map { calendar.startOfDay(for: $0.reviewTime) }), now: now, calendar: calendar)
    }

    /// Due counts of one subject's cards now, today and on each of the next `days` days.
    public static func forecast(_ subject: String, cards: [StudyCard], days: Int, now: Date, calendar: Calendar = .current) -> DueForecast {
        forecast(subject, memories: cards.map(StudiedMemory.init), new: 0, days: days, now: now, calendar: calendar)
    }

    /// As `forecast(_:cards:…)`, from the items' memories alone and `new` more never studied.
    public static func forecast(
        _ subject: String, memories cards: [StudiedMemory], new: Int, days: Int, now: Date, calendar: Calendar = .current
    ) -> DueForecast {
        let dues = cards.compactMap { $0.memory?.state.due }
        let today = calendar.startOfDay(for: now)
        let formatter = dayFormatter(calendar)
        let forecast = (0..<max(0, days)).map { $0 + 1 }.map { offset in
            let start = calendar.date(byAdding: .day, value: offset, to: today)!
            let end = calendar.date(byAdding: .day, value: 1, to: start)!
            return DueForecast.Day(date: formatter.string(from: start), due: dues.filter { $0 >= start && $0 < end }.count)
        }
        let endOfToday = calendar.date(byAdding: .day, value: 1, to: today)!
        return DueForecast(
            subject: subject, new: new + cards.filter { $0.memory == nil }.count, dueNow: dues.filter { $0 <= now }.count,
            dueToday: dues.filter { $0 < endOfToday }.count, days: forecast)
    }

    /// A day as `DueForecast` and `StudyHistory` name it: yyyy-MM-dd in `calendar`'s time zone.
    static func dayFormatter(_ calendar: Calendar) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }

    /// The distinct values in the order they first appear.
    static func ordered(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
