import Foundation
import PrimerCore
import Testing
@testable import PrimerEval

@Suite struct GenerationStatsTests {
    func record(_ attempts: [AttemptRecord], _ status: GenerationRecord.Status) -> GenerationRecord {
        GenerationRecord(family: "flashcards", familyVersion: 1, familyHash: "h", provider: "mock", model: "m", attempts: attempts, status: status)
    }

    @Test func passRateAttemptsDropsUsageCostLatency() {
        let a = record([
            AttemptRecord(number: 1, status: .rejected, reasons: ["too few"], usage: TokenUsage(promptTokens: 100, completionTokens: 50), cost: 0.001, latencyMs: 1000),
            AttemptRecord(number: 2, status: .accepted, dropped: ["x", "y"], usage: TokenUsage(promptTokens: 120, completionTokens: 60, cachedPromptTokens: 90), cost: 0.002, latencyMs: 1500),
        ], .ok)
        let b = record([AttemptRecord(number: 1, status: .accepted, usage: TokenUsage(promptTokens: 80, completionTokens: 40), latencyMs: 500)], .ok)
        let c = record([
            AttemptRecord(number: 1, status: .error, latencyMs: 200),
            AttemptRecord(number: 2, status: .error, latencyMs: 200),
        ], .failed)
        let m = GenerationStatsScorer().score(records: [a, b, c], keptItems: 8)
        #expect(approx(m["first_try_pass_rate"], 1.0 / 3))  // only b
        #expect(approx(m["mean_attempts"], 5.0 / 3))  // (2 + 1 + 2) / 3
        #expect(approx(m["failure_rate"], 1.0 / 3))  // c
        #expect(m["drop_rate"] == 0.2)  // 2 dropped / (8 kept + 2 dropped)
        #expect(m["prompt_tokens"] == 300)  // 100 + 120 + 80
        #expect(m["prompt_tokens_cached"] == 90)
        #expect(m["processed_prompt_tokens"] == 210)  // 300 - 90
        #expect(m["completion_tokens"] == 150)  // 50 + 60 + 40
        #expect(m["total_tokens"] == 450)
        #expect(m["latency_ms"] == 3400)  // 1000 + 1500 + 500 + 200 + 200
        #expect(approx(m["cost"], 0.003))  // 0.001 + 0.002; b and c report none
    }

    @Test func noCostNoKeptNoRecords() {
        let b = record([AttemptRecord(number: 1, status: .accepted)], .ok)
        let m = GenerationStatsScorer().score(records: [b])
        #expect(m["cost"] == nil)
        #expect(m["drop_rate"] == nil)
        #expect(m["first_try_pass_rate"] == 1)
        #expect(GenerationStatsScorer().score(records: []).isEmpty)
    }

    /// A plan made from a document's outline asked no model: no pass rate or attempts to count,
    /// no failure, no tokens.
    @Test func anOutlinePlanHasNoAttemptsToRate() {
        let outline = record([], .ok)
        let m = GenerationStatsScorer().score(records: [outline])
        #expect(m["first_try_pass_rate"] == nil && m["mean_attempts"] == nil)
        #expect(m["failure_rate"] == 0 && m["total_tokens"] == 0)
        let mixed = GenerationStatsScorer().score(records: [outline, record([AttemptRecord(number: 1, status: .accepted)], .ok)])
        #expect(mixed["first_try_pass_rate"] == 1 && mixed["mean_attempts"] == 1)
    }
}

