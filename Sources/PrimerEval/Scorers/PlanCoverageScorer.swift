import PrimerCore

/// Plan coverage and size against a golden plan.
///
/// Generated titles = every topic title and every subtopic title of the plan, pooled (a golden
/// section may come back as a topic and a golden chapter as a subtopic; both count).
/// - `section_coverage` = golden sections matched by some generated title / golden sections;
/// - `topic_coverage` = golden topics matched by some generated title / golden topics (book-level
///   cases only);
/// - `topics`, `subtopics` = generated counts; `size_ratio` = generated subtopics / golden
///   sections; `topic_ratio` = generated topics / golden topics (book level only).
/// Matching is `TitleMatch.matches`. Sizes are neutral metrics (never a regression).
public struct PlanCoverageScorer: Sendable {
    public init() {}

    public struct Result: Sendable, Equatable {
        public var matchedSections: Int
        public var goldenSections: Int
        public var matchedTopics: Int
        public var goldenTopics: Int
        public var generatedTopics: Int
        public var generatedSubtopics: Int
        /// Golden sections no generated title matched, in golden order.
        public var missedSections: [String]

        public var metrics: MetricValues {
            var m: MetricValues = [
                "topics": Double(generatedTopics),
                "subtopics": Double(generatedSubtopics),
            ]
            if goldenSections > 0 {
                m["section_coverage"] = Double(matchedSections) / Double(goldenSections)
                m["size_ratio"] = Double(generatedSubtopics) / Double(goldenSections)
            }
            if goldenTopics > 0 {
                m["topic_coverage"] = Double(matchedTopics) / Double(goldenTopics)
                m["topic_ratio"] = Double(generatedTopics) / Double(goldenTopics)
            }
            return m
        }
    }

    public func score(plan: Plan, golden: GoldenPlan) -> Result {
        let generated = plan.topics.flatMap { [$0.title] + $0.subtopics }.map(TitleMatch.Prepared.init)
        func matched(_ title: String) -> Bool {
            let g = TitleMatch.Prepared(title)
            return generated.contains { TitleMatch.matches(golden: g, generated: $0) }
        }
        let sections = golden.allSections
        let missed = sections.filter { !matched($0) }
        let matchedTopics = golden.topics.filter { matched($0.title) }.count
        return Result(
            matchedSections: sections.count - missed.count, goldenSections: sections.count,
            matchedTopics: matchedTopics, goldenTopics: golden.topics.count,
            generatedTopics: plan.topics.count,
            generatedSubtopics: plan.topics.reduce(0) { $0 + $1.subtopics.count },
            missedSections: missed)
    }
}
