import Foundation

/// A subject's study over time, as the web page draws it: each of the last days (reviews, recall
/// of learnt cards, knowledge at the day's end), the reviews due on each of the next days, and
/// the cards by mastery.
public struct StudyHistory: Sendable, Equatable, Encodable {
    public struct Day: Sendable, Equatable, Encodable {
        /// yyyy-MM-dd, local time.
        public var date: String
        public var reviews: Int
        /// Reviews of learnt cards (in the review phase), and those recalled (not `again`).
        public var learntReviews: Int
        public var recalled: Int
        /// Mean predicted recall of today's cards at the day's end (a card not yet studied
        /// then counts as 0), in percent.
        public var knowledgePercent: Double
    }

    /// Cards by how well they are held, as Anki counts them: never studied, in learning (or
    /// relearning), young (in review, stability under 21 days) and mature.
    public struct Mastery: Sendable, Equatable, Encodable {
        public var new = 0
        public var learning = 0
        public var young = 0
        public var mature = 0
    }

    /// Oldest first, ending today.
    public var days: [Day]
    /// Tomorrow first.
    public var forecast: [DueForecast.Day]
    public var mastery: Mastery

    /// Stability from which a card counts as mature, in days (Anki's 21).
    public static let matureDays = 21.0

    /// The history of `cards` from their review log, over the last `days` days and the next
    /// `forecastDays`. Each card's log is replayed with `scheduler` (fuzz off) for its memory at
    /// each day's end: one pass per studied card.
    public static func of(
        cards: [StudyCard], log: [ReviewLogEntry], days: Int, forecastDays: Int, now: Date, scheduler: FSRSScheduler,
        calendar: Calendar = .current
    ) -> StudyHistory {
        of(memories: cards.map(StudiedMemory.init), new: 0, log: log, days: days, forecastDays: forecastDays, now: now, scheduler: scheduler, calendar: calendar)
    }

    /// As `of(cards:…)`, from the items' memories alone and `new` more never studied.
    public static func of(
        memories cards: [StudiedMemory], new: Int, log: [ReviewLogEntry], days: Int, forecastDays: Int, now: Date, scheduler: FSRSScheduler,
        calendar: Calendar = .current
    ) -> StudyHistory {
        let today = calendar.startOfDay(for: now)
        let starts = (0..<max(1, days)).reversed().map { calendar.date(byAdding: .day, value: -$0, to: today)! }
        let ends = starts.map { min(now, calendar.date(byAdding: .day, value: 1, to: $0)!) }
        let first = starts[0]
        // Every line counts as a review (the log outlives deleted and rewritten items); the
        // knowledge is that of today's cards, replayed from their own lines.
        let ids = Set(cards.map(\.itemID))
        let lines = log.filter { ids.contains($0.itemID) }

        var reviews = [Int](repeating: 0, count: starts.count)
        var learnt = reviews
        var recalled = reviews
        for line in log {
            let time = Date(timeIntervalSince1970: Double(line.reviewTimeMs) / 1000)
            guard time >= first, time <= now else { continue }
            let day = dayIndex(of: time, in: starts)
            reviews[day] += 1
            if line.state == MemoryPhase.review.rawValue {
                learnt[day] += 1
                if line.rating != .again { recalled[day] += 1 }
            }
        }

        var recall = [Double](repeating: 0, count: starts.count)
        var replaying = scheduler
        replaying.fuzz = false
        for (_, history) in Dictionary(grouping: lines, by: \.itemID) {
            var memory: ItemMemory?
            var next = 0
            let ordered = history.sorted { $0.reviewTimeMs < $1.reviewTimeMs }
            for (day, end) in ends.enumerated() {
                while next < ordered.count, Double(ordered[next].reviewTimeMs) / 1000 <= end.timeIntervalSince1970 {
                    let line = ordered[next]
                    memory = replaying.review(memory, rating: line.rating, at: Date(timeIntervalSince1970: Double(line.reviewTimeMs) / 1000))
                    next += 1
                }
                if let memory { recall[day] += replaying.retrievability(memory.state, at: end) }
            }
        }

        let formatter = StudyProgress.dayFormatter(calendar)
        let history = starts.indices.map { day in
            Day(
                date: formatter.string(from: starts[day]), reviews: reviews[day], learntReviews: learnt[day], recalled: recalled[day],
                knowledgePercent: cards.count + new == 0 ? 0 : recall[day] * 100 / Double(cards.count + new))
        }

        var mastery = Mastery(new: new)
        for card in cards {
            guard let state = card.memory?.state else { mastery.new += 1; continue }
            switch state.phase {
            case .learning, .relearning: mastery.learning += 1
            case .review: if (state.stability ?? 0) < matureDays { mastery.young += 1 } else { mastery.mature += 1 }
            }
        }
        return StudyHistory(
            days: history, forecast: StudyProgress.forecast("", memories: cards, new: new, days: forecastDays, now: now, calendar: calendar).days,
            mastery: mastery)
    }

    /// The index of the last start at or before `time` (starts ascending, the first at or before it).
    static func dayIndex(of time: Date, in starts: [Date]) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
