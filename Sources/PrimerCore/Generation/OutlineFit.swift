/// Whether a document's outline can be followed by the plan family. A long book whose chapters
/// read as a 200-section syllabus cannot: the plan family's `plan-bounds` gate allows a dozen
/// topics, so a plan that follows the outline is rejected on every attempt. Such an outline is
/// set aside and the plan is made without it (the subtopics still draw on the document's
/// passages).
enum OutlineFit {
    /// Why `outline` cannot be followed within the plan family's bounds, or nil when it can (or
    /// there is no outline, or the family sets no bounds).
    static func problem(_ outline: [PlanTopic], planFamily: PromptFamily) -> String? {
        guard !outline.isEmpty,
            let bounds = planFamily.gates.gates.lazy.compactMap({ $0 as? PlanBoundsGate }).first
        else { return nil }
        if let max = bounds.topics.max, outline.count > max {
            return "the document outline has \(outline.count) sections and the plan allows at most \(max) topics"
        }
        if let max = bounds.subtopics.max, let section = outline.first(where: { $0.subtopics.count > max }) {
            return "section \"\(section.title)\" of the document outline lists \(section.subtopics.count) items "
                + "and the plan allows at most \(max) subtopics per topic"
        }
        return nil
    }
}
