import PrimerCore
import Testing
@testable import PrimerEval

@Suite struct PlanCoverageTests {
    let golden = GoldenPlan(topics: [
        GoldenTopic(title: "Learning", sections: ["Classical Conditioning", "Operant Conditioning", "Observational Learning (Modeling)"]),
        GoldenTopic(title: "Memory", sections: ["How Memory Functions", "Parts of the Brain Involved with Memory"]),
    ])
    let plan = Plan(topics: [
        PlanTopic(title: "Conditioning and learning", subtopics: ["Classical conditioning", "Operant conditioning: reinforcement"]),
        PlanTopic(title: "Sleep", subtopics: ["Stages of sleep"]),
    ])

    @Test func bookLevel() {
        let result = PlanCoverageScorer().score(plan: plan, golden: golden)
        // Generated keywords: {condition, learn}, {classical, condition}, {operant, condition, reinforcement},
        // {sleep}, {stage, sleep}.
        // Sections: "Classical Conditioning" equal after normalising ✓; "Operant Conditioning" {operant, condition}
        // all contained ✓; "Observational Learning (Modeling)" {observational, learn, model} best 1/(3+2−1) = 0.25 ✗;
        // both memory sections ✗ → 2/5.
        #expect(result.matchedSections == 2)
        #expect(result.missedSections == ["Observational Learning (Modeling)", "How Memory Functions", "Parts of the Brain Involved with Memory"])
        let m = result.metrics
        #expect(m["section_coverage"] == 0.4)
        // Topics: "Learning" {learn} contained in "Conditioning and learning" ✓; "Memory" ✗ → 1/2.
        #expect(m["topic_coverage"] == 0.5)
        #expect(m["topics"] == 2)
        #expect(m["subtopics"] == 3)
        #expect(m["size_ratio"] == 0.6)  // 3 subtopics / 5 golden sections
        #expect(m["topic_ratio"] == 1.0)  // 2 / 2
    }

    @Test func chapterLevelHasNoTopicCoverage() {
        let chapter = GoldenPlan(sections: ["Classical Conditioning", "Operant Conditioning", "Observational Learning (Modeling)", "Habituation"])
        #expect(chapter.level == .chapter)
        let plan = Plan(topics: [
            PlanTopic(title: "Classical conditioning", subtopics: ["Pavlov's dogs", "Extinction"]),
            PlanTopic(title: "Learning by observing models", subtopics: []),
        ])
        let m = PlanCoverageScorer().score(plan: plan, golden: chapter).metrics
        // Classical ✓ (equal to a topic title). Observational {observational, learn, model} vs
        // {learn, observ, model}: observ/observational share the prefix "observ" (6 ≥ 6 − 2), so all 3
        // are contained ✓. Operant ✗ ("Classical conditioning": 1/3). Habituation ✗ → 2/4.
        #expect(m["section_coverage"] == 0.5)
        #expect(m["topic_coverage"] == nil)
        #expect(m["size_ratio"] == 0.5)  // 2 subtopics / 4 sections
    }
}
