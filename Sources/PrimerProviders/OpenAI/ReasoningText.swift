import Foundation

/// Removes the reasoning a model writes before its answer.
public enum ReasoningText {
    /// Drops a leading `<think>…</think>` (or `<thinking>…</thinking>`) block and the blank space
    /// after it. Some chat templates emit the opening tag themselves, so text up to a closing tag
    /// with no opening tag is dropped too. An opening tag that is never closed means the answer
    /// was cut off while thinking, so nothing usable is left.
    public static func strip(_ text: String) -> String {
        let trimmed = text.drop { $0.isWhitespace }
        for (open, close) in [("<think>", "</think>"), ("<thinking>", "</thinking>")] {
            if trimmed.lowercased().hasPrefix(open) {
                guard let end = trimmed.range(of: close, options: .caseInsensitive) else { return "" }
                return String(trimmed[end.upperBound...].drop { $0.isWhitespace })
            }
        }
        // No opening tag but a closing one: the template opened the block.
        if let end = trimmed.range(of: "</think>", options: .caseInsensitive),
            trimmed.range(of: "<think>", options: .caseInsensitive) == nil
        {
            return String(trimmed[end.upperBound...].drop { $0.isWhitespace })
        }
        return text
    }
}
