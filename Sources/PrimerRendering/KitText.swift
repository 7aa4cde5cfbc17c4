import PrimerCore

/// The kit for reading in a terminal: compact, no Markdown markup. Control characters from the
/// model or the titles are shown, not acted on (see `TerminalSafe`).
public enum KitText {
    public static func render(_ kit: Kit) -> String {
        TerminalSafe.text(unsafeRender(kit))
    }

    static func unsafeRender(_ kit: Kit) -> String {
        var out = "\(kit.subject.title)  [\(kit.subject.kind.rawValue)]\n"
        for (t, topic) in kit.topics.enumerated() {
            out += "\n\(t + 1). \(topic.title)\n"
            for (s, subtopic) in topic.subtopics.enumerated() {
                out += "\n  \(t + 1).\(s + 1) \(subtopic.title)\n"
                for content in subtopic.content where !content.items.isEmpty {
                    out += render(content)
                }
                if !subtopic.sources.isEmpty {
                    out += "    Sources:\n"
                    for source in subtopic.sources { out += "      - \(source.title.isEmpty ? "" : source.title + " — ")\(source.url)\n" }
                }
                for generation in subtopic.generations where generation.status != "ok" {
                    out += "    Missing \(generation.family): \(generation.error ?? "failed")\n"
                }
            }
        }
        return out
    }

    /// One family's content under its subtopic, in its shape's layout.
    static func render(_ content: KitContent) -> String {
        var out = content.shape == .lesson ? "" : "    \(content.labels.title):\n"
        for item in content.items {
            switch item.content {
            case .lesson(let text):
                out += indent(text, "      ") + "\n"
            case .pair(let pair):
                out += "      • \(pair.front) → \(pair.back)\(pair.hint.map { "  (hint: \($0))" } ?? "")\n"
            case .choice(let question):
                out += "      ? \(question.question)\n"
                for (c, choice) in question.choices.enumerated() {
                    out += "        \(c == question.correctIndex ? "*" : " ") \(ChoiceLetter.of(c))) \(choice)\n"
                }
                out += "        \(question.explanation)\n"
            case .cloze(let cloze):
                out += "      • \(cloze.text)\(cloze.extra.isEmpty ? "" : "  (\(cloze.extra))")\n"
            case .shaped(let item):
                let text = indent(AnswerFormat.text(.shaped(item)), "        ")
                out += "      • " + String(text.dropFirst(8)) + "\n"
            }
            // The document statement that supports it (a lesson's is the lesson above).
            if content.shape != .lesson, let source = item.sources.first, source.url.hasPrefix("document:") {
                out += "        from \(source.title)\n"
            }
        }
        return out
    }

    static func indent(_ text: String, _ prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : prefix + $0 }.joined(separator: "\n")
    }
}