@Suite struct CaseScorerTests {
    @Test func subtopicCaseGetsEveryFamilysMetrics() {
        let evalCase = EvalCase(
            id: "psych/6.2", kind: .subtopic, subject: EvalSubject(title: "Psychology 2e"), families: [.lesson, .flashcards, .quiz, .terms],
            subtopic: GoldenSubtopic(
                topic: "Learning", subtopic: "Classical Conditioning", siblings: ["Operant Conditioning"],
                terms: [PairItem(front: "unconditioned stimulus", back: "stimulus that elicits a reflexive response"), PairItem(front: "extinction", back: "decrease in the conditioned response")]))
        let record = GenerationRecord(
            family: "flashcards", familyVersion: 1, familyHash: "h", provider: "mock", model: "m",
            attempts: [AttemptRecord(number: 1, status: .accepted, dropped: ["d"], usage: TokenUsage(promptTokens: 10, completionTokens: 5))], status: .ok)
        let outputs = CaseOutputs(
            notes: "An unconditioned stimulus causes a reflex.",
            flashcards: [PairItem(front: "What is operant behaviour?", back: "Behaviour shaped by its consequences"), PairItem(front: "Who was Pavlov?", back: "A physiologist who studied classical conditioning")],
            quiz: nil,
            terms: [PairItem(front: "Unconditioned stimulus (UCS)", back: "A stimulus that causes a reflexive response")],
            generations: [.flashcards: [record]])
        let scores = CaseScorer().score(evalCase, outputs: outputs)
        #expect(scores.families["lesson"] == ["lesson_term_coverage": 0.5])  // 1 of 2 golden terms in the notes
        let cards = scores.families["flashcards"] ?? [:]
        #expect(cards["items"] == 2)
        #expect(cards["leakage"] == 0.5)  // card 0 names sibling keyword "operant" and neither classical nor condition: 1/2
        #expect(cards["drop_rate"] == 1.0 / 3)  // 1 dropped / (2 kept + 1)
        #expect(cards["total_tokens"] == 15)
        #expect(scores.families["quiz"] == nil)  // no output, no records
        let terms = scores.families["terms"] ?? [:]
        #expect(terms["term_recall"] == 0.5)
        #expect(terms["items"] == 1)
    }
}

@Suite struct FailedFamilyScoresTests {
    static let evalCase = EvalCase(
        id: "psych/6.2", kind: .subtopic, subject: EvalSubject(title: "Psychology 2e"), families: [.lesson, .flashcards, .quiz],
        subtopic: GoldenSubtopic(
            topic: "Learning", subtopic: "Classical Conditioning", siblings: ["Operant Conditioning"],
            terms: [PairItem(front: "unconditioned stimulus", back: "stimulus that elicits a reflexive response"), PairItem(front: "extinction", back: "decrease in the conditioned response")]))

    static func failed(_ family: String) -> GenerationRecord {
        GenerationRecord(
            family: family, familyVersion: 1, familyHash: "h", provider: "mock", model: "m",
            attempts: [AttemptRecord(number: 1, status: .rejected, reasons: ["no questions found"])], status: .failed, error: "failed")
    }

    @Test func aFailedFamilyScoresTheWorstValueOfEveryQualityMetricItWouldHaveHad() {
        let outputs = CaseOutputs([
            FamilyOutput(family: "lesson", kind: .lesson, output: nil, generations: [Self.failed("lesson")]),
            FamilyOutput(family: "quiz", kind: .quiz, output: nil, generations: [Self.failed("quiz")]),
            FamilyOutput(family: "flashcards", kind: .flashcards, output: nil, generations: [Self.failed("flashcards")]),
        ])
        let scores = CaseScorer().score(Self.evalCase, outputs: outputs)
        #expect(Set(scores.failed) == ["lesson", "quiz", "flashcards"])
        #expect(scores.families["lesson"]?["lesson_term_coverage"] == 0)
        #expect(scores.families["quiz"]?["well_formed"] == 0 && scores.families["quiz"]?["leakage"] == 1)
        #expect(scores.families["flashcards"]?["duplicate_rate"] == 1 && scores.families["flashcards"]?["echo_rate"] == 1)
        // Sizes are not qualities; generation statistics count the failure themselves.
        #expect(scores.families["flashcards"]?["items"] == nil)
        #expect(scores.families["quiz"]?["failure_rate"] == 1)
    }

