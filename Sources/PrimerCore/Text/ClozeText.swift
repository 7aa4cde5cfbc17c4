import Foundation

/// Anki's cloze syntax: `{{c<number>::<answer>}}` or `{{c<number>::<answer>::<hint>}}`.
public enum ClozeText {
    public struct Deletion: Sendable, Equatable {
        public var number: Int
        public var answer: String
        public var hint: String?
    }

    /// The deletions of `text` in order of appearance.
    public static func deletions(_ text: String) -> [Deletion] {
        matches(text).compactMap { match in
            guard let number = Int(match.number), number > 0 else { return nil }
            let answer = String(match.answer)
            guard !answer.trimmedWhitespace.isEmpty else { return nil }
            return Deletion(number: number, answer: answer, hint: hint(match.hint))
        }
    }

    /// What keeps `text` from being a cloze note, in words; nil when it is one: at least one
    /// deletion, each with an answer, none inside another, no `{{` or `}}` left over.
    public static func problem(_ text: String) -> String? {
        let matches = matches(text)
        if matches.isEmpty { return "it has no deletion written {{c1::answer}}" }
        for match in matches {
            let inside = match.answer + (match.hint ?? "")
            if inside.contains(exactly: "{{") { return "a deletion holds another one ({{c…::…{{c…}}…}}); write them side by side" }
            guard let number = Int(match.number), number > 0 else { return "deletions are numbered from c1" }
            if match.answer.trimmedWhitespace.isEmpty { return "a deletion has no answer ({{c\(number)::}}); put the hidden words after ::" }
        }
        // The text between the deletions, from their ranges: replacing them by a second regex
        // pass was most of a cloze answer's parse (`primer-bench overhead`).
        var rest = ""
        var from = text.startIndex
        for match in matches {
            rest += text[from..<match.range.lowerBound]
            from = match.range.upperBound
        }
        rest += text[from...]
        if rest.contains(exactly: "{{") || rest.contains(exactly: "}}") { return "it has {{ or }} outside a deletion; close each deletion as {{c1::answer}}" }
        return nil
    }

    /// A hint that is empty (`{{c1::answer::}}`) is no hint, as in Anki.
    private static func hint(_ text: Substring?) -> String? {
        guard let text, !text.trimmedWhitespace.isEmpty else { return nil }
        return String(text)
    }

    /// The distinct deletion numbers, ascending: one card each.
    public static func cardNumbers(_ text: String) -> [Int] {
        Array(Set(deletions(text).map(\.number))).sorted()
    }

    /// The text with each deletion replaced by what `replacement` makes of it.
    public static func replacingDeletions(_ text: String, with replacement: (Deletion) -> String) -> String {
        var result = ""
        var from = text.startIndex
        for match in matches(text) {
            result += text[from..<match.range.lowerBound]
            result += replacement(Deletion(number: Int(match.number) ?? 0, answer: String(match.answer), hint: hint(match.hint)))
            from = match.range.upperBound
        }
        result += text[from...]
        return result
    }

    /// The text with every deletion replaced by its answer: what the note says.
    public static func plain(_ text: String) -> String {
        plainTexts.value(for: ExactText(text)) { replacingDeletions(text) { $0.answer } }
    }

    /// A cloze's plain text is read by several gates (placeholders, scope, support) on every
    /// attempt, then by its span: replaced once per text, not once per reader (a regex pass
    /// each). Keyed by the text's bytes (`ExactText`), since the plain text is made of them.
    private static let plainTexts = BoundedCache<ExactText, String>(
        maxEntries: 1_024, maxWeight: 1 << 20, weight: { $0.text.utf8.count })
}

extension ClozeText {
    /// One deletion as the pattern reads it: where it is, and its number, answer and hint as
    /// written.
    struct Match {
        var range: Range<String.Index>
        var number: Substring
        var answer: Substring
        var hint: Substring?
    }

    /// The pattern's matches in order: read from an ASCII text's bytes (`scanningASCII`), by
    /// the regex in any other. Every gate of a cloze answer and its parse read its deletions,
    /// and the regex's passes were a twentieth of Primer's own CPU a generation call
    /// (`primer-bench overhead`). `ClozeScanTests` holds the two equal.
    static func matches(_ text: String) -> [Match] {
        scanningASCII(text) ?? matching(text)
    }

    /// The pattern's matches by the regex.
    static func matching(_ text: String) -> [Match] {
        text.matches(of: deletionPattern).map { Match(range: $0.range, number: $0.output.1, answer: $0.output.2, hint: $0.output.3) }
    }

    /// The pattern's matches in an ASCII text, read from its bytes; nil for any other text. As
    /// the regex reads: `{{c`, digits, `::`, then the shortest answer after which comes either
    /// `::`, the shortest hint and `}}`, or `}}`; neither answer nor hint crosses a line break
    /// (`.` is no newline: LF, VT, FF, CR). A match is looked for again after its end, else from
    /// the next byte.
    static func scanningASCII(_ text: String) -> [Match]? {
        var copy = text
        guard let found = copy.withUTF8({ scan($0) }) else { return nil }
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        func part(_ range: Range<Int>) -> Substring { text[index(range.lowerBound)..<index(range.upperBound)] }
        return found.map { Match(range: index($0.whole.lowerBound)..<index($0.whole.upperBound), number: part($0.number), answer: part($0.answer), hint: $0.hint.map(part)) }
    }

    private typealias Offsets = (whole: Range<Int>, number: Range<Int>, answer: Range<Int>, hint: Range<Int>?)

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Offsets]? {
        guard bytes.allASCII else { return nil }
        let (open, close, colon) = (UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ":"))
        func pair(_ byte: UInt8, at index: Int) -> Bool { index + 1 < bytes.count && bytes[index] == byte && bytes[index + 1] == byte }
        var found: [Offsets] = []
        var start = 0
        search: while start < bytes.count {
            guard pair(open, at: start), start + 2 < bytes.count, bytes[start + 2] == UInt8(ascii: "c") else { start += 1; continue }
            var index = start + 3
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            guard index > start + 3, pair(colon, at: index) else { start += 1; continue }
            let number = (start + 3)..<index
            let answerStart = index + 2
            var end = answerStart
            while true {
                if pair(colon, at: end) {
                    var hintEnd = end + 2
                    while hintEnd < bytes.count, !ASCIIByte.isLineBreak(bytes[hintEnd]), !pair(close, at: hintEnd) { hintEnd += 1 }
                    if pair(close, at: hintEnd) {
                        found.append((start..<(hintEnd + 2), number, answerStart..<end, (end + 2)..<hintEnd))
                        start = hintEnd + 2
                        continue search
                    }
                }
                if pair(close, at: end) {
                    found.append((start..<(end + 2), number, answerStart..<end, nil))
                    start = end + 2
                    continue search
                }
                guard end < bytes.count, !ASCIIByte.isLineBreak(bytes[end]) else { break }
                end += 1
            }
            start += 1
        }
        return found
    }
}

nonisolated(unsafe) private let deletionPattern = /\{\{c(\d+)::(.*?)(?:::(.*?))?\}\}/
