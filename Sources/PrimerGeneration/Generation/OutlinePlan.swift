import PrimerCore

/// How a plan used the documents' outline: how many sections it had, and what the plan left
/// out of it and why. Shown by the progress line and the run's summary, and kept in eval results.
public struct OutlineUse: Sendable, Equatable, Codable {
    /// Sections of the documents' outline (every document's, in order).
    public var sections: Int
    /// Topics of the plan made from it.
    public var topics: Int
    /// What the plan left out, each with why ("‘Deafness’ of ‘Hearing’: the plan takes at most 4 subtopics per topic").
    public var leftOut: [String]

    public init(sections: Int, topics: Int, leftOut: [String] = []) {
        self.sections = sections
        self.topics = topics
        self.leftOut = leftOut
    }
}

/// A plan made from the documents' outline: each section is a topic, in order, and its parts
/// (the subheadings of a textbook chapter's section, the items of a syllabus week) are its
/// subtopics. The model is not asked: the learner's document already says what the kit covers,
/// and the small local model cannot copy a six-section chapter into its four-topic schema (it
/// followed 1 chapter outline in 12). The outline is condensed, never set aside: course
/// furniture (a "Summary", "Review Questions") and repeats are left out, a section's parts are
/// cut to what the plan family allows per topic, and a very long outline (a whole book) to a
/// number of topics the learner can raise. Everything left out is said.
public enum OutlinePlan {
    /// Topics a plan takes from an outline when the learner sets no other number
    /// (`PipelineOptions.maxTopics`): a textbook chapter has 4–10 sections; a 200-chapter book
    /// would be a thousand subtopics.
    public static let defaultMaxTopics = 20

    /// The topics `outline` gives within `maxTopics` topics and the plan family's subtopics per
    /// topic (its `plan-bounds` gate), and what was left out.
    static func condense(_ outline: [PlanTopic], planFamily: PromptFamily?, maxTopics: Int?) -> (topics: [PlanTopic], use: OutlineUse) {
        let bounds = planFamily?.gates.gates.lazy.compactMap({ $0 as? PlanBoundsGate }).first
        let perTopic = bounds?.subtopics.max ?? Int.max
        let topicLimit = maxTopics ?? defaultMaxTopics
        var leftOut: [String] = []
        var seen = Set<String>()
        var topics: [PlanTopic] = []
        var extraSections: [String] = []
        // Course furniture ("Summary", "Review Questions") is said once, for the whole outline.
        var furniture: [String] = []
        for section in outline {
            let key = GateText.normalize(section.title)
            if MetaLabelsGate.isMetaLabel(section.title) {
                furniture.append(section.title)
                continue
            }
            guard seen.insert(key).inserted else {
                leftOut.append("section \(GateText.quote(section.title)): a repeat of an earlier title")
                continue
            }
            guard topics.count < topicLimit else {
                extraSections.append(section.title)
                continue
            }
            var parts: [String] = []
            var repeats: [String] = []
            for item in section.subtopics {
                if MetaLabelsGate.isMetaLabel(item) {
                    furniture.append(item)
                } else if seen.insert(GateText.normalize(item)).inserted {
                    parts.append(item)
                } else {
                    repeats.append(item)
                }
            }
            if !repeats.isEmpty {
                leftOut.append("\(list(repeats)) of \(GateText.quote(section.title)): a repeat of an earlier title")
            }
            if parts.count > perTopic {
                leftOut.append(
                    "\(list(Array(parts[perTopic...]))) of \(GateText.quote(section.title)): the plan takes at most \(perTopic) subtopics per topic")
                parts = Array(parts.prefix(perTopic))
            }
            // A section without parts is studied whole: its title is its one subtopic.
            topics.append(PlanTopic(title: section.title, overview: section.overview, subtopics: parts.isEmpty ? [section.title] : parts))
        }
        if !furniture.isEmpty {
            var distinct: [String] = []
            for title in furniture where !distinct.contains(title) { distinct.append(title) }
            leftOut.append("\(furniture.count) heading\(furniture.count == 1 ? "" : "s") of course furniture, not content (\(list(distinct)))")
        }
        if !extraSections.isEmpty {
            leftOut.append(
                "\(extraSections.count) section\(extraSections.count == 1 ? "" : "s") after the first \(topicLimit) (\(list(Array(extraSections.prefix(3))))\(extraSections.count > 3 ? ", …" : "")): the plan takes at most \(topicLimit) topics")
        }
        return (topics, OutlineUse(sections: outline.count, topics: topics.count, leftOut: leftOut))
    }

    /// The plan family's outcome for a plan made from the outline: stored as the family's
    /// generation with the document as its provider, no attempts and no calls.
    public static func outcome(_ topics: [PlanTopic], planFamily: PromptFamily) -> GenerationOutcome {
        GenerationOutcome(
            output: .plan(Plan(topics: topics)),
            record: GenerationRecord(
                family: planFamily.name, familyVersion: planFamily.version, familyHash: planFamily.contentHash,
                provider: Self.provider, model: Self.model, attempts: [], status: .ok),
            providerCalls: 0)
    }

    /// The provider and model a plan made from an outline records (its provenance).
    public static let provider = "document"
    public static let model = "outline"

    private static func list(_ titles: [String]) -> String {
        titles.map { GateText.quote($0) }.joined(separator: ", ")
    }
}
