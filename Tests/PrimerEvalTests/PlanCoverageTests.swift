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

    @Test func aPlanThatOnlyRepeatsTheSubjectCoversNothing() {
        // The chapter "The Courts" asked for as a course; its golden sections.
        let chapter = GoldenPlan(sections: ["Guardians of the Constitution and Individual Rights", "The Dual Court System", "The Federal Court System", "The Supreme Court"])
        let echo = Plan(topics: [PlanTopic(title: "The Courts", subtopics: ["The Courts", "Courts"])])
        let m = PlanCoverageScorer().score(plan: echo, golden: chapter, subject: "The Courts").metrics
        // "The Courts" {court} against "The Supreme Court" {supreme, court}: Jaccard 1/2, a match,
        // were it not an echo of the subject.
        #expect(m["section_coverage"] == 0)
        #expect(PlanCoverageScorer().score(plan: echo, golden: chapter).metrics["section_coverage"] == 0.25, "without the subject, the echo covers a section")
        // Titles that add words still count.
        let real = Plan(topics: [PlanTopic(title: "The Courts", subtopics: ["The Supreme Court", "Federal court system"])])
        #expect(PlanCoverageScorer().score(plan: real, golden: chapter, subject: "The Courts").metrics["section_coverage"] == 0.5)
    }

    @Test func oneTitleCoversAtMostOneSection() {
        // "Classical and operant conditioning" holds every word of both sections, but it is one
        // title, so it covers one of them.
        let chapter = GoldenPlan(sections: ["Classical Conditioning", "Operant Conditioning"])
        let broad = Plan(topics: [PlanTopic(title: "Learning", subtopics: ["Classical and operant conditioning"])])
        let result = PlanCoverageScorer().score(plan: broad, golden: chapter, subject: "Learning")
        #expect(result.matchedSections == 1)
        // A second title lets the matching give each section its own.
        let both = Plan(topics: [PlanTopic(title: "Learning", subtopics: ["Classical and operant conditioning", "Operant conditioning"])])
        #expect(PlanCoverageScorer().score(plan: both, golden: chapter, subject: "Learning").matchedSections == 2)
    }

    @Test func aSectionThatRepeatsItsChapterCanStillBeMatched() {
        // Golden section "Sensation versus Perception" only repeats its chapter's words: a plan
        // that mirrors the book covers it.
        let book = GoldenPlan(topics: [GoldenTopic(title: "Sensation and Perception", sections: ["Sensation versus Perception", "Waves and Wavelengths"])])
        let mirror = Plan(topics: [PlanTopic(title: "Sensation and Perception", subtopics: ["Sensation versus Perception", "Waves and Wavelengths"])])
        let m = PlanCoverageScorer().score(plan: mirror, golden: book, subject: "Psychology 2e").metrics
        #expect(m["section_coverage"] == 1 && m["topic_coverage"] == 1)
    }
}
