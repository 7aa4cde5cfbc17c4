import Foundation

/// How a learner rated one review, as FSRS and Anki number them.
public enum ReviewRating: Int, Sendable, Codable, CaseIterable {
    case again = 1, hard, good, easy
}

/// Where an item is in FSRS's cycle: learning (new, through the learning steps), review (spaced
/// by days) or relearning (forgotten, through the relearning steps).
public enum MemoryPhase: Int, Sendable, Codable {
    case learning = 1, review, relearning
}

/// One item's memory state: what the scheduler needs to rate it again.
public struct MemoryState: Sendable, Equatable, Codable {
    public var phase: MemoryPhase
    /// The learning or relearning step; nil in review.
    public var step: Int?
    /// Days until recall falls to 90 %; nil before the first review.
    public var stability: Double?
    /// 1 (easy) to 10 (hard); nil before the first review.
    public var difficulty: Double?
    public var due: Date
    public var lastReview: Date?

    /// A new item, due at once.
    public init(due: Date) {
        self.init(phase: .learning, step: 0, stability: nil, difficulty: nil, due: due, lastReview: nil)
    }

    public init(phase: MemoryPhase, step: Int?, stability: Double?, difficulty: Double?, due: Date, lastReview: Date?) {
        self.phase = phase
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
    }
}

