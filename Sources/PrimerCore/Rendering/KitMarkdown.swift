/// The whole kit as a Markdown study guide: plan, then per subtopic the lesson, terms,
/// flashcards and quiz, with the quiz answers collected at the end of each subtopic.
public enum KitMarkdown {
    public static func render(_ kit: Kit) -> String {
        var out = "# \(kit.subject.title)\n\n"
        if !kit.subject.notes.isEmpty { out += "> \(kit.subject.notes.replacingOccurrences(of: "\n", with: "\n> "))\n\n" }
        out += "## Study plan\n\n"
        for (t, topic) in kit.topics.enumerated() {
            out += "\(t + 1). **\(topic.title)**\(topic.overview.isEmpty ? "" : " — \(topic.overview)")\n"
            for subtopic in topic.subtopics { out += "   - \(subtopic.title)\n" }
        }
        for (t, topic) in kit.topics.enumerated() {
            out += "\n## \(t + 1). \(topic.title)\n"
            if !topic.overview.isEmpty { out += "\n\(topic.overview)\n" }
            for (s, subtopic) in topic.subtopics.enumerated() {
                out += "\n### \(t + 1).\(s + 1) \(subtopic.title)\n"
                out += subtopicBody(subtopic)
            }
        }
        return out
    }

    static func subtopicBody(_ subtopic: KitSubtopic) -> String {
        var out = ""
        if let notes = subtopic.notes {
            // The lesson's own headings are pushed below the subtopic's level.
            out += "\n" + demoteHeadings(withoutTitle(notes, subtopic.title), by: 3) + "\n"
        }
        if !subtopic.terms.isEmpty {
            out += "\n#### Terms\n\n"
            for term in subtopic.terms { out += "- **\(term.term)**: \(term.definition)\n" }
        }
        if !subtopic.flashcards.isEmpty {
            out += "\n#### Flashcards\n\n| Front | Back |\n| --- | --- |\n"
            for card in subtopic.flashcards { out += "| \(cell(card.front)) | \(cell(card.back)) |\n" }
        }
        if !subtopic.questions.isEmpty {
            out += "\n#### Quiz\n"
            for (q, question) in subtopic.questions.enumerated() {
                out += "\n\(q + 1). \(question.question)\n"
                for (c, choice) in question.choices.enumerated() { out += "   \(letter(c))) \(choice)\n" }
            }
            out += "\n**Answers**\n\n"
            for (q, question) in subtopic.questions.enumerated() {
                out += "\(q + 1). \(letter(question.correctIndex)) — \(question.explanation)\n"
            }
        }
        if !subtopic.sources.isEmpty {
            out += "\n#### Sources\n\n"
            for source in subtopic.sources { out += "- [\(source.title.isEmpty ? source.url : source.title)](\(source.url))\n" }
        }
        let failed = subtopic.generations.filter { $0.status != "ok" }
        if !failed.isEmpty {
            out += "\n> Missing: " + failed.map { "\($0.family) (\($0.error ?? "failed"))" }.joined(separator: "; ") + "\n"
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

    static func letter(_ index: Int) -> String {
        guard (0..<26).contains(index) else { return "?" }
        return String(UnicodeScalar(UInt8(65 + index)))
    }

    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: "<br>")
    }

    static func demoteHeadings(_ markdown: String, by levels: Int) -> String {
        var inFence = false
        return markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { return String(line) }
            let hashes = line.prefix { $0 == "#" }.count
            return String(repeating: "#", count: min(6, hashes + levels)) + line.dropFirst(hashes)
        }.joined(separator: "\n")
    }
}
