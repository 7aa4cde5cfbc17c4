/// A study plan: topics, each with its subtopics, in study order. The content of the `outline`
/// shape.
public struct Plan: Sendable, Equatable, Codable {
    public var topics: [PlanTopic]
    public init(topics: [PlanTopic]) { self.topics = topics }
}

public struct PlanTopic: Sendable, Equatable, Codable {
    public var title: String
    /// One or two sentences on what the topic covers, when the model gave them.
    public var overview: String
    public var subtopics: [String]
    public init(title: String, overview: String = "", subtopics: [String]) {
        self.title = title
        self.overview = overview
        self.subtopics = subtopics
    }
}
