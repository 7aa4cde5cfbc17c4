import Foundation

/// The fast path of `GateText.normalize`. Folding every character through Foundation
/// (`String.folding`, NSString bridging) and looking each scalar up in a `CharacterSet` cost
/// milliseconds per answer, and gates run on every answer, so:
///
/// - ASCII scalars are folded and classified with tables computed once from the same
///   Foundation calls (`folding` + `lowercased`, `CharacterSet.letters`, `punctuationCharacters`,
///   `whitespacesAndNewlines`), so the tables cannot disagree with Foundation.
/// - Only the non-ASCII runs of a text, each with the ASCII scalar before it (a combining mark
///   may belong to it: "e\u{301}"), go through `String.folding`; short runs are cached.
///   Folding is local to such a run: nothing in case, diacritic or width folding joins a scalar
///   to a following ASCII scalar.
///
/// `GateFoldingTests` compares the result with `GateText.normalizeFoundation` on ASCII,
/// accented, CJK, emoji and mixed text, including random strings of awkward scalars.
enum GateFolding {
    enum Kind: UInt8 {
        /// Kept as is.
        case keep
        /// Becomes a space: punctuation, whitespace, backtick.
        case space
        /// `'` or `’`: dropped inside a word, kept as `'` elsewhere.
        case apostrophe
    }

    static let foldingOptions: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]

    /// Foundation's folding followed by `lowercased()`, as `normalizeFoundation` does.
    static func foundationFold(_ text: String) -> String {
        text.folding(options: foldingOptions, locale: nil).lowercased()
    }

    /// The folded, lowercased form of each ASCII byte, or 0xFF when Foundation folds it to
    /// anything but one ASCII byte (then it takes the slow path).
    static let asciiFold: [UInt8] = (0..<128).map { byte in
        let folded = Array(foundationFold(String(Unicode.Scalar(UInt8(byte)))).utf8)
        return folded.count == 1 && folded[0] < 0x80 ? folded[0] : 0xFF
    }

    private static let letters = CharacterSet.letters
    private static let punctuation = CharacterSet.punctuationCharacters
    private static let whitespace = CharacterSet.whitespacesAndNewlines

    /// `kind` for each ASCII byte, and whether it is in `CharacterSet.letters`.
    private static let asciiKind: [Kind] = (0..<128).map { kindFromSets(Unicode.Scalar(UInt8($0))) }
    private static let asciiLetter: [Bool] = (0..<128).map { letters.contains(Unicode.Scalar(UInt8($0))) }

    private static func kindFromSets(_ scalar: Unicode.Scalar) -> Kind {
        if scalar == "'" || scalar == "\u{2019}" { return .apostrophe }
        if scalar == "`" { return .space }
        if punctuation.contains(scalar) || whitespace.contains(scalar) { return .space }
        return .keep
    }

    @inline(__always)
    static func kind(_ scalar: Unicode.Scalar) -> Kind {
        scalar.value < 128 ? asciiKind[Int(scalar.value)] : kindFromSets(scalar)
    }

    @inline(__always)
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 128 ? asciiLetter[Int(scalar.value)] : letters.contains(scalar)
    }

    /// The scalars of `foundationFold(text)`.
    static func fold(_ text: String) -> [Unicode.Scalar] {
        let table = asciiFold
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(text.utf8.count)
        // All ASCII (the common case): one table lookup per byte.
        var simple = true
        for byte in text.utf8 {
            guard byte < 0x80, table[Int(byte)] != 0xFF else {
                simple = false
                break
            }
            result.append(Unicode.Scalar(table[Int(byte)]))
        }
        if simple { return result }

        result.removeAll(keepingCapacity: true)
        let scalars = Array(text.unicodeScalars)
        func isSimple(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 128 && table[Int(scalar.value)] != 0xFF
        }
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if isSimple(scalar) && (i + 1 == scalars.count || isSimple(scalars[i + 1])) {
                result.append(Unicode.Scalar(table[Int(scalar.value)]))
                i += 1
                continue
            }
            // A run of non-simple scalars, with the simple scalar before it when there is one.
            var end = i + 1
            while end < scalars.count && !isSimple(scalars[end]) { end += 1 }
            result.append(contentsOf: foldRun(scalars[i..<end]))
            i = end
        }
        return result
    }

    /// Folded non-ASCII runs (" —", "é", "’s"…), which repeat across answers.
    private static let cache = BoundedCache<String, [Unicode.Scalar]>(maxEntries: 4096)
    private static let maxCachedRunScalars = 8

    private static func foldRun(_ run: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: run)
        let text = String(view)
        guard run.count <= maxCachedRunScalars else { return Array(foundationFold(text).unicodeScalars) }
        return cache.value(for: text) { Array(foundationFold(text).unicodeScalars) }
    }

    /// Splits ASCII scalars at spaces, drops a leading ">" and (optionally) the articles, and
    /// joins the words with single spaces: the end of `normalize` without building a String per
    /// word.
    static func joinASCIIWords(_ scalars: [Unicode.Scalar], dropArticles: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        var first = true
        var i = 0
        let n = scalars.count
        while i < n {
            while i < n && scalars[i] == " " { i += 1 }
            guard i < n else { break }
            let start = i
            while i < n && scalars[i] != " " { i += 1 }
            let length = i - start
            if first && length == 1 && scalars[start] == ">" {
                first = false
                continue
            }
            first = false
            if dropArticles && isArticle(scalars[start..<i]) { continue }
            if !bytes.isEmpty { bytes.append(0x20) }
            for k in start..<i { bytes.append(UInt8(truncatingIfNeeded: scalars[k].value)) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// "a", "an", "the" (`GateText.articles`).
    private static func isArticle(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        switch word.count {
        case 1: return word.first == "a"
        case 2: return word.first == "a" && word.last == "n"
        case 3:
            let s = word.startIndex
            return word[s] == "t" && word[s + 1] == "h" && word[s + 2] == "e"
        default: return false
        }
    }
}

/// An `NSRegularExpression` compiled once. `text.range(of: pattern, options:
/// .regularExpression)` compiles the pattern on every call; this matches the same way (no
/// regex options, no matching options, the whole string) without recompiling.
struct GateRegex: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as safe to use from several threads.
    private let regex: NSRegularExpression

    init(_ pattern: String) {
        do {
            regex = try NSRegularExpression(pattern: pattern, options: [])
        } catch {
            preconditionFailure("invalid gate pattern \(pattern): \(error)")
        }
    }

    /// A pattern written by a user (a family's `pattern` gate): a bad one is an error to report
    /// with its file and line, not a crash.
    init(validating pattern: String) throws {
        regex = try NSRegularExpression(pattern: pattern, options: [])
    }

    /// Whether the pattern matches anywhere in `text`.
    func matches(_ text: String) -> Bool {
        regex.rangeOfFirstMatch(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count)).location
            != NSNotFound
    }
}

