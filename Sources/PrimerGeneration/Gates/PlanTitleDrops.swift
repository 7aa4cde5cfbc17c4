import PrimerCore

/// The one way plan gates drop titles (`meta-labels`, `plan-titles`): a topic whose title is
/// dropped takes its subtopics with it, and every drop is one reason line.
enum PlanTitleDrops {
    /// The plan without the titles `reason` speaks against. `reason(title, topic)` is the line
    /// for a dropped title (`topic` nil for a topic, its topic's title for a subtopic), or nil.
    static func apply(_ plan: Plan, reason: (_ title: String, _ topic: String?) -> String?) -> GateVerdict {
        var dropped: [String] = []
        var topics: [PlanTopic] = []
        for var topic in plan.topics {
            if let line = reason(topic.title, nil) {
                dropped.append(line)
                continue
            }
            topic.subtopics = topic.subtopics.filter { subtopic in
                guard let line = reason(subtopic, topic.title) else { return true }
                dropped.append(line)
                return false
            }
            topics.append(topic)
        }
        return GateVerdict(output: .plan(Plan(topics: topics)), dropped: dropped)
    }
}
