import Testing

@testable import PrimerCore

/// An outline the plan family's bounds cannot hold is set aside rather than failing the plan.
@Suite struct OutlineFitTests {
    @Test func outlinesAreCheckedAgainstThePlanBounds() throws {
        let plan = try #require(try FamilySet.load(directory: RepositoryFiles.prompts).planFamily(for: .general))
        let fits = (1...12).map { PlanTopic(title: "Week \($0)", subtopics: ["a", "b"]) }
        #expect(OutlineFit.problem(fits, planFamily: plan) == nil)
        #expect(OutlineFit.problem([], planFamily: plan) == nil)

        let chapters = (1...200).map { PlanTopic(title: "Chapter \($0)", subtopics: []) }
        #expect(OutlineFit.problem(chapters, planFamily: plan) == "the document outline has 200 sections and the plan allows at most 12 topics")

        let crowded = [PlanTopic(title: "Basics", subtopics: ["x"]), PlanTopic(title: "Everything", subtopics: (1...30).map { "item \($0)" })]
        #expect(OutlineFit.problem(crowded, planFamily: plan) == "section \"Everything\" of the document outline lists 30 items and the plan allows at most 10 subtopics per topic")
    }
}
