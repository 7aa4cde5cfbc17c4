import Foundation
import PrimerCore

/// Removes the reasoning a model writes before its answer.
public enum ReasoningText {
    /// Drops a leading `<think>…</think>` (or `<thinking>…</thinking>`) block and the blank space
    /// after it. Some chat templates emit the opening tag themselves, so text up to a closing tag
    /// with no opening tag is dropped too. An opening tag that is never closed means the answer
    /// was cut off while thinking, so nothing usable is left. The tags are found in one pass
    /// (`ThinkingTag`), so an answer made of thousands of tags costs no more than its length.
    public static func strip(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "<")) else { return text }
        let bytes = Array(text.utf8)
        let tags = ThinkingTag.all(in: bytes)
        guard let first = tags.first else { return text }
        let leading = text.utf8.distance(from: text.startIndex, to: text.drop { $0.isWhitespace }.startIndex)
        if !first.isClosing && first.range.lowerBound == leading {
            guard let end = tags.first(where: { $0.isClosing && $0.name == first.name }) else { return "" }
            return afterTag(bytes, end)
        }
        // No opening tag but a closing one: the template opened the block.
        if !tags.contains(where: { !$0.isClosing && $0.name == .think }),
            let end = tags.first(where: { $0.isClosing && $0.name == .think })
        {
            return afterTag(bytes, end)
        }
        return text
    }

    /// The text after `tag`, without the whitespace that follows it.
    private static func afterTag(_ bytes: [UInt8], _ tag: ThinkingTag) -> String {
        String(String(decoding: bytes[tag.range.upperBound...], as: UTF8.self).drop { $0.isWhitespace })
    }
}
