import Yams
import PrimerCore

/// `lesson-length` (lessons only, answer-level; `notes-length`, its earlier name, is accepted): the lesson must be a real text within word bounds.
/// A lesson that is only a placeholder ("TBD", "Notes go here", "[insert notes]", lorem ipsum,
/// unrendered {{…}}) is rejected as such, whatever its length.
///
/// ```yaml
/// - lesson-length: {min_words: 80, max_words: 2500}
/// ```
/// Words are whitespace-separated tokens containing a letter or digit, so markdown bullets and
/// heading marks do not count. Without options: at least 1 word.
struct LessonLengthGate: Gate {
    static let gateName = "lesson-length"
    var name: String { Self.gateName }

    var words: GateBounds

    init(words: GateBounds) {
        self.words = words
    }

    init(options: Node?) throws {
        var reader = try GateOptions(gate: Self.gateName, node: options)
        var words = try reader.bounds(min: "min_words", max: "max_words")
        try reader.finish()
        if words.min == nil && words.max == nil { words.min = 1 }
        self.init(words: words)
    }

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        guard case .lesson(let text) = output else { return GateVerdict(output: output) }
        if Self.isPlaceholder(text) {
            let shown = text.trimmedWhitespace
            let what = shown.isEmpty ? "empty" : "only a placeholder (\(GateText.quote(shown, limit: 40)))"
            return GateVerdict(output: output, rejections: ["the lesson is \(what); write the lesson"])
        }
        let n = Self.wordCount(text)
        var rejections: [String] = []
        if let min = words.min, n < min {
            rejections.append("the lesson is \(GateText.count(n, "word")); write at least \(min)")
        }
        if let max = words.max, n > max {
            rejections.append("the lesson is \(GateText.count(n, "word")); write at most \(max)")
        }
        return GateVerdict(output: output, rejections: rejections)
    }

    /// Whitespace-separated pieces with a letter or digit.
    static func wordCount(_ text: String) -> Int {
        asciiWordCount(text) ?? text.split(whereSeparator: { $0.isWhitespace }).filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }.count
    }

    /// The same count for an ASCII text, over its bytes (nil for any other): splitting a lesson
    /// into Characters was half of this gate's time. In ASCII, Unicode's white space is tab to
    /// carriage return and the space, and the letters and digits are A–Z, a–z and 0–9.
    static func asciiWordCount(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var count = 0
            var inPiece = false, pieceHasWord = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if ASCIIByte.isSpace(byte) {
                    if pieceHasWord { count += 1 }
                    inPiece = false
                    pieceHasWord = false
                } else {
                    inPiece = true
                    if ASCIIByte.isLetter(byte) || (0x30...0x39).contains(byte) { pieceHasWord = true }
                }
            }
            if inPiece && pieceHasWord { count += 1 }
            return count
        }
    }

    /// A placeholder field, or lorem ipsum / template variables anywhere in the text.
    static func isPlaceholder(_ text: String) -> Bool {
        PlaceholdersGate.classify(text) != .content
    }
}
