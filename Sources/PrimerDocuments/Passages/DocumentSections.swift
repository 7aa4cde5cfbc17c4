/// A document read as headings and paragraphs: the structure both the splitter and the
/// outline detector work from.
enum DocumentSections {
    struct Paragraph {
        var text: String
        var page: Int?
    }

    struct Section {
        var headingPath: [String]
        var paragraphs: [Paragraph]
    }

    enum Event {
        /// Markdown headings have levels 1…6; "Week 3: …" lines level 7 (below any Markdown heading).
        case heading(level: Int, title: String, page: Int?)
        case paragraph(Paragraph)
    }

    static let structureLevel = 7

    /// Consecutive paragraphs under the same headings, in document order.
    static func read(_ doc: ExtractedDocument, headings: Bool) -> [Section] {
        var sections: [Section] = []
        var stack: [(level: Int, title: String)] = []
        for event in events(doc, headings: headings) {
            switch event {
            case .heading(let level, let title, _):
                while let last = stack.last, last.level >= level { stack.removeLast() }
                stack.append((level, title))
            case .paragraph(let paragraph):
                let path = stack.map(\.title)
                if let last = sections.last, last.headingPath == path {
                    sections[sections.count - 1].paragraphs.append(paragraph)
                } else {
                    sections.append(Section(headingPath: path, paragraphs: [paragraph]))
                }
            }
        }
        return sections
    }

    /// Headings and paragraphs (blocks of lines between blank lines), page by page.
    static func events(_ doc: ExtractedDocument, headings: Bool) -> [Event] {
        let pages: [(text: String, page: Int?)] = doc.pages.map { pages in
            pages.enumerated().map { ($0.element, $0.offset + 1) }
        } ?? [(doc.text, nil)]
        var events: [Event] = []
        for (text, page) in pages {
            var lines: [String] = []
            func endParagraph() {
                if !lines.isEmpty {
                    events.append(.paragraph(Paragraph(text: lines.joined(separator: "\n"), page: page)))
                    lines = []
                }
            }
            let allLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var index = 0
            while index < allLines.count {
                let line = allLines[index]
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                index += 1
                if trimmed.isEmpty {
                    endParagraph()
                    continue
                }
                guard headings else {
                    lines.append(HeadingLine.markdown(line)?.title ?? line)
                    continue
                }
                if let heading = HeadingLine.markdown(line) {
                    endParagraph()
                    events.append(.heading(level: heading.level, title: heading.title, page: page))
                    continue
                }
                // Setext headings: a single line underlined with === or ---.
                if lines.isEmpty, index < allLines.count, HeadingLine.listItem(line) == nil {
                    let next = allLines[index].trimmingCharacters(in: .whitespaces)
                    if next.count >= 3, next.allSatisfy({ $0 == "=" }) || next.allSatisfy({ $0 == "-" }) {
                        events.append(.heading(level: next.first == "=" ? 1 : 2, title: trimmed, page: page))
                        index += 1
                        continue
                    }
                }
                if let title = HeadingLine.structure(line) {
                    endParagraph()
                    events.append(.heading(level: structureLevel, title: title, page: page))
                    continue
                }
                lines.append(line)
            }
            endParagraph()
        }
        return events
    }
}
