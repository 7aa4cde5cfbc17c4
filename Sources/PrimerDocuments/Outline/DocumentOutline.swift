/// One section of a syllabus or outline: "Week 3: Thermodynamics" and what it lists.
public struct OutlineSection: Sendable, Codable, Equatable {
    public var title: String
    public var items: [String]

    public init(title: String, items: [String] = []) {
        self.title = title
        self.items = items
    }
}

/// Recognises documents that are outlines (a syllabus, a table of contents, a course plan)
/// so the plan can follow their structure rather than invent one.
public enum DocumentOutline {
    /// The document's sections, or nil when it does not look like an outline. Sections are,
    /// in order of preference: numbered structure lines ("Week 1: …", "Unit 2 — …",
    /// "Chapter 3") when there are more of them than of any Markdown heading level; else the
    /// shallowest Markdown heading level used at least twice; else top-level numbered lines
    /// ("1. Cells") when there are at least three, numbered in order. Items are the deeper
    /// headings, list items and one-line paragraphs inside each section.
    public static func detect(_ doc: ExtractedDocument) -> [OutlineSection]? {
        let events = DocumentSections.events(doc, headings: true)
        let structureCount = events.filter { if case .heading(DocumentSections.structureLevel, _, _) = $0 { true } else { false } }.count
        var markdownLevel: (level: Int, count: Int)? = nil
        for level in 1...6 {
            let count = events.filter { if case .heading(level, _, _) = $0 { true } else { false } }.count
            if count >= 2 { markdownLevel = (level, count); break }
        }
        if structureCount >= 2, structureCount > (markdownLevel?.count ?? 0) {
            return sections(events, level: DocumentSections.structureLevel)
        }
        if let markdownLevel {
            return sections(events, level: markdownLevel.level)
        }
        return numberedSections(doc)
    }

    /// Sections headed at `level`; a shallower heading ends the current section.
    private static func sections(_ events: [DocumentSections.Event], level: Int) -> [OutlineSection]? {
        var result: [OutlineSection] = []
        var open = false
        for event in events {
            switch event {
            case .heading(let headingLevel, let title, _):
                if headingLevel == level {
                    result.append(OutlineSection(title: title))
                    open = true
                } else if headingLevel < level {
                    open = false
                } else if open {
                    result[result.count - 1].items.append(title)
                }
            case .paragraph(let paragraph):
                if open { result[result.count - 1].items += items(in: paragraph.text) }
            }
        }
        return result.count >= 2 ? result : nil
    }

    /// List items of a paragraph; a paragraph of one short line is an item too. Prose is not.
    static func items(in paragraph: String) -> [String] {
        let lines = paragraph.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let listed = lines.compactMap(HeadingLine.listItem)
        if !listed.isEmpty { return listed }
        if lines.count == 1, lines[0].count <= 120 { return lines }
        return []
    }

    /// "1. Cells" lines at the start of a line (not indented), at least three, numbered in
    /// increasing order; indented lines and bullets below each are its items.
    private static func numberedSections(_ doc: ExtractedDocument) -> [OutlineSection]? {
        var result: [OutlineSection] = []
        var lastNumber = 0
        for line in doc.text.split(separator: "\n").map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            if line.first?.isNumber == true, let numbered = HeadingLine.numbered(line), numbered.number > lastNumber {
                result.append(OutlineSection(title: numbered.title))
                lastNumber = numbered.number
            } else if !result.isEmpty, line.first == " " || line.first == "\t" || HeadingLine.listItem(line) != nil {
                result[result.count - 1].items.append(HeadingLine.listItem(line) ?? trimmed)
            }
        }
        return result.count >= 3 ? result : nil
    }
}
