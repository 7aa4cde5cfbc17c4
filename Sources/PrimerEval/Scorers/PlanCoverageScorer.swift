import PrimerCore

/// Plan coverage and size against a golden plan.
///
/// Generated titles = every topic title and every subtopic title of the plan, pooled (a golden
/// section may come back as a topic and a golden chapter as a subtopic; both count). An echo, a
/// title all of whose content words are words of the subject's title or of its own topic's
/// title ("The Courts → [The Courts]", "Biology → [Introduction to Biology]"), names nothing
/// the subject did not: it matches only a golden section (or chapter) that is itself such an
/// echo of its chapter or book ("Sensation versus Perception" in "Sensation and Perception").
/// - `section_coverage` = golden sections matched / golden sections, one to one: each generated
///   title covers at most one golden section (the sections of a maximum matching between golden
///   sections and the titles that match them), so one broad title cannot cover five sections;
/// - `topic_coverage` = golden topics matched one to one by generated titles / golden topics
///   (book-level cases only);
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

    /// `subject`: the title the plan was asked for (its echoes match nothing).
    public func score(plan: Plan, golden: GoldenPlan, subject: String = "") -> Result {
        let subjectWords = EvalText.keywords(subject)
        var titles: [String] = []
        var echoes: [Bool] = []
        for topic in plan.topics {
            titles.append(topic.title)
            echoes.append(Self.isEcho(topic.title, of: subjectWords))
            let owners = subjectWords.union(EvalText.keywords(topic.title))
            titles += topic.subtopics
            echoes += topic.subtopics.map { Self.isEcho($0, of: owners) }
        }
        let generated = titles.map(TitleMatch.Prepared.init)
        // A golden section that itself only repeats its chapter's or the book's words may be
        // matched by such a title; any other is matched only by a title that adds words.
        var sections: [(title: String, echo: Bool)] = golden.topics.flatMap { topic in
            let owners = subjectWords.union(EvalText.keywords(topic.title))
            return topic.sections.map { ($0, Self.isEcho($0, of: owners)) }
        }
        sections += golden.sections.map { ($0, Self.isEcho($0, of: subjectWords)) }
        let sectionMatches = Self.matching(sections, generated, echoes: echoes)
        let missed = sections.indices.filter { sectionMatches[$0] == nil }.map { sections[$0].title }
        let chapters = golden.topics.map { ($0.title, Self.isEcho($0.title, of: subjectWords)) }
        let matchedTopics = Self.matching(chapters, generated, echoes: echoes).compactMap { $0 }.count
        return Result(
            matchedSections: sections.count - missed.count, goldenSections: sections.count,
            matchedTopics: matchedTopics, goldenTopics: golden.topics.count,
            generatedTopics: plan.topics.count,
            generatedSubtopics: plan.topics.reduce(0) { $0 + $1.subtopics.count },
            missedSections: missed)
    }

    /// A title that adds no content word to `owners` (the subject's and its topic's words).
    static func isEcho(_ title: String, of owners: Set<String>) -> Bool {
        let words = EvalText.keywords(title)
        return EvalText.mentionedCount(words, by: owners) == words.count
    }

    /// A maximum one-to-one matching of golden titles to generated titles that match them
    /// (`TitleMatch.matches`), by augmenting paths: for each golden title, the index of its
    /// generated title, or nil.
    static func matching(_ golden: [(title: String, echo: Bool)], _ generated: [TitleMatch.Prepared], echoes: [Bool]) -> [Int?] {
        let candidates = golden.map { title, echo in
            let g = TitleMatch.Prepared(title)
            return generated.indices.filter { (echo || !echoes[$0]) && TitleMatch.matches(golden: g, generated: generated[$0]) }
        }
        var owner = [Int?](repeating: nil, count: generated.count)
        func augment(_ g: Int, _ seen: inout [Bool]) -> Bool {
            for t in candidates[g] where !seen[t] {
                seen[t] = true
                if owner[t] == nil || augment(owner[t]!, &seen) {
                    owner[t] = g
                    return true
                }
            }
            return false
        }
        for g in golden.indices {
            var seen = [Bool](repeating: false, count: generated.count)
            _ = augment(g, &seen)
        }
        var result = [Int?](repeating: nil, count: golden.count)
        for (t, g) in owner.enumerated() { if let g { result[g] = t } }
        return result
    }
}
