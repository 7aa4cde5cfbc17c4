/// One section of a syllabus or outline: "Week 3: Thermodynamics" and what it lists, with the
/// first sentence of its text (an overview of the section, when it has one).
public struct OutlineSection: Sendable, Codable, Equatable {
    public var title: String
    public var items: [String]
    public var overview: String

    public init(title: String, items: [String] = [], overview: String = "") {
        self.title = title
        self.items = items
        self.overview = overview
    }
}

/// Recognises documents that are outlines (a syllabus, a table of contents, a course plan)
/// so the plan can follow their structure rather than invent one.
public enum DocumentOutline {
    /// The document's sections, or nil when it does not look like an outline. Sections are,
    /// in order of preference: numbered structure lines ("Week 1: …", "Unit 2 — …",
    /// "Chapter 3") when there are more of them than of any Markdown heading level; else the
    /// shallowest Markdown heading level used at least twice; else top-level numbered lines
    /// ("1. Cells") when there are at least three, numbered in order. Items are real headings:
    /// a section's subheadings one level down when it has some (a textbook chapter's sections
    /// and their subsections), else its list items and one-line paragraphs that read as
    /// headings — never a sentence of prose.
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
        // Per open section: its subheadings with their levels, and the lines it lists before its
        // first subheading (a list after one belongs to that subsection, not to the section).
        var subheadings: [(level: Int, title: String)] = []
        var listed: [String] = []
        var open = false
        func close() {
            guard open else { return }
            // The shallowest level of subheadings is the section's parts; deeper ones are theirs.
            let partLevel = subheadings.map(\.level).min()
            result[result.count - 1].items = listed + subheadings.filter { $0.level == partLevel }.map(\.title)
            (subheadings, listed, open) = ([], [], false)
        }
        for event in events {
            switch event {
            case .heading(let headingLevel, let title, _):
                if headingLevel <= level { close() }
                if headingLevel == level {
                    result.append(OutlineSection(title: headingTitle(title)))
                    open = true
                } else if open && headingLevel > level {
                    subheadings.append((headingLevel, headingTitle(title)))
                }
            case .paragraph(let paragraph):
                guard open else { continue }
                if subheadings.isEmpty && result[result.count - 1].overview.isEmpty && listed.isEmpty,
                    let sentence = firstSentence(paragraph.text)
                {
                    result[result.count - 1].overview = sentence
                }
                if subheadings.isEmpty { listed += items(in: paragraph.text) }
            }
        }
        close()
        return result.count >= 2 ? result : nil
    }

    /// List items of a paragraph that read as headings; a paragraph of one such line is an item
    /// too. Prose is not: a line that ends as a sentence ends ("Grading: two exams and weekly
    /// quizzes."), or runs past twelve words.
    static func items(in paragraph: String) -> [String] {
        let lines = paragraph.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let listed = lines.compactMap(HeadingLine.listItem)
        if !listed.isEmpty { return listed.filter(readsAsHeading) }
        if lines.count == 1, readsAsHeading(lines[0]) { return lines }
        return []
    }

    /// Short, and not a sentence: at most 12 words and 100 characters, not ending in . ! ? ;
    /// or : (an abbreviation such as "etc." aside, a heading does not end with a full stop, and
    /// "Solutions exhibit these defining traits:" leads into a list).
    static func readsAsHeading(_ line: String) -> Bool {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty, words.count <= 12, line.count <= 100 else { return false }
        guard let last = line.last else { return false }
        return !".!?;:".contains(last) || line.hasSuffix("etc.")
    }

    /// A heading's title as a plan shows it: one in capitals ("THE PANIC OF 1819") is written in
    /// title case ("The Panic of 1819"), so it reads as the others do.
    static func headingTitle(_ title: String) -> String {
        let letters = title.filter(\.isLetter)
        guard letters.count >= 4, letters.allSatisfy({ $0.isUppercase }) else { return title }
        let small: Set<String> = ["a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to", "vs"]
        return title.lowercased().split(separator: " ", omittingEmptySubsequences: false).enumerated().map { index, word in
            // The first letter, after any opening quote or bracket ("“invisible" → "“Invisible").
            guard index == 0 || !small.contains(String(word)), let letter = word.firstIndex(where: \.isLetter) else { return String(word) }
            return word[..<letter] + word[letter...].prefix(1).uppercased() + word[word.index(after: letter)...]
        }.joined(separator: " ")
    }

    /// The first sentence of a paragraph of prose (at most 240 characters), nil for a list or a
    /// short line.
    static func firstSentence(_ paragraph: String) -> String? {
        let text = paragraph.split(separator: "\n").joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard text.split(whereSeparator: \.isWhitespace).count > 12, HeadingLine.listItem(text) == nil else { return nil }
        var end = text.endIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if ".!?".contains(text[index]), next == text.endIndex || text[next] == " " {
                end = next
                break
            }
            index = next
        }
        let sentence = String(text[..<end])
        return sentence.count <= 240 ? sentence : String(sentence.prefix(239)) + "…"
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
                let item = HeadingLine.listItem(line) ?? trimmed
                if readsAsHeading(item) { result[result.count - 1].items.append(item) }
            }
        }
        return result.count >= 3 ? result : nil
    }
}
