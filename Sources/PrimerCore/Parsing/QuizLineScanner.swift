/// Hand-written scanners for the two quiz line regexes that match most often (choices and
/// numbered questions), for lines of printable ASCII and tabs only. There, Characters are
/// bytes, `\s` is space or tab, `\d` is 0-9, `.` is any byte and `(?i)` is ASCII case folding,
/// so each scanner follows its regex step by step, trying the alternatives and backtracking in
/// the regex's order. Each returns `.some(nil)` for "no match" and `nil` for "not an ASCII line,
/// use the regex". `ParsingQuizScannerTests` compares them with the regexes.
enum QuizLineScanner {
    private static func isChoiceLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x48) || (byte >= 0x61 && byte <= 0x68)
    }
    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// `(?:\(([A-Ha-h])\)|([A-Ha-h])[).:])\s*(.+)`, whole line.
    static func choice(_ text: String) -> (letter: String, rest: String)?? {
        guard let b = ScanBytes.printableASCII(text) else { return nil }
        let n = b.count
        let letterAt: Int
        var i: Int
        if n >= 3, b[0] == UInt8(ascii: "("), isChoiceLetter(b[1]), b[2] == UInt8(ascii: ")") {
            letterAt = 1
            i = 3
        } else if n >= 2, isChoiceLetter(b[0]), b[1] == UInt8(ascii: ")") || b[1] == UInt8(ascii: ".") || b[1] == UInt8(ascii: ":") {
            letterAt = 0
            i = 2
        } else {
            return .some(nil)
        }
        // `\s*` takes all the spaces it can while `.+` still has a byte left to take.
        guard i < n else { return .some(nil) }
        while i < n - 1 && ScanBytes.isSpace(b[i]) { i += 1 }
        return .some((string(b[letterAt...letterAt]), string(b[i...])))
    }

    /// `(?i)(?:question\s*(\d+)\s*[:.)\-–—]?|q\s*(\d+)\s*[:.)\-–—]?|(\d+)\s*[.)])(?:\s+(.*))?`,
    /// whole line. The rest is "" when the optional group did not match.
    static func numbered(_ text: String) -> (digits: String, rest: String)?? {
        guard let b = ScanBytes.printableASCII(text) else { return nil }
        if let match = labelled(b, ScanBytes.word(b, "question", at: 0)) ?? labelled(b, ScanBytes.word(b, "q", at: 0)) {
            return .some(match)
        }
        // Third alternative: digits, spaces, a required `.` or `)`.
        let digitsEnd = ScanBytes.digitRun(b, from: 0)
        guard digitsEnd > 0 else { return .some(nil) }
        let i = ScanBytes.skipSpaces(b, from: digitsEnd)
        // Fewer spaces would leave a space where the punctuation must be.
        guard i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ")") else { return .some(nil) }
        guard let rest = tail(b, from: i + 1) else { return .some(nil) }
        return .some((string(b[0..<digitsEnd]), rest))
    }

    /// `word\s*(\d+)\s*[:.)\-]?` then the optional tail, after a label word (case-insensitive)
    /// that ends at `wordEnd`; nil when the word was not there.
    private static func labelled(_ b: [UInt8], _ wordEnd: Int?) -> (digits: String, rest: String)? {
        guard let wordEnd else { return nil }
        // `\s*` before the digits: giving spaces back cannot help, the next thing must be a digit.
        let digitsStart = ScanBytes.skipSpaces(b, from: wordEnd)
        let digitsEnd = ScanBytes.digitRun(b, from: digitsStart)
        guard digitsEnd > digitsStart else { return nil }
        let digits = string(b[digitsStart..<digitsEnd])
        // `\s*` (greedy, then giving spaces back one by one), `[:.)\-]?` (taken first when there),
        // then the optional tail.
        var j = ScanBytes.skipSpaces(b, from: digitsEnd)
        while j >= digitsEnd {
            if j < b.count, [UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: "-")].contains(b[j]),
                let rest = tail(b, from: j + 1)
            {
                return (digits, rest)
            }
            if let rest = tail(b, from: j) { return (digits, rest) }
            j -= 1
        }
        return nil
    }

    /// `(?:\s+(.*))?` up to the end of the line: the text after the spaces, "" when the group
    /// is skipped (at the end), nil when neither fits (a non-space follows).
    private static func tail(_ b: [UInt8], from start: Int) -> String? {
        if start == b.count { return "" }
        guard ScanBytes.isSpace(b[start]) else { return nil }
        return string(b[ScanBytes.skipSpaces(b, from: start)...])
    }
}