/// Byte-level helpers for ASCII needles.
enum GateBytes {
    /// Whether `needle` (ASCII) occurs in `haystack` (UTF-8 bytes). A match of ASCII bytes in
    /// UTF-8 is always a match of the same scalars, since ASCII bytes never occur inside a
    /// multi-byte sequence.
    static func contains(_ haystack: [UInt8], _ needle: StaticString) -> Bool {
        haystack.withUnsafeBufferPointer { contains($0, needle) }
    }

    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0, haystack.count >= count else { return count == 0 }
        return needle.withUTF8Buffer { n in
            let first = n[0]
            var i = 0
            let last = haystack.count - count
            while i <= last {
                if haystack[i] == first {
                    var k = 1
                    while k < count && haystack[i + k] == n[k] { k += 1 }
                    if k == count { return true }
                }
                i += 1
            }
            return false
        }
    }
}

extension GateText {
    /// `text.trimmingCharacters(in: .whitespacesAndNewlines)`, without Foundation when there is
    /// nothing to trim.
    static func trimmed(_ text: String) -> String {
        FastText.trimmed(text)
    }
}

extension NotesLengthGate {
    private static let asciiWhitespace: [Bool] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))).isWhitespace }
    private static let asciiLetterOrNumber: [Bool] = (0..<128).map {
        let c = Character(Unicode.Scalar(UInt8($0)))
        return c.isLetter || c.isNumber
    }

    /// `wordCount` without walking Characters through the whole text. The text is cut at ASCII
    /// whitespace bytes whose neighbours are ASCII too: those are grapheme boundaries on both
    /// sides (no combining mark follows, no prepend mark precedes), so the cut pieces have the
    /// same Characters as the text. A piece without non-ASCII bytes is one word when it has an
    /// ASCII letter or digit; a piece with non-ASCII bytes is counted by the Character rules.
    static func fastWordCount(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        let n = bytes.count
        var count = 0
        var start = 0
        var ascii = true
        var alnum = false
        func endPiece(_ end: Int) {
            guard end > start else { return }
            if ascii {
                if alnum { count += 1 }
            } else {
                count += characterWordCount(String(decoding: bytes[start..<end], as: UTF8.self))
            }
        }
        for i in 0..<n {
            let byte = bytes[i]
            if byte < 0x80 {
                if asciiWhitespace[Int(byte)], i == 0 || bytes[i - 1] < 0x80, i + 1 == n || bytes[i + 1] < 0x80 {
                    endPiece(i)
                    start = i + 1
                    ascii = true
                    alnum = false
                } else if asciiLetterOrNumber[Int(byte)] {
                    alnum = true
                }
            } else {
                ascii = false
            }
        }
        endPiece(n)
        return count
    }
}

