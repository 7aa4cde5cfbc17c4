import Testing

@testable import PrimerCore
@testable import PrimerGeneration

/// A document's outline becomes the plan: condensed to the plan family's subtopics per topic
/// and a number of topics, its course furniture and repeats left out, and every cut said.
@Suite struct OutlinePlanTests {
    static func planFamily(_ folder: String? = nil) throws -> PromptFamily {
        let directory = folder.map { RepositoryFiles.prompts.appendingPathComponent($0) } ?? RepositoryFiles.prompts
        return try #require(try FamilySet.load(directory: directory).planFamily(for: .general))
    }

    @Test func aChapterWithALongSectionIsCondensedNotSetAside() throws {
        let chapter = [
            PlanTopic(title: "Sensation versus Perception", overview: "Sensation is input.", subtopics: ["Sensation", "Perception", "Summary", "Personal Application Question"]),
            PlanTopic(title: "Hearing", subtopics: ["Anatomy of the Auditory System", "Pitch Perception", "Sound Localization", "Hearing Loss", "Deafness", "Summary"]),
            PlanTopic(title: "Gestalt Principles of Perception", subtopics: ["Summary", "Personal Application Question"]),
            PlanTopic(title: "Key Terms", subtopics: []),
        ]
        // The small-model plan family allows 4 subtopics per topic.
        let (topics, use) = OutlinePlan.condense(chapter, planFamily: try Self.planFamily("small-model"), maxTopics: nil)
        #expect(topics.map(\.title) == ["Sensation versus Perception", "Hearing", "Gestalt Principles of Perception"])
        #expect(topics[0] == PlanTopic(title: "Sensation versus Perception", overview: "Sensation is input.", subtopics: ["Sensation", "Perception"]))
        #expect(topics[1].subtopics == ["Anatomy of the Auditory System", "Pitch Perception", "Sound Localization", "Hearing Loss"])
        #expect(topics[2].subtopics == ["Gestalt Principles of Perception"], "a section without parts is studied whole")
        #expect(use.sections == 4 && use.topics == 3)
        #expect(use.leftOut.contains("‘Deafness’ of ‘Hearing’: the plan takes at most 4 subtopics per topic"), "\(use.leftOut)")
        #expect(use.leftOut.last == "6 headings of course furniture, not content (‘Summary’, ‘Personal Application Question’, ‘Key Terms’)", "\(use.leftOut)")
    }

    @Test func aWholeBookIsCutToTheTopicsAskedFor() throws {
        let book = (1...200).map { PlanTopic(title: "Chapter \($0): Idea \($0)", subtopics: []) }
        let plan = try Self.planFamily()
        let (topics, use) = OutlinePlan.condense(book, planFamily: plan, maxTopics: nil)
        #expect(topics.count == OutlinePlan.defaultMaxTopics && topics.first?.title == "Chapter 1: Idea 1")
        #expect(use.leftOut == ["180 sections after the first 20 (‘Chapter 21: Idea 21’, ‘Chapter 22: Idea 22’, ‘Chapter 23: Idea 23’, …): the plan takes at most 20 topics"])
        let (seven, _) = OutlinePlan.condense(book, planFamily: plan, maxTopics: 7)
        #expect(seven.count == 7)
        // A chapter of seven sections is seven topics, above the model's own bounds (6 for the small model).
        let (all, chapterUse) = OutlinePlan.condense(Array(book.prefix(7)), planFamily: try Self.planFamily("small-model"), maxTopics: nil)
        #expect(all.count == 7 && chapterUse.leftOut.isEmpty)
    }

    @Test func repeatsAcrossTheOutlineAreLeftOut() throws {
        let outline = [
            PlanTopic(title: "Cells", subtopics: ["Membranes", "Organelles"]),
            PlanTopic(title: "cells", subtopics: ["Nucleus"]),
            PlanTopic(title: "Tissues", subtopics: ["Membranes", "Epithelium"]),
        ]
        let (topics, use) = OutlinePlan.condense(outline, planFamily: try Self.planFamily(), maxTopics: nil)
        #expect(topics.map(\.title) == ["Cells", "Tissues"] && topics[1].subtopics == ["Epithelium"])
        #expect(use.leftOut == ["section ‘cells’: a repeat of an earlier title", "‘Membranes’ of ‘Tissues’: a repeat of an earlier title"])
    }

    @Test func theOutlinePlanIsThePlanFamilysGenerationWithNoCall() throws {
        let family = try Self.planFamily()
        let outcome = OutlinePlan.outcome([PlanTopic(title: "Cells", subtopics: ["Membranes"])], planFamily: family)
        #expect(outcome.providerCalls == 0 && outcome.record.attempts.isEmpty && outcome.record.status == .ok)
        #expect(outcome.record.family == family.name && outcome.record.familyHash == family.contentHash)
        #expect(outcome.record.provider == "document" && outcome.record.model == "outline")
        guard case .plan(let plan)? = outcome.output else { Issue.record("no plan"); return }
        #expect(plan.topics.map(\.title) == ["Cells"])
    }
}
