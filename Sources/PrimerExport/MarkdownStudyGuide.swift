import Foundation
import PrimerCore
import PrimerRendering

/// The Markdown study guide: one file, whatever the number of kits.
///
/// Per subject (a `#` part; several subjects are separated by `---`): the subject's notes,
/// the study plan, then per topic (`##`) and subtopic (`###`) the lesson, key terms,
/// flashcards, quiz questions (without their answers) and sources. Quiz questions are numbered
/// Q1, Q2, … through the subject. The answer key comes once, at the very END of the guide
/// (`# Answer key`, a `##` section per subject): letter, choice and explanation per question.
/// Lessons are Markdown and go in as they are (their headings demoted below the subtopic), but
/// model text is untrusted: raw HTML shows as written, links other than http(s), mailto and
/// relative ones are made inert, a code fence a lesson leaves open is closed at the end of that
/// lesson (`MarkdownSafe`), and control characters are made visible (`TerminalSafe`).
/// Card cells are escaped so text like `<b>` shows as written.
public enum MarkdownStudyGuide {
    public static func render(_ kits: [Kit]) -> String {
        var parts: [String] = []
        var keys: [(subject: String, answers: [String])] = []
        for kit in kits {
            let (body, answers) = renderSubject(kit)
            parts.append(body)
            if !answers.isEmpty { keys.append((kit.subject.title, answers)) }
        }
        var out = parts.joined(separator: "\n---\n\n")
        if !keys.isEmpty {
            out += "\n---\n\n# Answer key\n"
            for key in keys {
                out += "\n## \(inline(key.subject))\n\n" + key.answers.joined(separator: "\n") + "\n"
            }
        }
        return TerminalSafe.text(out)
    }

    static func renderSubject(_ kit: Kit) -> (String, [String]) {
        var out = "# \(inline(kit.subject.title))\n\n"
        let notes = kit.subject.notes.trimmingCharacters(in: .whitespacesAndNewlines)
        if !notes.isEmpty { out += "> " + MarkdownSafe.block(notes).replacingOccurrences(of: "\n", with: "\n> ") + "\n\n" }
        out += "## Study plan\n\n"
        for (t, topic) in kit.topics.enumerated() {
            out += "\(t + 1). **\(inline(topic.title))**\(topic.overview.isEmpty ? "" : " — \(inline(topic.overview))")\n"
            for (s, subtopic) in topic.subtopics.enumerated() { out += "   \(s + 1). \(inline(subtopic.title))\n" }
        }
        var answers: [String] = []
        for (t, topic) in kit.topics.enumerated() {
            out += "\n## \(t + 1). \(inline(topic.title))\n"
            if !topic.overview.isEmpty { out += "\n\(MarkdownSafe.block(topic.overview))\n" }
            for (s, subtopic) in topic.subtopics.enumerated() {
                out += "\n### \(t + 1).\(s + 1) \(inline(subtopic.title))\n"
                out += subtopicBody(subtopic, answers: &answers)
            }
        }
        return (out, answers)
    }

    static func subtopicBody(_ subtopic: KitSubtopic, answers: inout [String]) -> String {
        var out = ""
        let lesson = subtopic.lessonContent
        for content in subtopic.contentLessonFirst where !content.items.isEmpty {
            out += render(content, subtopicTitle: subtopic.title, isLesson: content == lesson, answers: &answers)
        }
        if !subtopic.sources.isEmpty {
            out += "\n#### Sources\n\n"
            for source in subtopic.sources {
                let title = inline(source.title.isEmpty ? source.url : source.title)
                out += source.url.isEmpty ? "- \(title)\n" : "- [\(title)](\(MarkdownSafe.url(source.url)))\n"
            }
        }
        let failed = subtopic.generations.filter { $0.status != "ok" }
        if !failed.isEmpty {
            out += "\n> Missing: " + failed.map { "\($0.family) (\(inline($0.error ?? "failed")))" }.joined(separator: "; ") + "\n"
        }
        return out
    }