// MARK: - ASCII fast paths of normalize, keywords, stem and keywordsMatch

extension GateFolding {
    /// `GateText.normalize` for a text whose bytes are all ASCII (and fold to one ASCII byte
    /// each), in one pass over the bytes: fold, classify, split into words, drop a leading ">"
    /// and the articles, join. Nil for any other text. Same tables as the general path.
    static func normalizeASCII(_ text: String, dropArticles: Bool) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            let fold = asciiFold
            let n = bytes.count
            for byte in bytes where byte >= 0x80 || fold[Int(byte)] == 0xFF { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(n)
            var inWord = false
            var firstWord = true
            var beforeWord = 0  // out.count before the current word's separator
            var wordStart = 0
            func endWord() {
                guard inWord else { return }
                inWord = false
                let length = out.count - wordStart
                let isQuoteMarker = firstWord && length == 1 && out[wordStart] == UInt8(ascii: ">")
                firstWord = false
                if isQuoteMarker || (dropArticles && isArticle(out, from: wordStart, length: length)) {
                    out.removeSubrange(beforeWord...)
                }
            }
            func append(_ byte: UInt8) {
                if !inWord {
                    inWord = true
                    beforeWord = out.count
                    if !out.isEmpty { out.append(0x20) }
                    wordStart = out.count
                }
                out.append(byte)
            }
            for i in 0..<n {
                let folded = fold[Int(bytes[i])]
                switch asciiKind[Int(folded)] {
                case .apostrophe:
                    let prevIsLetter = i > 0 && asciiLetter[Int(fold[Int(bytes[i - 1])])]
                    let nextIsLetter = i + 1 < n && asciiLetter[Int(fold[Int(bytes[i + 1])])]
                    if !(prevIsLetter && nextIsLetter) { append(UInt8(ascii: "'")) }
                case .space:
                    endWord()
                case .keep:
                    append(folded)
                }
            }
            endWord()
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static func isArticle(_ out: [UInt8], from start: Int, length: Int) -> Bool {
        switch length {
        case 1: return out[start] == UInt8(ascii: "a")
        case 2: return out[start] == UInt8(ascii: "a") && out[start + 1] == UInt8(ascii: "n")
        case 3:
            return out[start] == UInt8(ascii: "t") && out[start + 1] == UInt8(ascii: "h") && out[start + 2] == UInt8(ascii: "e")
        default: return false
        }
    }

    private static let asciiCharacterIsLetter: [Bool] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))).isLetter }

    /// For an all-ASCII word without CR (one Character per byte): its length and whether it has
    /// a letter (`Character.isLetter`). Nil for other words.
    static func asciiWordFacts(_ word: String) -> (count: Int, hasLetter: Bool)? {
        var hasLetter = false
        for byte in word.utf8 {
            guard byte < 0x80, byte != 0x0D else { return nil }
            if asciiCharacterIsLetter[Int(byte)] { hasLetter = true }
        }
        return (word.utf8.count, hasLetter)
    }

    /// `GateText.stem` on the bytes of an all-ASCII word (where Characters are bytes and
    /// `hasSuffix` compares bytes). Nil for other words.
    static func stemASCII(_ word: String) -> String? {
        let w = Array(word.utf8)
        guard !w.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
        guard w.count > 3 else { return word }
        return String(decoding: stemmedBytes(w), as: UTF8.self)
    }

    /// The suffix rules of `GateText.stemCharacters`, on the bytes of an ASCII word.
    private static func stemmedBytes(_ word: [UInt8]) -> [UInt8] {
        var w = word
        guard w.count > 3 else { return w }
        func hasSuffix(_ suffix: StaticString) -> Bool {
            let count = suffix.utf8CodeUnitCount
            guard w.count >= count else { return false }
            return suffix.withUTF8Buffer { s in
                for k in 0..<count where w[w.count - count + k] != s[k] { return false }
                return true
            }
        }
        if hasSuffix("ies"), w.count > 4 {
            w.removeLast(3)
            w.append(UInt8(ascii: "y"))
        } else if hasSuffix("sses") {
            w.removeLast(2)
        } else if hasSuffix("xes") || hasSuffix("ches") || hasSuffix("shes") || hasSuffix("zes") {
            w.removeLast(2)
        } else if hasSuffix("s"), !(hasSuffix("ss") || hasSuffix("us") || hasSuffix("is")) {
            w.removeLast()
        }
        if hasSuffix("ing"), w.count - 3 >= 4 {
            w.removeLast(3)
        } else if hasSuffix("ed"), w.count - 2 >= 4 {
            w.removeLast(2)
        } else if hasSuffix("ion"), w.count - 3 >= 4 {
            w.removeLast(3)
        }
        return w
    }

    /// The stop words as bytes, grouped by length, for `keywordsASCII`.
    private static let stopWordsByLength: [[[UInt8]]] = {
        var table = Array(repeating: [[UInt8]](), count: 1 + (GateText.stopWords.map(\.utf8.count).max() ?? 0))
        for word in GateText.stopWords { table[word.utf8.count].append(Array(word.utf8)) }
        return table
    }()

    private static func isStopWord(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard word.count < stopWordsByLength.count else { return false }
        return stopWordsByLength[word.count].contains { $0[0] == word[0] && $0.elementsEqual(word) }
    }

    /// `GateText.computeKeywords` for a normalised text whose bytes are all ASCII without CR
    /// (one Character per byte), from its bytes: a String is made only for each kept stem, not
    /// for every word. Nil for other texts. `GateFoldingTests` compares it with the Character path.
    static func keywordsASCII(normalized: String) -> Set<String>? {
        var text = normalized
        return text.withUTF8 { bytes -> Set<String>? in
            for byte in bytes where byte >= 0x80 || byte == 0x0D { return nil }
            var result = Set<String>()
            let n = bytes.count
            var start = 0
            while start < n {
                while start < n && bytes[start] == 0x20 { start += 1 }
                var end = start
                while end < n && bytes[end] != 0x20 { end += 1 }
                let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if word.count >= 2, word.contains(where: { asciiCharacterIsLetter[Int($0)] }), !isStopWord(word) {
                    result.insert(String(decoding: stemmedBytes(Array(word)), as: UTF8.self))
                }
                start = end
            }
            return result
        }
    }

    /// `GateText.keywordsMatch` on the bytes when both words are ASCII without CR. Nil otherwise.
    static func keywordsMatchASCII(_ a: String, _ b: String) -> Bool? {
        let x = a.utf8, y = b.utf8
        guard !x.contains(where: { $0 >= 0x80 || $0 == 0x0D }), !y.contains(where: { $0 >= 0x80 || $0 == 0x0D })
        else { return nil }
        let shorter = min(x.count, y.count)
        guard shorter >= 5 else { return false }
        var common = 0
        for (p, q) in zip(x, y) {
            guard p == q else { break }
            common += 1
        }
        return common >= 5 && common >= shorter - 2
    }
}

