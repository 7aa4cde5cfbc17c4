import Yams
import PrimerCore

/// `dedupe-plan` (plan only): drops repeated topics and subtopics, compared normalised (case,
/// diacritics, punctuation, articles). Subtopics are deduplicated across the whole plan, not just
/// within a topic, because each subtopic becomes its own lesson and cards: the second "Dot
/// product" would generate the same material twice.
///
/// A repeated topic's subtopics are merged into the first topic of that name (then deduplicated
/// like any other) rather than lost. Topics left with no subtopics stay: plan-bounds rejects
/// them, so the model is told. No options.
struct DedupePlanGate: OptionlessGate {
    static let gateName = "dedupe-plan"

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        guard case .plan(let plan) = output else { return GateVerdict(output: output) }
        var dropped: [String] = []

        // Topics first: merge repeated ones into the first of their name.
        var topics: [PlanTopic] = []
        var topicIndex: [String: Int] = [:]
        for topic in plan.topics {
            let key = GateText.normalize(topic.title)
            if let first = topicIndex[key] {
                topics[first].subtopics += topic.subtopics
                if topics[first].overview.isEmpty { topics[first].overview = topic.overview }
                dropped.append("dropped duplicate topic \(GateText.quote(topic.title)) (its subtopics merged into the first)")
            } else {
                topicIndex[key] = topics.count
                topics.append(topic)
            }
        }

        // Then subtopics across the whole plan, in order.
        var seen: [String: String] = [:]  // normalised subtopic → title of the topic holding it
        for t in topics.indices {
            let title = topics[t].title
            topics[t].subtopics = topics[t].subtopics.filter { subtopic in
                let key = GateText.normalize(subtopic)
                if let holder = seen[key] {
                    let where_ = holder == title ? "" : " (already in \(GateText.quote(holder)))"
                    dropped.append("dropped duplicate subtopic \(GateText.quote(subtopic)) in \(GateText.quote(title))\(where_)")
                    return false
                }
                seen[key] = title
                return true
            }
        }
        return GateVerdict(output: .plan(Plan(topics: topics)), dropped: dropped)
    }
}