    /// The example: notes failed in 6 of 8 cases, one accepted note named a golden term.
    @Test func theMeanOverEveryCaseCountsFailuresAndTheAcceptedMeanSitsBeside() {
        var cases: [CaseScores] = []
        for index in 0..<8 {
            let output: GeneratedOutput? = switch index {
            case 0: .lesson("An unconditioned stimulus causes a reflex.")  // 1 of 2 terms: 0.5
            case 1: .lesson("Nothing about it.")  // 0
            default: nil
            }
            let outputs = CaseOutputs([FamilyOutput(family: "lesson", kind: .lesson, output: output, generations: output == nil ? [Self.failed("lesson")] : [])])
            cases.append(CaseScorer().score(Self.evalCase, outputs: outputs))
        }
        let scores = EvalScores(suite: "s", cases: cases)
        #expect(approx(scores.aggregate["lesson"]?["lesson_term_coverage"], 0.5 / 8) && scores.counts["lesson"]?["lesson_term_coverage"] == 8)
        #expect(approx(scores.accepted["lesson"]?["lesson_term_coverage"], 0.25) && scores.acceptedCounts["lesson"]?["lesson_term_coverage"] == 2)
    }
}

@Suite struct EvalScoresTests {
    @Test func aggregateIsMeanOverCasesWithTheMetric() throws {
        var one = CaseScores(caseID: "a", kind: .plan)
        one.merge(["section_coverage": 0.4, "topics": 2], into: .plan)
        var two = CaseScores(caseID: "b", kind: .plan)
        two.merge(["section_coverage": 0.6], into: "plan")
        two.merge(["well_formed": 1], into: .quiz)
        two.merge(["judge_mean": 4], into: .quiz)  // merged later, as the runner does with judge scores
        let scores = EvalScores(suite: "s", cases: [one, two])
        #expect(approx(scores[MetricKey(family: "plan", metric: "section_coverage")], 0.5))  // (0.4 + 0.6) / 2
        #expect(scores[MetricKey("plan.topics")!] == 2)  // only case a has it
        #expect(scores.counts["plan"]?["topics"] == 1)
        #expect(scores.aggregate["quiz"] == ["well_formed": 1, "judge_mean": 4])
        let decoded = try EvalScores.decode(jsonData: scores.jsonData())
        #expect(decoded == scores)
    }

    @Test func metricKeyParsing() {
        #expect(MetricKey("quiz.well_formed") == MetricKey(family: "quiz", metric: "well_formed"))
        #expect(MetricKey("nodot") == nil)
        #expect(MetricKey(".x") == nil)
        #expect(MetricKey("plan.section_coverage")?.description == "plan.section_coverage")
    }
}

@Suite struct CompareTests {
    /// Four cases scoring the same values: every change below is the same in each case, so it is
    /// beyond noise.
    func scores(_ values: [String: Double], cases: Int = 4) -> EvalScores {
        EvalScores(suite: "s", cases: (1...cases).map { perCase(values, id: "c\($0)") })
    }

    func perCase(_ values: [String: Double], id: String, repetition: Int? = nil) -> CaseScores {
        var c = CaseScores(caseID: id, kind: .subtopic)
        c.repetition = repetition
        for (key, value) in values {
            let k = MetricKey(key)!
            c.merge([k.metric: value], into: k.family)
        }
        return c
    }

    /// One metric's values, a case per value.
    func run(_ metric: String, _ values: [Double]) -> EvalScores {
        EvalScores(suite: "s", cases: values.enumerated().map { perCase([metric: $1], id: "c\($0)") })
    }

    @Test func aChangeWithinTheSpreadOfTheCasesIsNoDetectableChange() throws {
        // The cases disagree: two better, two worse. The mean falls 0.05, but the interval of
        // the paired change spans zero.
        let deltas = compare(
            baseline: run("plan.section_coverage", [0.5, 0.5, 0.5, 0.5]), current: run("plan.section_coverage", [0.8, 0.2, 0.7, 0.1]),
            thresholds: thresholds)
        let delta = try #require(deltas.first)
        #expect(approx(delta.delta, -0.05))
        #expect(delta.status == .noDetectableChange)
        let interval = try #require(delta.interval)
        #expect(interval.low < 0 && interval.high > 0)
        #expect(try #require(delta.detectable) > 0.05)
        #expect(delta.pairedCases == 4)
    }

