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
}
