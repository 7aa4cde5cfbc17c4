import Testing

@testable import PrimerCore
@testable import PrimerGeneration

/// `plan-titles`: plans of the local model that every other gate let through (issue 29).
@Suite struct GatePlanTitlesTests {
    static let context = GateContext(
        subject: "Sensation and Perception", notes: "the brain, nervous system, senses, perception",
        instructions: "Focus on how the eye and the ear turn stimuli into signals for the exam")

    static func reasons(_ plan: Plan) -> [String] {
        PlanTitlesGate().apply(.plan(plan), context: context).dropped
    }

    @Test(arguments: [
        ("Key Ideas of the Subject", "is about the subject"),
        ("The main parts of the subject", "is about the subject"),
        ("Key ideas", "is about the subject"),
        ("Tasks", "is about the subject"),
        ("[Title 1]", "is a placeholder"),
        ("Topic 2", "is a placeholder"),
        ("TBD", "is a placeholder"),
        ("Key ideas include", "is a sentence cut off"),
        ("The senses are:", "is a sentence cut off"),
        ("the brain, nervous system, senses, perception", "copies the learner's notes"),
        ("how the eye and the ear turn stimuli into signals", "copies the learner's instructions"),
        ("Rods, cones, the fovea and the optic nerve", "lists 4 ideas in one title"),
    ])
    func dropsAndSaysWhy(_ title: String, _ reason: String) {
        let topicReasons = Self.reasons(Plan(topics: [PlanTopic(title: title, subtopics: ["Retina"])]))
        let subtopicReasons = Self.reasons(Plan(topics: [PlanTopic(title: "Vision", subtopics: [title])]))
        for reasons in [topicReasons, subtopicReasons] {
            #expect(reasons.count == 1 && reasons[0].contains(reason), "\(title): \(reasons)")
        }
        #expect(topicReasons.first?.hasPrefix("dropped topic") == true && subtopicReasons.first?.hasPrefix("dropped subtopic") == true)
    }

    @Test func keepsRealTitles() {
        let plan = Plan(topics: [
            PlanTopic(title: "Sensation versus Perception", subtopics: ["Sensation", "Perception", "Key Properties of Light"]),
            PlanTopic(title: "Waves and Wavelengths", subtopics: ["Amplitude and Wavelength", "Protons, neutrons and electrons"]),
            PlanTopic(title: "The Other Senses", subtopics: ["Touch, Thermoception, and Nociception", "The brain", "Core Concepts of Vision"]),
            PlanTopic(title: "Supply, demand and equilibrium", subtopics: ["Topic modelling", "Subject-verb agreement"]),
        ])
        #expect(Self.reasons(plan).isEmpty, "\(Self.reasons(plan))")
    }

    /// What is left after the drops goes on to `plan-bounds`: a plan with nothing left is
    /// rejected, and written again with the reason.
    @Test func aPlanLeftEmptyIsRejected() throws {
        let family = try #require(try FamilySet.load(directory: RepositoryFiles.prompts.appendingPathComponent("small-model")).planFamily(for: .general))
        #expect(family.gates.gates.contains { $0.name == "plan-titles" })
        let kept = family.gates.apply(
            .plan(Plan(topics: [
                PlanTopic(title: "Sensation and Perception", subtopics: ["The human body's sensory systems"]),
                PlanTopic(title: "Key Ideas of the Subject", subtopics: ["the brain, nervous system, senses, perception"]),
            ])), context: Self.context)
        #expect(kept.rejections.isEmpty && kept.dropped.count == 1, "\(kept)")
        guard case .plan(let plan) = kept.output else { Issue.record("no plan"); return }
        #expect(plan.topics.map(\.title) == ["Sensation and Perception"])
        let empty = family.gates.apply(.plan(Plan(topics: [PlanTopic(title: "Key Ideas of the Subject", subtopics: ["Tasks"])])), context: Self.context)
        #expect(!empty.rejections.isEmpty, "\(empty)")
    }
}
