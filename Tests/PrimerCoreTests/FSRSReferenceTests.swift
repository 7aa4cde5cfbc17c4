import Foundation
import Testing
@testable import PrimerCore
import PrimerProcess

/// The scheduler against py-fsrs 6 (PyPI `fsrs`, the reference implementation): random review
/// histories replayed through both, fuzz off, must give the same phases and steps, due times
/// equal to the second, and stability and difficulty within 1e-6.
@Suite struct FSRSReferenceTests {
    struct Review: Codable { var rating: Int; var at: Int }
    struct Histories: Codable { var histories: [[Review]] }
    struct ReferenceState: Codable { var state: Int; var step: Int?; var stability: Double; var difficulty: Double; var due: Double }
    struct Results: Codable { var results: [[ReferenceState]] }

    /// Review times a learner could produce: within a learning session, early, on the due date,
    /// late by up to a few months; ratings of every kind.
    static func histories(count: Int, seed: UInt64) -> [[Review]] {
        var random = SeededNumbers(state: seed)
        let scheduler = FSRSScheduler(fuzz: false)
        return (0..<count).map { _ in
            var at = 1_767_225_600 + random.next() % 86_400  // 2026-01-01 plus up to a day
            var state = MemoryState(due: Date(timeIntervalSince1970: TimeInterval(at)))
            var reviews: [Review] = []
            for _ in 0..<(1 + random.next() % 24) {
                let rating = ReviewRating(rawValue: 1 + random.next() % 4)!
                reviews.append(Review(rating: rating.rawValue, at: at))
                state = scheduler.review(state, rating: rating, at: Date(timeIntervalSince1970: TimeInterval(at)))
                let due = Int(state.due.timeIntervalSince1970)
                switch random.next() % 5 {
                case 0: at += 1 + random.next() % 900  // in the same session
                case 1: at += max(1, (due - at) / 2)  // early
                case 2: at = max(at + 1, due)  // on time
                case 3: at = max(at + 1, due) + random.next() % (3 * 86_400)  // a little late
                default: at = max(at + 1, due) + random.next() % (120 * 86_400)  // months late
                }
            }
            return reviews
        }
    }

    @Test func replaysOfRandomHistoriesMatchPyFSRS() async throws {
        let histories = Self.histories(count: 1_200, seed: 2026)
        let reviews = histories.reduce(0) { $0 + $1.count }
        #expect(reviews > 10_000)
        let reference = try await Self.runReference(Histories(histories: histories))
        #expect(reference.results.count == histories.count)

        let scheduler = FSRSScheduler(fuzz: false)
        var compared = 0
        var phases = Set<Int>()
        for (history, expected) in zip(histories, reference.results) {
            var state = MemoryState(due: Date(timeIntervalSince1970: TimeInterval(history[0].at)))
            for (review, want) in zip(history, expected) {
                state = scheduler.review(
                    state, rating: ReviewRating(rawValue: review.rating)!, at: Date(timeIntervalSince1970: TimeInterval(review.at)))
                let context = "history starting \(history[0].at), review \(review)"
                #expect(state.phase.rawValue == want.state, "\(context)")
                #expect(state.step == want.step, "\(context)")
                #expect(abs((state.stability ?? -1) - want.stability) < 1e-6, "\(context): stability \(state.stability ?? -1) vs \(want.stability)")
                #expect(abs((state.difficulty ?? -1) - want.difficulty) < 1e-6, "\(context): difficulty")
                #expect(abs(state.due.timeIntervalSince1970 - want.due) < 1, "\(context): due \(state.due.timeIntervalSince1970) vs \(want.due)")
                phases.insert(want.state)
                compared += 1
            }
        }
        #expect(compared == reviews)
        #expect(phases == [1, 2, 3], "the histories reach learning, review and relearning")
    }

    @Test func fuzzStaysWithinPyFSRSRangesAndIsOffWhenAsked() {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        var state = MemoryState(due: start)
        let plain = FSRSScheduler(fuzz: false)
        state = plain.review(state, rating: .easy, at: start)
        let unfuzzed = plain.review(state, rating: .good, at: state.due)
        let days = FSRSScheduler.wholeDays(from: state.due, to: unfuzzed.due)
        #expect(days > 20)
        let fuzzed = FSRSScheduler(fuzz: true)
        let delta = 1 + 0.15 * 4.5 + 0.1 * 13 + 0.05 * Double(days - 20)
        let drawn = (0..<200).map { i in
            FSRSScheduler.wholeDays(from: state.due, to: fuzzed.review(state, rating: .good, at: state.due, random: { Double(i) / 200 }).due)
        }
        // py-fsrs draws `random() * (high - low + 1) + low` and rounds, so a draw near 1 gives
        // high + 1; the port does the same.
        #expect(drawn.min()! >= Int((Double(days) - delta).rounded()) && drawn.max()! <= Int((Double(days) + delta).rounded()) + 1)
        #expect(Set(drawn).count > 3, "the fuzz spreads the interval")
    }

    /// Runs scripts/fsrs_reference.py with the histories on its standard input, through
    /// ProcessRunner: it writes the input while it collects the answer (the reference writes its
    /// answer while it reads), and holds no thread of the async pool while the script runs.
    static func runReference(_ input: Histories) async throws -> Results {
        let data = try JSONEncoder().encode(input)
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", RepositoryFiles.root.appendingPathComponent("scripts/fsrs_reference.py").path],
            input: data, limits: ProcessRunner.Limits(timeout: .seconds(600)))
        guard result.status == 0 else {
            throw ReferenceError(description: "scripts/fsrs_reference.py failed (\(result.status)): \(result.standardError)")
        }
        return try JSONDecoder().decode(Results.self, from: result.standardOutput)
    }

    struct ReferenceError: Error, CustomStringConvertible { var description: String }
}