    @Test func pairingCasesSeesAConsistentChangeThatTheSpreadBetweenCasesWouldHide() throws {
        // Cases differ a lot from each other, but each one falls by 0.05: paired, that is real.
        let before = [0.9, 0.1, 0.5, 0.3, 0.7, 0.2]
        let deltas = compare(
            baseline: run("terms.term_recall", before), current: run("terms.term_recall", before.map { $0 - 0.05 }), thresholds: [:])
        let delta = try #require(deltas.first)
        #expect(delta.status == .worse)
        let interval = try #require(delta.interval)
        #expect(abs(interval.low + 0.05) < 1e-9 && abs(interval.high + 0.05) < 1e-9)
        // Unpaired (different case ids), the same numbers are within the noise.
        var renamed = run("terms.term_recall", before.map { $0 - 0.05 })
        renamed = EvalScores(suite: "s", cases: renamed.cases.map { var c = $0; c.caseID = "other-" + c.caseID; return c })
        let unpaired = try #require(compare(baseline: run("terms.term_recall", before), current: renamed, thresholds: [:]).first)
        #expect(unpaired.pairedCases == 0)
        #expect(unpaired.status == .noDetectableChange)
    }

    @Test func oneCaseRunOnceCannotTellAnything() throws {
        let delta = try #require(
            compare(baseline: scores(["terms.term_recall": 0.9], cases: 1), current: scores(["terms.term_recall": 0.1], cases: 1), thresholds: [:]).first)
        #expect(delta.status == .noDetectableChange)
        #expect(delta.interval == nil && delta.detectable == nil)
    }

    @Test func latencyIsComparedAgainstItsSpreadBetweenRepetitions() throws {
        // Every case 30 % slower, in one repetition each: latency's run-to-run spread is unknown.
        let fast = [100.0, 200, 300, 400]
        let once = compare(baseline: run("quiz.latency_ms", fast), current: run("quiz.latency_ms", fast.map { $0 * 1.3 }), thresholds: [:])
        #expect(once.first?.status == .noDetectableChange)
        // Three repetitions on each side whose means scatter by ±40 %: +30 % is within that.
        func repeated(_ factors: [Double]) -> EvalScores {
            EvalScores(suite: "s", cases: factors.enumerated().flatMap { r, factor in
                fast.enumerated().map { perCase(["quiz.latency_ms": $1 * factor], id: "c\($0)", repetition: r + 1) }
            })
        }
        let noisy = compare(baseline: repeated([0.6, 1.0, 1.4]), current: repeated([0.9, 1.3, 1.7]), thresholds: [:])
        #expect(noisy.first?.status == .noDetectableChange)
        // Repetitions that agree: twice as slow is beyond the spread.
        let steady = compare(baseline: repeated([0.98, 1.0, 1.02]), current: repeated([1.98, 2.0, 2.02]), thresholds: ["latency_ms": .relative(0.5)])
        #expect(steady.first?.status == .regressed)
    }

    let thresholds: [String: RegressionThreshold] = [
        "plan.section_coverage": .absolute(0.05),
        "duplicate_rate": .absolute(0.02),
        "leakage": .absolute(0.03),
        "quiz.well_formed": .absolute(0.02),
        "total_tokens": .relative(0.15),
        "judge_mean": .absolute(0.3),
    ]

    @Test func flagsRegressionsBeyondThresholdsDirectionAware() {
        let baseline = scores([
            "plan.section_coverage": 0.60, "flashcards.duplicate_rate": 0.10, "flashcards.leakage": 0.05,
            "quiz.well_formed": 1.0, "terms.total_tokens": 1000, "plan.topics": 8, "notes.judge_mean": 4.0,
        ])
        let current = scores([
            "plan.section_coverage": 0.50,  // −0.10, more than 0.05 → regressed
            "flashcards.duplicate_rate": 0.05,  // lower is better → improved
            "flashcards.leakage": 0.07,  // +0.02 ≤ 0.03 → worse, not regressed
            "quiz.well_formed": 1.0,  // unchanged
            "terms.total_tokens": 1200,  // +200 > 15% of 1000 = 150 → regressed
            "plan.topics": 12,  // neutral → changed
            "quiz.leakage": 0.2,  // new → added
            // notes.judge_mean missing → removed (a run without the judge is not a regression)
        ])
        let deltas = compare(baseline: baseline, current: current, thresholds: thresholds)
        let status = Dictionary(uniqueKeysWithValues: deltas.map { ($0.key.description, $0.status) })
        #expect(status == [
            "plan.section_coverage": .regressed, "flashcards.duplicate_rate": .improved, "flashcards.leakage": .worse,
            "quiz.well_formed": .unchanged, "terms.total_tokens": .regressed, "plan.topics": .changed,
            "quiz.leakage": .added, "notes.judge_mean": .removed,
        ])
        #expect(deltas.filter(\.isRegression).map(\.key.description) == ["plan.section_coverage", "terms.total_tokens"])
        #expect(deltas.map(\.key) == deltas.map(\.key).sorted())
        let coverage = deltas.first { $0.key.description == "plan.section_coverage" }!
        #expect(approx(coverage.delta, -0.1))
        #expect(coverage.direction == .higherIsBetter)
        #expect(coverage.threshold == .absolute(0.05))
    }

    @Test func aRiseIsARegressionWhenLowerIsBetter() {
        let deltas = compare(
            baseline: scores(["flashcards.duplicate_rate": 0.10, "plan.section_coverage": 0.5, "quiz.mean_attempts": 1.2]),
            current: scores(["flashcards.duplicate_rate": 0.20, "plan.section_coverage": 0.9, "quiz.mean_attempts": 1.25]),
            thresholds: thresholds.merging(["mean_attempts": .absolute(0.2)]) { $1 })
        let status = Dictionary(uniqueKeysWithValues: deltas.map { ($0.key.description, $0.status) })
        #expect(status["flashcards.duplicate_rate"] == .regressed)  // +0.10 > 0.02
        #expect(status["plan.section_coverage"] == .improved)
        #expect(status["quiz.mean_attempts"] == .worse)  // +0.05 ≤ 0.2
    }

    @Test func metricsWithoutThresholdAreNeverRegressions() {
        let deltas = compare(baseline: scores(["terms.term_recall": 0.9]), current: scores(["terms.term_recall": 0.1]), thresholds: [:])
        #expect(deltas.map(\.status) == [.worse])
        #expect(deltas.first?.pairedCases == 4)
    }

    @Test func directions() {
        #expect(MetricDirection.of(metric: "section_coverage") == .higherIsBetter)
        #expect(MetricDirection.of(metric: "first_try_pass_rate") == .higherIsBetter)
        #expect(MetricDirection.of(metric: "judge_mean") == .higherIsBetter)
        #expect(MetricDirection.of(metric: "prompt_tokens_cached") == .higherIsBetter)
        for lower in ["duplicate_rate", "echo_rate", "drop_rate", "failure_rate", "leakage", "mean_attempts", "total_tokens", "prompt_tokens", "processed_prompt_tokens", "cost", "latency_ms"] {
            #expect(MetricDirection.of(metric: lower) == .lowerIsBetter, "\(lower)")
        }
        for neutral in ["topics", "subtopics", "size_ratio", "topic_ratio", "items"] {
            #expect(MetricDirection.of(metric: neutral) == .neutral, "\(neutral)")
        }
    }

    @Test func thresholdLookupAndParsing() {
        let suite = EvalSuite(name: "s", thresholds: ["quiz.leakage": .absolute(0.1), "leakage": .absolute(0.03), "default": .relative(0.5)])
        #expect(suite.threshold(for: MetricKey("quiz.leakage")!) == .absolute(0.1))
        #expect(suite.threshold(for: MetricKey("terms.leakage")!) == .absolute(0.03))
        #expect(suite.threshold(for: MetricKey("terms.term_recall")!) == .relative(0.5))
        #expect(RegressionThreshold(text: "15%") == .relative(0.15))
        #expect(RegressionThreshold(text: "0.05") == .absolute(0.05))
        #expect(RegressionThreshold(text: "-1") == nil)
        #expect(RegressionThreshold(text: "lots") == nil)
        #expect(RegressionThreshold.relative(0.15).allowance(baseline: -200) == 30)
    }
}
