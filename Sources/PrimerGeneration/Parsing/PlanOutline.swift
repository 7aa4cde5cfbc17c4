import PrimerCore

/// Turns classified outline lines into topics. Three shapes are recognised, tried in order:
/// headings (the shallowest heading level used at least twice holds the topics), labelled
/// lines ("Week 1: Basics", at least two), and nested lists (the least indented items).
/// Requiring two of a kind means a lone "# Study Plan" title is not mistaken for the only topic.
enum PlanOutline {
    static func topics(from lines: [PlanLine]) -> [PlanTopic] {
        var levels: [Int: Int] = [:]
        var labels = 0
        for line in lines {
            if case .heading(let level, let text) = line, !PlanBuilder.isMeta(text) { levels[level, default: 0] += 1 }
            if case .label = line { labels += 1 }
        }
        if let level = levels.filter({ $0.value >= 2 }).keys.min() {
            return byHeadings(lines, level: level)
        }
        if labels >= 2 { return byLabels(lines) }
        return byList(lines)
    }

    private static func byHeadings(_ lines: [PlanLine], level topicLevel: Int) -> [PlanTopic] {
        var builder = PlanBuilder()
        for line in lines {
            switch line {
            case .heading(let level, let text):
                if level == topicLevel {
                    builder.startTopic(text)
                } else if level > topicLevel {
                    builder.addHeadingSubtopic(text)
                } else {
                    builder.endTopic()
                }
            case .item(let indent, let depth, _, let text):
                builder.addSubtopic(text, indent: indent, depth: depth)
            case .label(let text):
                if !text.hasSuffix(":") { builder.addText(text) }
            case .plain(_, let text):
                builder.addText(text)
            }
        }
        return builder.topics
    }

    private static func byLabels(_ lines: [PlanLine]) -> [PlanTopic] {
        var builder = PlanBuilder()
        for line in lines {
            switch line {
            case .label(let text): builder.startTopic(text)
            case .item(let indent, let depth, _, let text): builder.addSubtopic(text, indent: indent, depth: depth)
            case .plain(_, let text): builder.addText(text)
            case .heading: break
            }
        }
        return builder.topics
    }

    /// Topics are the least indented items. When numbered items and bullets share that
    /// indentation ("1. Cells" then "- Organelles" unindented), the numbered ones are topics.
    private static func byList(_ lines: [PlanLine]) -> [PlanTopic] {
        var items: [(indent: Int, depth: Int?)] = []
        for case .item(let indent, let depth, _, _) in lines { items.append((indent, depth)) }
        guard let base = items.map(\.indent).min() else { return [] }
        let atBase = items.filter { $0.indent == base }
        let numberedTopics = atBase.contains { $0.depth == 0 } && atBase.contains { $0.depth == nil }

        var builder = PlanBuilder()
        for line in lines {
            switch line {
            case .item(let indent, let depth, _, let text):
                let isTopic = indent == base && (depth == 0 || (depth == nil && !numberedTopics))
                if isTopic {
                    builder.startTopic(text)
                } else {
                    builder.addSubtopic(text, indent: indent, depth: depth)
                }
            case .plain(_, let text): builder.addText(text)
            case .heading, .label: break
            }
        }
        return builder.topics
    }
}

/// Accumulates topics while an outline is walked.
struct PlanBuilder {
    private(set) var topics: [PlanTopic] = []
    /// Whether lines currently belong to the last topic (false before the first topic and in
    /// sections like "Tips" or "Resources").
    private var open = false
    private var subIndent: Int?
    private var subDepth: Int?
    private var headingSubtopics = false

    // Sections models add around a plan that are not topics of study.
    private static let metaPrefixes = [
        "tips", "study tips", "tips for", "additional resources", "resources", "recommended resources",
        "next steps", "conclusion", "final notes", "final thoughts", "how to use",
    ]
    // Labels that introduce a topic's subtopic list rather than name a topic.
    private static let listIntros: Set<String> = [
        "subtopics", "sub-topics", "topics", "key topics", "key concepts", "topics covered",
        "contents", "outline", "objectives", "learning objectives", "what you'll learn", "focus",
    ]

    static func isMeta(_ text: String) -> Bool {
        let title = LineSyntax.trim(LineSyntax.stripBold(text)).lowercased()
        return metaPrefixes.contains { title.hasPrefix($0) }
    }

    mutating func startTopic(_ raw: String) {
        let (title, overview) = PlanTitle.topic(raw)
        if Self.listIntros.contains(title.lowercased()) { return }
        if title.isEmpty || Self.isMeta(title) {
            endTopic()
            return
        }
        topics.append(PlanTopic(title: title, overview: overview, subtopics: []))
        open = true
        subIndent = nil
        subDepth = nil
        headingSubtopics = false
    }

    mutating func endTopic() { open = false }

    /// A deeper heading under a topic heading is a subtopic; list items under it are then its
    /// details, not more subtopics.
    mutating func addHeadingSubtopic(_ raw: String) {
        guard open else { return }
        headingSubtopics = true
        append(PlanTitle.subtopic(raw))
    }

    /// The first item under a topic sets the subtopic level; deeper items are details.
    mutating func addSubtopic(_ raw: String, indent: Int, depth: Int?) {
        guard open, !headingSubtopics else { return }
        if subIndent == nil {
            subIndent = indent
            subDepth = depth
        }
        guard let subIndent, indent <= subIndent else { return }
        if let depth, let subDepth, depth > subDepth { return }
        append(PlanTitle.subtopic(raw))
    }

    private mutating func append(_ subtopic: String) {
        guard !subtopic.isEmpty, !topics.isEmpty else { return }
        topics[topics.count - 1].subtopics.append(subtopic)
    }

    /// A sentence right under a topic, before its subtopics, is the topic's overview.
    mutating func addText(_ raw: String) {
        guard open, let last = topics.last, last.subtopics.isEmpty, last.overview.isEmpty else { return }
        var text = LineSyntax.trim(LineSyntax.stripBold(raw))
        if let match = text.prefixMatch(of: planOutlinePattern0) {
            text = String(text[match.range.upperBound...])
        }
        if text.count > 2, text.first == text.last, text.first == "*" || text.first == "_" {
            text = String(text.dropFirst().dropLast())
        }
        topics[topics.count - 1].overview = LineSyntax.trim(text)
    }
}

// Regex literals are compiled each time they are evaluated; these are built once (they are
// immutable, hence safe to share).

nonisolated(unsafe) private let planOutlinePattern0 = /(?i)(?:overview|description|summary|goal|focus)\s*:\s*/
