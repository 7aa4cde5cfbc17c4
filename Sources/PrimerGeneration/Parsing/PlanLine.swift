import PrimerCore

/// One line of a plan outline, classified by its Markdown shape. The plan parser decides from
/// the whole outline which shapes are topics and which are subtopics.
enum PlanLine: Equatable {
    case heading(level: Int, text: String)
    /// A list item. `depth` comes from the numbering when it tells: 0 for `1.` or `I.`, 1 for
    /// `1.1` or `a.`, 2 for `1.1.1`; nil for bullets, whose depth is their indentation.
    case item(indent: Int, depth: Int?, numbered: Bool, text: String)
    /// A line that is not a list item but names a topic: "Week 1: Basics", "**Cells**",
    /// "Genetics:".
    case label(text: String)
    case plain(indent: Int, text: String)

    init?(_ raw: String) {
        let text = LineSyntax.trim(raw)
        guard !text.isEmpty, !TextCleanup.isFence(text), !LineSyntax.isTableSeparator(text) else {
            return nil
        }
        let indent = LineSyntax.indentation(raw)
        if let (level, title) = LineSyntax.heading(text) {
            self = .heading(level: level, text: title)
        } else if let (depth, numbered, rest) = Self.marker(text) {
            self = .item(indent: indent, depth: depth, numbered: numbered, text: rest)
        } else if Self.hasTopicPrefix(LineSyntax.stripBold(text))
            || (text.hasPrefix("**") && text.hasSuffix("**") && text.count > 4)
            || text.hasSuffix(":")
        {
            self = .label(text: text)
        } else {
            self = .plain(indent: indent, text: text)
        }
    }

    private static func marker(_ text: String) -> (Int?, Bool, String)? {
        if let match = text.prefixMatch(of: planLinePattern0) {
            return (nil, false, String(text[match.range.upperBound...]))
        }
        if let match = text.prefixMatch(of: planLinePattern1) {
            let depth = match.output.1.split(separator: ".").count - 1
            return (depth, true, String(text[match.range.upperBound...]))
        }
        if let match = text.prefixMatch(of: planLinePattern2) {
            return (0, true, String(text[match.range.upperBound...]))
        }
        if let match = text.prefixMatch(of: planLinePattern3) {
            return (1, true, String(text[match.range.upperBound...]))
        }
        return nil
    }

    /// "Topic 1:", "Module 2 —", "Unit 3.", "Week 4", "Chapter 5.", "Part II:" and the like.
    static var topicPrefix: Regex<Substring> {
        planLinePattern4
    }

    /// A topic prefix that is a label before a name: "Topic 1: Cells", "Unit 2 — Cells",
    /// "Week 3" alone; not "Topic 12 of Biology", where the words after the number belong to
    /// the title.
    static var labelPrefix: Regex<Substring> {
        planLinePattern5
    }

    static func hasTopicPrefix(_ text: String) -> Bool {
        text.prefixMatch(of: topicPrefix) != nil
    }
}

// Regex literals are compiled each time they are evaluated; these are built once (they are
// immutable, hence safe to share).
// The ASCII characters the marker patterns and the topic prefix (case-insensitive) can start with.

nonisolated(unsafe) private let planLinePattern0 = /[-*•+]\s+/
nonisolated(unsafe) private let planLinePattern1 = /(\d+(?:\.\d+)+)\.?\s+/
nonisolated(unsafe) private let planLinePattern2 = /(?:\d+|[IVX]+)[.)]\s+|\(\d+\)\s+/
nonisolated(unsafe) private let planLinePattern3 = /[a-z][.)]\s+|\([a-z]\)\s+/
nonisolated(unsafe) private let planLinePattern4 = /(?i)(?:topic|module|unit|weeks?|chapter|part|lesson|section|days?|phase|stage|session)\s+(?:\d+(?:\s*[-–]\s*\d+)?|[IVX]+)\s*[:.)\-–—]?\s*/
nonisolated(unsafe) private let planLinePattern5 = /(?i)(?:topic|module|unit|weeks?|chapter|part|lesson|section|days?|phase|stage|session)\s+(?:\d+(?:\s*[-–]\s*\d+)?|[IVX]+)\s*(?:[:.)\-–—]\s*|$)/
