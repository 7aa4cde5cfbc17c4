import Yams
import PrimerCore

/// `plan-bounds` (plan only, answer-level): the number of topics and the number of subtopics of
/// each topic must be within bounds; otherwise the answer is rejected with one reason per
/// problem, naming the topic.
///
/// ```yaml
/// - plan-bounds: {topics: {min: 2, max: 12}, subtopics: {min: 2, max: 10}}
/// ```
/// Without options: at least 1 topic and at least 1 subtopic per topic.
struct PlanBoundsGate: Gate {
    static let gateName = "plan-bounds"
    var name: String { Self.gateName }

    var topics: GateBounds
    var subtopics: GateBounds

    init(topics: GateBounds, subtopics: GateBounds) {
        self.topics = topics
        self.subtopics = subtopics
    }

    init(options: Node?) throws {
        var reader = try GateOptions(gate: Self.gateName, node: options)
        let topics = try reader.nestedBounds("topics") ?? GateBounds(min: 1)
        let subtopics = try reader.nestedBounds("subtopics") ?? GateBounds(min: 1)
        try reader.finish()
        self.init(topics: topics, subtopics: subtopics)
    }

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        guard case .plan(let plan) = output else { return GateVerdict(output: output) }
        var rejections: [String] = []
        let n = plan.topics.count
        if let min = topics.min, n < min {
            rejections.append("the plan has \(GateText.count(n, "topic")); write at least \(min)")
        }
        if let max = topics.max, n > max {
            rejections.append("the plan has \(GateText.count(n, "topic")); write at most \(max)")
        }
        for topic in plan.topics {
            let k = topic.subtopics.count
            if let min = subtopics.min, k < min {
                rejections.append("topic \(GateText.quote(topic.title)) has \(GateText.count(k, "subtopic")); write at least \(min)")
            }
            if let max = subtopics.max, k > max {
                rejections.append("topic \(GateText.quote(topic.title)) has \(GateText.count(k, "subtopic")); write at most \(max)")
            }
        }
        return GateVerdict(output: output, rejections: rejections)
    }
}
