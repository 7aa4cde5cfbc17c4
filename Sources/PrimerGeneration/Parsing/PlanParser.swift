import PrimerCore

/// A study plan from a Markdown outline (headings or nested lists, numbered or bulleted) or
/// from JSON. Topics without subtopics are kept: whether a plan is good enough is the gates'
/// call.
public enum PlanParser {
    static let format = """
        write each topic as a top-level `- Topic — one-line overview` bullet with its subtopics \
        as indented `- ` bullets beneath it
        """

    public static func parse(_ text: String) throws -> Plan {
        if let json = JSONExtraction.extract(text) {
            let topics = fromJSON(json)
            if !topics.isEmpty { return Plan(topics: topics) }
        }
        let lines = TextCleanup.lines(text)
            .filter { !TextCleanup.isChatter($0) }
            .compactMap(PlanLine.init)
        let topics = PlanOutline.topics(from: lines)
        guard !topics.isEmpty else {
            throw ParseFailure.nothingFound("plan topics", format: format, in: text)
        }
        return Plan(topics: topics)
    }

    /// `{"topics": [{"title", "overview", "subtopics": [string or {"title"}]}]}`, a bare array
    /// of topics, or `{"plan": {"topics": …}}`.
    static func fromJSON(_ json: Any) -> [PlanTopic] {
        let items = JSONAccess.items(json, containers: ["topics", "plan", "modules", "units", "sections"]) ?? []
        return items.compactMap { item in
            guard let object = item as? [String: Any],
                let rawTitle = JSONAccess.string(object, ["title", "name", "topic", "heading"])
            else { return nil }
            let (title, inlineOverview) = PlanTitle.topic(rawTitle)
            guard !title.isEmpty else { return nil }
            let overview = JSONAccess.string(object, ["overview", "description", "summary", "goal"])
            let list = JSONAccess.value(object, ["subtopics", "sub_topics", "children", "lessons", "items", "topics"])
            let subtopics = (list as? [Any] ?? []).compactMap { element -> String? in
                let name = (element as? String)
                    ?? (element as? [String: Any]).flatMap { JSONAccess.string($0, ["title", "name", "topic", "subtopic"]) }
                return name.map(PlanTitle.subtopic).flatMap { $0.isEmpty ? nil : $0 }
            }
            return PlanTopic(title: title, overview: overview ?? inlineOverview, subtopics: subtopics)
        }
    }
}

/// Cleans topic and subtopic titles: bold, "Topic 1:"-style prefixes, trailing colons, and an
/// overview written on the same line ("Cells — the unit of life").
enum PlanTitle {
    private static let separators = [": ", " — ", " – ", " - "]

    static func topic(_ raw: String) -> (title: String, overview: String) {
        var text = LineSyntax.trim(LineSyntax.stripBold(raw))
        if PlanLine.hasTopicPrefix(text), let match = text.prefixMatch(of: PlanLine.labelPrefix) {
            let rest = LineSyntax.trim(text[match.range.upperBound...])
            // "Week 1" alone is the whole title; only strip the prefix when a name follows it.
            if !rest.isEmpty { text = rest }
        }
        text = withoutTrailingColon(text)
        if let (title, overview) = LineSyntax.split(text, at: separators) {
            return (withoutTrailingColon(title), overview)
        }
        return (text, "")
    }

    /// Subtopics keep only their name: a description after a separator is dropped because the
    /// subtopic is used as a title for the notes written about it.
    static func subtopic(_ raw: String) -> String {
        topic(raw).title
    }

    private static func withoutTrailingColon(_ text: String) -> String {
        var text = LineSyntax.trim(text)
        while text.hasSuffix(":") { text = LineSyntax.trim(text.dropLast()) }
        return text
    }
}
