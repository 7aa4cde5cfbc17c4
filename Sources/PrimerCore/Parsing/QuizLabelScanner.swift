/// Hand-written scanners for the quiz reader's `Answer:` and `Explanation:` label regexes,
/// which every line of a quiz is tried against, for lines of printable ASCII and tabs only
/// (the same ground rules as `QuizLineScanner`). Each returns `.some(nil)` for "no match" and
/// `nil` for "use the regex": a line that is not ASCII, or a `\b` next to punctuation, where
/// Unicode word boundaries have rules of their own. `ParsingQuizScannerTests` compares them
/// with the regexes.
enum QuizLabelScanner {
    private static func isWordByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || ScanBytes.isDigit(byte) || byte == UInt8(ascii: "_")
    }
    /// `\s*(.+)` to the end: the greedy spaces give one back when nothing else is left.
    private static func plusTail(_ b: [UInt8], from start: Int) -> String? {
        guard start < b.count else { return nil }
        var i = start
        while i < b.count - 1 && ScanBytes.isSpace(b[i]) { i += 1 }
        return String(decoding: b[i...], as: UTF8.self)
    }

    /// `(?i)(?:explanation|rationale|reason|why)\s*[:：\-–—]\s*(.*)`, whole line (the
    /// non-ASCII dashes cannot occur in an ASCII line).
    static func explanation(_ text: String) -> String?? {
        guard let b = ScanBytes.printableASCII(text) else { return nil }
        let labels: [StaticString] = ["explanation", "rationale", "reason", "why"]
        guard let end = labels.lazy.compactMap({ ScanBytes.word(b, $0, at: 0) }).first else { return .some(nil) }
        let separator = ScanBytes.skipSpaces(b, from: end)
        guard separator < b.count, b[separator] == UInt8(ascii: ":") || b[separator] == UInt8(ascii: "-") else {
            return .some(nil)
        }
        return .some(String(decoding: b[ScanBytes.skipSpaces(b, from: separator + 1)...], as: UTF8.self))
    }

    /// `(?i)(answer\s+key|answers|answer\s+sheet|solutions)\s*:?`, whole line: whether the line
    /// heads an answer key.
    static func answerKey(_ text: String) -> Bool? {
        guard let b = ScanBytes.printableASCII(text) else { return nil }
        var ends: [Int] = []
        if let answer = ScanBytes.word(b, "answer", at: 0) {
            let spaced = ScanBytes.skipSpaces(b, from: answer)
            if spaced > answer, let end = ScanBytes.word(b, "key", at: spaced) ?? ScanBytes.word(b, "sheet", at: spaced) {
                ends.append(end)
            }
            if let end = ScanBytes.word(b, "s", at: answer) { ends.append(end) }
        }
        if let end = ScanBytes.word(b, "solutions", at: 0) { ends.append(end) }
        return ends.contains { end in
            var i = ScanBytes.skipSpaces(b, from: end)
            if i < b.count, b[i] == UInt8(ascii: ":") { i += 1 }
            return i == b.count
        }
    }

    private enum Outcome { case match(String), noMatch, undecided }

    /// `(?i)(?:the\s+)?(?:correct\s+answer|right\s+answer|answer|correct|solution)(?:\s*\d+)?`
    /// `(?:\s*[:：\-–—]|\s+is\b:?)\s*(.+)`, whole line, trying the alternatives in the regex's order.
    static func answer(_ text: String) -> String?? {
        guard let b = ScanBytes.printableASCII(text) else { return nil }
        var start = 0
        if let the = ScanBytes.word(b, "the", at: 0) {
            // Without "the", no alternative can start with "t": the optional group must match.
            let afterSpaces = ScanBytes.skipSpaces(b, from: the)
            guard afterSpaces > the else { return .some(nil) }
            start = afterSpaces
        }
        var labels: [Int] = []
        for (first, second) in [("correct", "answer"), ("right", "answer")] as [(StaticString, StaticString)] {
            if let end = ScanBytes.word(b, first, at: start) {
                let spaced = ScanBytes.skipSpaces(b, from: end)
                if spaced > end, let full = ScanBytes.word(b, second, at: spaced) { labels.append(full) }
            }
        }
        for single in ["answer", "correct", "solution"] as [StaticString] {
            if let end = ScanBytes.word(b, single, at: start) { labels.append(end) }
        }
        for label in labels {
            switch afterLabel(b, from: label) {
            case .match(let rest): return .some(rest)
            case .undecided: return nil
            case .noMatch: continue
            }
        }
        return .some(nil)
    }

    /// `(?:\s*\d+)?` (taken first when there) and the separator, from the end of the label.
    private static func afterLabel(_ b: [UInt8], from start: Int) -> Outcome {
        let digitsStart = ScanBytes.skipSpaces(b, from: start)
        let digitsEnd = ScanBytes.digitRun(b, from: digitsStart)
        if digitsEnd > digitsStart {
            let outcome = separator(b, from: digitsEnd)
            if case .noMatch = outcome {} else { return outcome }
        }
        return separator(b, from: start)
    }

    /// `(?:\s*[:\-]|\s+is\b:?)\s*(.+)`. After "is" only a space, a tab or the end is decided
    /// here, so the optional colon is never there.
    private static func separator(_ b: [UInt8], from start: Int) -> Outcome {
        let spaced = ScanBytes.skipSpaces(b, from: start)
        if spaced < b.count, b[spaced] == UInt8(ascii: ":") || b[spaced] == UInt8(ascii: "-"),
            let rest = plusTail(b, from: spaced + 1)
        {
            return .match(rest)
        }
        guard spaced > start, let end = ScanBytes.word(b, "is", at: spaced) else { return .noMatch }
        if end < b.count && !ScanBytes.isSpace(b[end]) {
            if isWordByte(b[end]) { return .noMatch }
            // "is" before punctuation: leave the word boundary to the regex.
            return .undecided
        }
        if let rest = plusTail(b, from: end) { return .match(rest) }
        return .noMatch
    }
}