/// FSRS-6, the Free Spaced Repetition Scheduler, as the reference implementation py-fsrs 6
/// (`fsrs.Scheduler`) computes it: the same 21 default parameters, learning steps, short-term
/// stability for same-day reviews, interval rounding (half to even, as Python's `round`) and
/// fuzz ranges. `FSRSReferenceTests` replays random review histories through both.
public struct FSRSScheduler: Sendable {
    /// py-fsrs's `DEFAULT_PARAMETERS` (FSRS-6, w0…w20).
    public static let defaultParameters: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]
    static let minimumStability = 0.001
    static let difficultyRange = 1.0...10.0

    public let parameters: [Double]
    public var desiredRetention: Double
    /// Seconds of each learning step (default 1 and 10 minutes).
    public var learningSteps: [TimeInterval]
    /// Seconds of each relearning step (default 10 minutes).
    public var relearningSteps: [TimeInterval]
    /// Days.
    public var maximumInterval: Int
    /// Spread review intervals of 3 days and more a little, so items learnt together do not
    /// stay due together.
    public var fuzz: Bool

    private let decay: Double
    private let factor: Double

    public init(
        parameters: [Double] = FSRSScheduler.defaultParameters, desiredRetention: Double = 0.9,
        learningSteps: [TimeInterval] = [60, 600], relearningSteps: [TimeInterval] = [600],
        maximumInterval: Int = 36_500, fuzz: Bool = true
    ) {
        precondition(parameters.count == 21, "FSRS-6 has 21 parameters")
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = maximumInterval
        self.fuzz = fuzz
        decay = -parameters[20]
        factor = pow(0.9, 1 / decay) - 1
    }

    /// The probability of recalling the item at `date` (0 before its first review). Whole days
    /// since the last review count, as py-fsrs counts them.
    public func retrievability(_ state: MemoryState, at date: Date) -> Double {
        guard let lastReview = state.lastReview, let stability = state.stability else { return 0 }
        let days = max(0, Self.wholeDays(from: lastReview, to: date))
        return pow(1 + factor * Double(days) / stability, decay)
    }

    /// The state after rating the item at `date`. `random` draws the fuzz (0..<1).
    public func review(
        _ state: MemoryState, rating: ReviewRating, at date: Date,
        random: () -> Double = { Double.random(in: 0..<1) }
    ) -> MemoryState {
        var next = state
        let daysSince = state.lastReview.map { Self.wholeDays(from: $0, to: date) }
        let sameDay = daysSince.map { $0 < 1 } ?? false
        var interval: TimeInterval

        switch state.phase {
        case .learning, .relearning:
            let steps = state.phase == .learning ? learningSteps : relearningSteps
            let step = state.step ?? 0
            if let stability = state.stability, let difficulty = state.difficulty {
                next.stability = sameDay
                    ? shortTermStability(stability, rating)
                    : nextStability(difficulty: difficulty, stability: stability, retrievability: retrievability(state, at: date), rating: rating)
                next.difficulty = nextDifficulty(difficulty, rating)
            } else {
                next.stability = initialStability(rating)
                next.difficulty = clampDifficulty(initialDifficulty(rating))
            }
            if steps.isEmpty || (step >= steps.count && rating != .again) {
                interval = graduate(&next)
            } else {
                switch rating {
                case .again:
                    next.step = 0
                    interval = steps[0]
                case .hard:
                    if step == 0 && steps.count == 1 {
                        interval = steps[0] * 1.5
                    } else if step == 0 && steps.count >= 2 {
                        interval = (steps[0] + steps[1]) / 2
                    } else {
                        interval = steps[step]
                    }
                case .good:
                    if step + 1 == steps.count {
                        interval = graduate(&next)
                    } else {
                        next.step = step + 1
                        interval = steps[step + 1]
                    }
                case .easy:
                    interval = graduate(&next)
                }
            }
        case .review:
            let stability = state.stability ?? initialStability(rating)
            let difficulty = state.difficulty ?? clampDifficulty(initialDifficulty(rating))
            next.stability = sameDay
                ? shortTermStability(stability, rating)
                : nextStability(difficulty: difficulty, stability: stability, retrievability: retrievability(state, at: date), rating: rating)
            next.difficulty = nextDifficulty(difficulty, rating)
            if rating == .again && !relearningSteps.isEmpty {
                next.phase = .relearning
                next.step = 0
                interval = relearningSteps[0]
            } else {
                interval = Self.day * Double(nextInterval(next.stability ?? stability))
            }
        }
        if fuzz && next.phase == .review {
            interval = fuzzed(interval, random: random)
        }
        next.due = date.addingTimeInterval(interval)
        next.lastReview = date
        return next
    }

    // MARK: - The formulas (py-fsrs `Scheduler`, private methods of the same names)

    static let day: TimeInterval = 86_400

    /// Python's `timedelta.days`: whole days, rounded down (also for negative spans).
    static func wholeDays(from start: Date, to end: Date) -> Int {
        Int((end.timeIntervalSince(start) / day).rounded(.down))
    }

    private func graduate(_ state: inout MemoryState) -> TimeInterval {
        state.phase = .review
        state.step = nil
        return Self.day * Double(nextInterval(state.stability ?? Self.minimumStability))
    }

    private func clampDifficulty(_ difficulty: Double) -> Double {
        min(max(difficulty, Self.difficultyRange.lowerBound), Self.difficultyRange.upperBound)
    }

    private func clampStability(_ stability: Double) -> Double {
        max(stability, Self.minimumStability)
    }

    private func initialStability(_ rating: ReviewRating) -> Double {
        clampStability(parameters[rating.rawValue - 1])
    }

    private func initialDifficulty(_ rating: ReviewRating) -> Double {
        parameters[4] - exp(parameters[5] * Double(rating.rawValue - 1)) + 1
    }

    /// Days until the next review, for the desired retention; whole days, at least 1.
    func nextInterval(_ stability: Double) -> Int {
        let days = (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
        return UntrustedSize.int(days.rounded(.toNearestOrEven), in: 1...maximumInterval) ?? (days < 1 ? 1 : maximumInterval)
    }

    private func shortTermStability(_ stability: Double, _ rating: ReviewRating) -> Double {
        var increase = exp(parameters[17] * (Double(rating.rawValue) - 3 + parameters[18])) * pow(stability, -parameters[19])
        if rating != .again { increase = max(increase, 1) }
        return clampStability(stability * increase)
    }

    private func nextDifficulty(_ difficulty: Double, _ rating: ReviewRating) -> Double {
        let delta = -(parameters[6] * (Double(rating.rawValue) - 3))
        let damped = difficulty + (10 - difficulty) * delta / 9
        let reverted = parameters[7] * initialDifficulty(.easy) + (1 - parameters[7]) * damped
        return clampDifficulty(reverted)
    }

    private func nextStability(difficulty: Double, stability: Double, retrievability: Double, rating: ReviewRating) -> Double {
        let next: Double
        if rating == .again {
            let longTerm = parameters[11] * pow(difficulty, -parameters[12]) * (pow(stability + 1, parameters[13]) - 1)
                * exp((1 - retrievability) * parameters[14])
            let shortTerm = stability / exp(parameters[17] * parameters[18])
            next = min(longTerm, shortTerm)
        } else {
            let hardPenalty = rating == .hard ? parameters[15] : 1
            let easyBonus = rating == .easy ? parameters[16] : 1
            next = stability * (1 + exp(parameters[8]) * (11 - difficulty) * pow(stability, -parameters[9])
                * (exp((1 - retrievability) * parameters[10]) - 1) * hardPenalty * easyBonus)
        }
        return clampStability(next)
    }

    /// py-fsrs's fuzz: a whole number of days drawn around the interval, wider for longer ones.
    private func fuzzed(_ interval: TimeInterval, random: () -> Double) -> TimeInterval {
        let days = Int((interval / Self.day).rounded(.down))
        guard Double(days) >= 2.5 else { return interval }
        var delta = 1.0
        for (start, end, factor) in [(2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, Double.infinity, 0.05)] {
            delta += factor * max(min(Double(days), end) - start, 0)
        }
        var low = Int((Double(days) - delta).rounded(.toNearestOrEven))
        var high = Int((Double(days) + delta).rounded(.toNearestOrEven))
        low = max(2, low)
        high = min(high, maximumInterval)
        low = min(low, high)
        let drawn = random() * Double(high - low + 1) + Double(low)
        return Self.day * Double(min(Int(drawn.rounded(.toNearestOrEven)), maximumInterval))
    }
}
