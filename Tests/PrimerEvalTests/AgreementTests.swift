import PrimerCore
import Testing
@testable import PrimerEval

@Suite struct AgreementTests {
    @Test func agreementIsTheShareOfGoodBadPairsRankedTheRightWayRound() throws {
        let scored: [Agreement.Scored] = [
            .init(family: "quiz", label: .good, metrics: ["reference_overlap": 0.9, "leakage": 0.0, "items": 2]),
            .init(family: "quiz", label: .good, metrics: ["reference_overlap": 0.5, "leakage": 0.5, "items": 2]),
            .init(family: "quiz", label: .bad, metrics: ["reference_overlap": 0.5, "leakage": 1.0, "items": 4]),
            .init(family: "quiz", label: .bad, metrics: ["reference_overlap": 0.1, "leakage": 0.5, "items": 1]),
            .init(family: "lesson", label: .good, metrics: ["objective_coverage": 1]),
        ]
        let result = Agreement.compute(scored)
        // Metrics with a direction; a family with one label only has means, no agreement.
        #expect(result.map(\.key.description) == ["lesson.objective_coverage", "quiz.leakage", "quiz.reference_overlap"])
        #expect(result[0].agreement == nil && result[0].goodMean == 1 && result[0].badMean == nil)
        // 0.9 beats both bad, 0.5 ties one and beats one: (1 + 1 + 0.5 + 1) / 4.
        let overlap = try #require(result.last)
        #expect(overlap.agreement == 0.875 && overlap.good == 2 && overlap.bad == 2)
        #expect(overlap.goodMean == 0.7 && overlap.badMean == 0.3)
        // Lower is better for leakage: 0 beats 1 and 0.5; 0.5 beats 1 and ties 0.5.
        #expect(result[1].agreement == 0.875)
    }

    @Test func aMetricThatPrefersTheBadOnesScoresBelowChance() {
        let scored: [Agreement.Scored] = [
            .init(family: "flashcards", label: .good, metrics: ["well_formed": 0.2]),
            .init(family: "flashcards", label: .bad, metrics: ["well_formed": 1.0]),
        ]
        #expect(Agreement.compute(scored).first?.agreement == 0)
    }
}
