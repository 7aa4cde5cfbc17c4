import Foundation

/// Removes what models wrap around the content: reasoning blocks, a fence around the whole
/// answer, and conversational chatter ("Sure! Here are…", "Let me know if…").
enum TextCleanup {
    /// Drops `<think>…</think>` (and `<thinking>`) blocks. Reasoning models sometimes omit the
    /// opening tag (the chat template adds it), so text before a lone closing tag is dropped
    /// too; an unclosed opening tag means the answer was cut off while thinking, so the rest is
    /// dropped. One pass, however many tags the answer holds.
    static func stripThinking(_ text: String) -> String {
        // Every tag starts with "<" (which has no case variants).
        guard FastText.contains(text, "<") else { return text }
        return ThinkingBlocks.removeAll(from: text)
    }

    /// The answer's lines after removing reasoning; the common first step of every parser.
    static func lines(_ text: String) -> [String] {
        var text = stripThinking(text)
        if FastText.contains(text, "\r") {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        return splitLines(text)
    }

    /// `text.components(separatedBy: "\n")`, split on the bytes when every line feed has ASCII
    /// other than CR before it and ASCII after it (Foundation does not split a CR LF pair, and
    /// a combining mark or other scalar could join the line feed into a larger unit).
    static func splitLines(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var lines: [String] = []
        var start = 0
        for i in bytes.indices where bytes[i] == 0x0A {
            guard (i == 0 || (bytes[i - 1] < 0x80 && bytes[i - 1] != 0x0D)) && (i + 1 == bytes.count || bytes[i + 1] < 0x80) else {
                return text.components(separatedBy: "\n")
            }
            lines.append(String(decoding: bytes[start..<i], as: UTF8.self))
            start = i + 1
        }
        lines.append(String(decoding: bytes[start...], as: UTF8.self))
        return lines
    }

    /// Whether a line opens a fenced code block (```json, ```markdown, ~~~).
    static func isFence(_ line: String) -> Bool {
        let trimmed = FastText.trimmed(line, newlines: false)
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
    static func isChatter(_ line: String) -> Bool {
        let text = normalized(line)
        // Every phrase and interjection starts with an ASCII letter; a text whose first
        // Character is another ASCII character has none of them as a prefix.
        guard FastText.mayStart(text, chatterStarts) else { return false }
        if phrases.contains(where: { text.hasPrefix($0) }) { return true }
        return interjections.contains { word in
            guard text.hasPrefix(word) else { return false }
            let rest = text.dropFirst(word.count)
            guard let next = rest.first else { return true }
            return "!,.:;".contains(next)
        }
    }

    private static let chatterStarts = FastText.table(String((phrases + interjections).compactMap(\.first)))

    /// Whether the answer starts by declining the task, so the reason fed back can say so.
    static func isRefusal(_ text: String) -> Bool {
        let first = lines(text).first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        let norm = normalized(first)
        return refusals.contains { norm.hasPrefix($0) }
    }

    private static func normalized(_ line: String) -> String {
        var text = FastText.trimmed(LineSyntax.stripBold(line), newlines: false)
        while text.hasPrefix("#") || text.hasPrefix(">") { text.removeFirst() }
        text = LineSyntax.stripListMarker(FastText.trimmed(text, newlines: false))
        return text.lowercased()
    }
}
