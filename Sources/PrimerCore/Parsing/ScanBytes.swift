/// Byte helpers shared by the hand-written line scanners (`QuizLineScanner`,
/// `QuizLabelScanner`), which take over from regexes only on lines of printable ASCII and tabs:
/// there Characters are bytes and `\s` is a space or a tab.
enum ScanBytes {
    /// The bytes of a line of printable ASCII and tabs only; nil for any other line.
    static func printableASCII(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        for byte in bytes where !(byte >= 0x20 && byte < 0x7F) && byte != 0x09 { return nil }
        return bytes
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The end of the run of spaces and tabs starting at `start`.
    static func skipSpaces(_ b: [UInt8], from start: Int) -> Int {
        var i = start
        while i < b.count && isSpace(b[i]) { i += 1 }
        return i
    }

    /// The end of the run of digits starting at `start` (`start` when there is none).
    static func digitRun(_ b: [UInt8], from start: Int) -> Int {
        var i = start
        while i < b.count && isDigit(b[i]) { i += 1 }
        return i
    }

    /// The end of `word` (lowercase ASCII) when the bytes at `start` spell it in any case
    /// (`(?i)` on ASCII); nil otherwise.
    static func word(_ b: [UInt8], _ word: StaticString, at start: Int) -> Int? {
        let count = word.utf8CodeUnitCount
        guard start + count <= b.count else { return nil }
        return word.withUTF8Buffer { w in
            for k in 0..<count {
                let byte = b[start + k]
                if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != w[k] { return nil }
            }
            return start + count
        }
    }
}
