import Foundation

/// Removes what models wrap around the content: reasoning blocks, a fence around the whole
/// answer, and conversational chatter ("Sure! Here are…", "Let me know if…").
package enum TextCleanup {
    /// Drops `<think>…</think>` (and `<thinking>`) blocks. Reasoning models sometimes omit the
    /// opening tag (the chat template adds it), so text before a lone closing tag is dropped
    /// too; an unclosed opening tag means the answer was cut off while thinking, so the rest is
    /// dropped. One pass, however many tags the answer holds.
    package static func stripThinking(_ text: String) -> String {
        // Every tag starts with "<" (which has no case variants).
        guard text.contains(exactly: "<") else { return text }
        return ThinkingBlocks.removeAll(from: text)
    }

    /// The answer's lines after removing reasoning and the document fences a model copied from
    /// its prompt (`<<<material source="…"`, `>>>`: the 135M model starts a lesson with them);
    /// the common first step of every parser.
    package static func lines(_ text: String) -> [String] {
        var text = stripThinking(text)
        if text.utf8.contains(0x0D) {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        let lines = splitLines(text)
        guard text.contains(exactly: "<<<") || text.contains(exactly: DocumentFence.close) else { return lines }
        return lines.filter { !DocumentFence.isMarker($0) }
    }

    /// The text's lines, split at each "\n" as `components(separatedBy: "\n")` splits them (a
    /// "\r" stays on its line), on the UTF-8 bytes: Foundation's search bridged every answer to
    /// an NSString.
    package static func splitLines(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a line opens a fenced code block (```json, ```markdown, ~~~).
    package static func isFence(_ line: String) -> Bool {
        let trimmed = line.trimmedWhitespace
        return trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
    }

    // Interjections only count as chatter with punctuation after them, so a language card like
    // "Sure | Claro" or a term like "Great Wall" is not mistaken for one.
    private static let interjections = [
        "sure", "certainly", "of course", "absolutely", "great", "okay", "ok", "alright",
        "no problem", "gladly", "perfect",
    ]
    private static let phrases = [
        "here are ", "here is ", "here's ", "here’s ", "below are ", "below is ",
        "i hope ", "hope this helps", "hope these help", "hope that helps", "let me know",
        "feel free", "happy studying", "happy learning", "good luck", "enjoy your",
        "i'm sorry", "i’m sorry", "i am sorry", "sorry, ", "i can't ", "i can’t ", "i cannot ",
        "i can not ", "i'm unable", "i’m unable", "i am unable", "i won't ", "i won’t ",
        "as an ai", "if you have any", "if you'd like", "if you’d like", "if you want",
        "would you like", "do you want", "i've created", "i’ve created", "i have created",
        "i've generated", "i’ve generated", "i have generated", "i've prepared", "i’ve prepared",
    ]
    private static let refusals = [
        "i'm sorry", "i’m sorry", "i am sorry", "sorry, ", "i can't", "i can’t", "i cannot",
        "i can not", "i'm unable", "i’m unable", "i am unable", "i won't", "i won’t", "as an ai",
    ]

    /// Whether a line is conversation around the content rather than content. Checked after
    /// list markers, bold and heading hashes are removed, case-insensitively.
    package static func isChatter(_ line: String) -> Bool {
        let text = normalized(line)
        if phrases.contains(where: { text.hasPrefix($0) }) { return true }
        return interjections.contains { word in
            guard text.hasPrefix(word) else { return false }
            let rest = text.dropFirst(word.count)
            guard let next = rest.first else { return true }
            return "!,.:;".contains(next)
        }
    }

    /// Whether the answer starts by declining the task, so the reason fed back can say so.
    package static func isRefusal(_ text: String) -> Bool {
        let first = lines(text).first { !$0.trimmedWhitespace.isEmpty } ?? ""
        let norm = normalized(first)
        return refusals.contains { norm.hasPrefix($0) }
    }

    private static func normalized(_ line: String) -> String {
        var text = LineSyntax.stripBold(line).trimmedWhitespace
        while text.hasPrefix("#") || text.hasPrefix(">") { text.removeFirst() }
        text = LineSyntax.stripListMarker(text.trimmedWhitespace)
        return text.lowercased()
    }
}
