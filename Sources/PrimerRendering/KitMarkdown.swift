import PrimerCore

/// The whole kit as a Markdown study guide: plan, then per subtopic the lesson and every other
/// family's content in family order, with a quiz's answers after its questions.
///
/// Model text is untrusted: raw HTML shows as text, unsafe links are made inert, a code fence a
/// lesson leaves open is closed (`MarkdownSafe`), and control characters are made visible
/// (`TerminalSafe`), since the guide is also printed to a terminal.
public enum KitMarkdown {
    public static func render(_ kit: Kit) -> String {
        var out = "# \(inline(kit.subject.title))\n\n"
        if !kit.subject.notes.isEmpty { out += "> \(MarkdownSafe.block(kit.subject.notes).replacingOccurrences(of: "\n", with: "\n> "))\n\n" }
        out += "## Study plan\n\n"
        for (t, topic) in kit.topics.enumerated() {
            out += "\(t + 1). **\(inline(topic.title))**\(topic.overview.isEmpty ? "" : " — \(inline(topic.overview))")\n"
            for subtopic in topic.subtopics { out += "   - \(inline(subtopic.title))\n" }
        }
        for (t, topic) in kit.topics.enumerated() {
            out += "\n## \(t + 1). \(inline(topic.title))\n"
            if !topic.overview.isEmpty { out += "\n\(MarkdownSafe.block(topic.overview))\n" }
            for (s, subtopic) in topic.subtopics.enumerated() {
                out += "\n### \(t + 1).\(s + 1) \(inline(subtopic.title))\n"
                out += subtopicBody(subtopic)
            }
        }
        return TerminalSafe.text(out)
    }

    /// Text on one line of the guide (a title, a term, a choice): its line breaks become spaces,
    /// so it cannot start a heading or a list of its own.
    static func inline(_ text: String) -> String {
        MarkdownSafe.text(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    static func subtopicBody(_ subtopic: KitSubtopic) -> String {
        var out = ""
        let lesson = subtopic.lessonContent
        for content in subtopic.contentLessonFirst where !content.items.isEmpty {
            out += render(content, subtopicTitle: subtopic.title, isLesson: content == lesson)
        }
        if !subtopic.sources.isEmpty {
            out += "\n#### Sources\n\n"
            for source in subtopic.sources {
                out += "- [\(inline(source.title.isEmpty ? source.url : source.title))](\(MarkdownSafe.url(source.url)))\n"
            }
        }
        let failed = subtopic.generations.filter { $0.status != "ok" }
        if !failed.isEmpty {
            out += "\n> Missing: " + failed.map { "\($0.family) (\(inline($0.error ?? "failed")))" }.joined(separator: "; ") + "\n"
        }
        return out
    }

    /// One family's content in its shape's layout: a lesson as text, pairs as a table with the
    /// family's column names, choices with their answers after them, cloze notes as a list.
    static func render(_ content: KitContent, subtopicTitle: String, isLesson: Bool) -> String {
        var out = isLesson ? "" : "\n#### \(inline(content.labels.title))\n"
        switch content.shape {
        case .lesson:
            for case .lesson(let text) in content.items.map(\.content) {
                // The lesson's own headings are pushed below the subtopic's level.
                out += "\n" + MarkdownSafe.block(demoteHeadings(withoutTitle(text, subtopicTitle), by: 3)) + "\n"
            }
        case .pair:
            let labels = content.labels
            out += "\n| \(cell(labels.heading("front"))) | \(cell(labels.heading("back"))) |\n| --- | --- |\n"
            for case .pair(let pair) in content.items.map(\.content) { out += "| \(cell(pair.front)) | \(cell(pair.back)) |\n" }
        case .choice:
            let questions = content.items.compactMap { item -> ChoiceItem? in
                if case .choice(let question) = item.content { question } else { nil }
            }
            for (q, question) in questions.enumerated() {
                out += "\n\(q + 1). \(inline(question.question))\n"
                for (c, choice) in question.choices.enumerated() { out += "   \(ChoiceLetter.of(c))) \(inline(choice))\n" }
            }
            out += "\n**Answers**\n\n"
            for (q, question) in questions.enumerated() {
                out += "\(q + 1). \(ChoiceLetter.of(question.correctIndex)) — \(inline(question.explanation))\n"
            }
        case .cloze:
            out += "\n"
            for case .cloze(let cloze) in content.items.map(\.content) {
                out += "- \(inline(ClozeText.plain(cloze.text)))\(cloze.extra.isEmpty ? "" : " — \(inline(cloze.extra))")\n"
            }
        case .outline:
            break
        default:
            for case .shaped(let item) in content.items.map(\.content) {
                out += "\n" + (item.definition?.markdown(item, labels: content.labels) ?? "") + "\n"
            }
        }
        return out
    }

    /// The lesson usually opens with `# <subtopic>`, which the guide already shows as a heading.
    static func withoutTitle(_ notes: String, _ title: String) -> String {
        let lines = notes.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix("# "),
            first.dropFirst(2).trimmingCharacters(in: .whitespaces).lowercased() == title.lowercased()
        else { return notes }
        return lines.count > 1 ? String(lines[1]).trimmingCharacters(in: .newlines) : ""
    }

    static func cell(_ text: String) -> String {
        MarkdownSafe.text(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: "<br>")
    }

    static func demoteHeadings(_ markdown: String, by levels: Int) -> String {
        var fence = MarkdownFence()
        return markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard !fence.isCode(line), line.hasPrefix("#") else { return String(line) }
            let hashes = line.prefix { $0 == "#" }.count
            return String(repeating: "#", count: min(6, hashes + levels)) + line.dropFirst(hashes)
        }.joined(separator: "\n")
    }
}