    /// One family's content: a lesson as text, pairs as a table with the family's column names
    /// (a glossary as a list of definitions), questions numbered through the subject with their
    /// answers collected for the key, cloze notes as a list with the deletions in bold.
    static func render(_ content: KitContent, subtopicTitle: String, isLesson: Bool, answers: inout [String]) -> String {
        var out = isLesson ? "" : "\n#### \(inline(content.role == .glossary ? "Key " + content.labels.title.lowercased() : content.labels.title))\n\n"
        for item in content.items {
            switch item.content {
            case .lesson(let text):
                guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
                // The lesson's own headings go below the subtopic's level.
                out += (isLesson ? "\n" : "") + MarkdownSafe.block(demoteHeadings(withoutTitle(text, subtopicTitle), by: 3)
                    .trimmingCharacters(in: .newlines)) + "\n"
            case .pair(let pair) where content.role == .glossary:
                out += "- **\(inline(pair.front))**: \(inline(pair.back))\n"
            case .pair(let pair):
                if item == content.items.first {
                    out += "| \(cell(content.labels.heading("front"))) | \(cell(content.labels.heading("back"))) |\n| --- | --- |\n"
                }
                out += "| \(cell(pair.front)) | \(cell(pair.back)) |\n"
            case .choice(let question):
                let number = answers.count + 1
                out += "**Q\(number).** \(inline(question.question))\n\n"
                for (c, choice) in question.choices.enumerated() {
                    out += "- \(ChoiceLetter.of(c))) \(inline(choice))\n"
                }
                out += "\n"
                let valid = question.choices.indices.contains(question.correctIndex)
                var answer = "- **Q\(number).** "
                answer += valid
                    ? "\(ChoiceLetter.of(question.correctIndex))) \(inline(question.choices[question.correctIndex]))"
                    : "(no answer given)"
                let explanation = inline(question.explanation)
                if !explanation.isEmpty { answer += " — \(explanation)" }
                answers.append(answer)
            case .cloze(let cloze):
                let text = ClozeText.replacingDeletions(cloze.text) { "⟦\($0.answer)⟧" }
                out += "- \(inline(text))\(cloze.extra.isEmpty ? "" : " — \(inline(cloze.extra))")\n"
            case .shaped(let shaped):
                out += (shaped.definition?.markdown(shaped, labels: content.labels) ?? "") + "\n\n"
            }
        }
        return out
    }

    /// One line of text: line breaks become spaces; HTML and unsafe links are defused.
    static func inline(_ text: String) -> String {
        MarkdownSafe.text(
            text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: " "))
    }

    /// A table cell: one line (`<br>` for breaks), so the cell's own text cannot be HTML; links
    /// in it are defused like the rest of the guide's.
    static func cell(_ text: String) -> String {
        MarkdownSafe.text(
            text.trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;"))
            .replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\r\n", with: "<br>")
            .replacingOccurrences(of: "\n", with: "<br>")
    }

    /// The lesson usually opens with `# <subtopic>`, which the guide already shows as a heading.
    static func withoutTitle(_ notes: String, _ title: String) -> String {
        let trimmed = notes.trimmingCharacters(in: .newlines)
        let lines = trimmed.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix("# "),
            first.dropFirst(2).trimmingCharacters(in: .whitespaces).lowercased() == title.lowercased()
        else { return trimmed }
        return lines.count > 1 ? String(lines[1]) : ""
    }

    static func demoteHeadings(_ markdown: String, by levels: Int) -> String {
        var fence = MarkdownFence()
        return markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard !fence.isCode(line), line.hasPrefix("#") else { return String(line) }
            let hashes = line.prefix { $0 == "#" }.count
            // `#hashtag` is not a heading.
            guard hashes < line.count, line[line.index(line.startIndex, offsetBy: hashes)] == " " else { return String(line) }
            return String(repeating: "#", count: min(6, hashes + levels)) + line.dropFirst(hashes)
        }.joined(separator: "\n")
    }
}