/// Normalised forms and keyword sets computed while one `GateChain` runs, so the gates share
/// them instead of each normalising the same fields again. Installed by `GateChain.apply` for
/// the duration of the chain (a task-local value, so concurrent chains never share one) and
/// used only on that chain's thread; gates called outside a chain compute directly. The values
/// are pure functions of the text, so a memo can only return what computing would.
final class GateMemo: @unchecked Sendable {
    @TaskLocal static var current: GateMemo?

    private struct Key: Hashable {
        let text: String
        let dropArticles: Bool
    }

    private var normalizedTexts: [Key: String] = [:]
    private var keywordSets: [String: Set<String>] = [:]
    private var wordLists: [String: [String]] = [:]

    func normalized(_ text: String, dropArticles: Bool, compute: () -> String) -> String {
        let key = Key(text: text, dropArticles: dropArticles)
        if let hit = normalizedTexts[key] { return hit }
        let value = compute()
        normalizedTexts[key] = value
        return value
    }

    /// Word lists of texts, with the articles dropped (echo asks for a card front's twice).
    func words(_ text: String, compute: () -> [String]) -> [String] {
        if let hit = wordLists[text] { return hit }
        let value = compute()
        wordLists[text] = value
        return value
    }

    func keywords(_ text: String, compute: () -> Set<String>) -> Set<String> {
        if let hit = keywordSets[text] { return hit }
        let value = compute()
        keywordSets[text] = value
        return value
    }
}
