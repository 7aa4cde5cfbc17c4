import Testing
@testable import PrimerCore
@testable import PrimerGeneration

/// meta-labels, dedupe-plan and plan-bounds: the gates on a study plan.
struct GatePlanTests {
    let context = GateContext(subject: "Linear algebra")

    @Test func metaLabelsStripsCourseFurnitureButKeepsContent() {
        let plan = Plan(topics: [
            PlanTopic(title: "Introduction", subtopics: ["Course overview", "Syllabus"]),
            PlanTopic(title: "Vectors", subtopics: [
                "Introduction to vectors", "Vector addition", "Review of vectors", "Chapter 1 Quiz", "Summary",
            ]),
            PlanTopic(title: "Hypothesis tests", subtopics: ["Test statistics", "Practice test", "Quiz: p-values"]),
            PlanTopic(title: "Final exam", subtopics: ["Final project", "Midterm review"]),
            PlanTopic(title: "Unit 3", subtopics: ["Matrices"]),
        ])
        let verdict = MetaLabelsGate().apply(.plan(plan), context: context)
        #expect(verdict.output == .plan(Plan(topics: [
            PlanTopic(title: "Vectors", subtopics: ["Introduction to vectors", "Vector addition"]),
            PlanTopic(title: "Hypothesis tests", subtopics: ["Test statistics"]),
        ])))
        #expect(verdict.dropped == [
            "dropped meta-label topic ‘Introduction’",
            "dropped meta-label subtopic ‘Review of vectors’ in ‘Vectors’",
            "dropped meta-label subtopic ‘Chapter 1 Quiz’ in ‘Vectors’",
            "dropped meta-label subtopic ‘Summary’ in ‘Vectors’",
            "dropped meta-label subtopic ‘Practice test’ in ‘Hypothesis tests’",
            "dropped meta-label subtopic ‘Quiz: p-values’ in ‘Hypothesis tests’",
            "dropped meta-label topic ‘Final exam’",
            "dropped meta-label topic ‘Unit 3’",
        ])
    }

    @Test func metaLabelRecognition() {
        for label in ["Review", "Recap", "Conclusion", "Assessment", "Overview", "Midterm", "Summary and review",
                      "Final Project", "Exam 2", "Practice Test", "Summary of eigenvalues", "Wrap-up", "Key takeaways",
                      "Key Concepts and Summary", "Section Summary", "Personal Application Question", "Visual Connection Questions",
                      "Self-Check Questions", "Critical Thinking Questions", "Key Equations", "Key Terms"] {
            #expect(MetaLabelsGate.isMetaLabel(label), "\(label)")
        }
        for content in ["Introduction to matrices", "Overview of linear maps", "Code review", "Unit testing",
                        "Final value theorem", "Chi-square test", "Reading", "Sets", "Test of independence",
                        "Peer assessment methods", "Equations of motion", "Personal finance", "Key signatures in music"] {
            #expect(!MetaLabelsGate.isMetaLabel(content), "\(content)")
        }
    }

    @Test func dedupePlanMergesRepeatedTopicsAndDropsRepeatedSubtopicsAcrossThePlan() {
        let plan = Plan(topics: [
            PlanTopic(title: "Vectors", subtopics: ["Vector addition", "Dot product", "dot product."]),
            PlanTopic(title: "Matrices", subtopics: ["Matrix multiplication", "Dot Product", "Transpose"]),
            PlanTopic(title: "vectors", overview: "Again.", subtopics: ["Cross product", "Vector addition"]),
        ])
        let verdict = DedupePlanGate().apply(.plan(plan), context: context)
        #expect(verdict.output == .plan(Plan(topics: [
            PlanTopic(title: "Vectors", overview: "Again.", subtopics: ["Vector addition", "Dot product", "Cross product"]),
            PlanTopic(title: "Matrices", subtopics: ["Matrix multiplication", "Transpose"]),
        ])))
        #expect(verdict.dropped == [
            "dropped duplicate topic ‘vectors’ (its subtopics merged into the first)",
            "dropped duplicate subtopic ‘dot product.’ in ‘Vectors’",
            "dropped duplicate subtopic ‘Vector addition’ in ‘Vectors’",
            "dropped duplicate subtopic ‘Dot Product’ in ‘Matrices’ (already in ‘Vectors’)",
        ])
        #expect(verdict.rejections.isEmpty)
    }

    @Test func planBoundsRejectsNamingTheTopic() {
        let gate = PlanBoundsGate(topics: GateBounds(min: 2, max: 3), subtopics: GateBounds(min: 2, max: 3))
        let good = Plan(topics: [PlanTopic(title: "Vectors", subtopics: ["Addition", "Dot product"]),
                                 PlanTopic(title: "Matrices", subtopics: ["Multiplication", "Inverse", "Rank"])])
        #expect(gate.apply(.plan(good), context: context) == GateVerdict(output: .plan(good)))

        let bad = Plan(topics: [PlanTopic(title: "Vectors", subtopics: ["Addition"]),
                                PlanTopic(title: "Matrices", subtopics: ["A", "B", "C", "D"]),
                                PlanTopic(title: "Determinants", subtopics: []),
                                PlanTopic(title: "Eigenvalues", subtopics: ["X", "Y"])])
        let verdict = gate.apply(.plan(bad), context: context)
        #expect(verdict.output == .plan(bad))
        #expect(verdict.rejections == [
            "the plan has 4 topics; write at most 3",
            "topic ‘Vectors’ has 1 subtopic; write at least 2",
            "topic ‘Matrices’ has 4 subtopics; write at most 3",
            "topic ‘Determinants’ has 0 subtopics; write at least 2",
        ])
        let tiny = gate.apply(.plan(Plan(topics: [PlanTopic(title: "Vectors", subtopics: ["A", "B"])])), context: context)
        #expect(tiny.rejections == ["the plan has 1 topic; write at least 2"])
    }

    @Test func planGatesLeaveOtherKindsAlone() {
        let cards = GeneratedOutput.pairs([PairItem(front: "Review", back: "Quiz")])
        for gate in [MetaLabelsGate() as any Gate, DedupePlanGate(), PlanBoundsGate(topics: GateBounds(min: 5), subtopics: GateBounds(min: 5))] {
            #expect(gate.apply(cards, context: context) == GateVerdict(output: cards))
        }
    }
}
