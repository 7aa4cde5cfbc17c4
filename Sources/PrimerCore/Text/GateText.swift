import Foundation

/// Text helpers shared by the gates: normalisation for comparing items, keyword sets for the
/// scope check, and short quoting for drop reasons. Everything here is deterministic and cheap;
/// gates run on every answer.
package enum GateText {
    // MARK: - Normalisation

    /// The form two texts are compared in: case and diacritics folded, markdown and punctuation
    /// removed, whitespace collapsed. English articles are removed as words by default, so
    /// "What is a vector?" and "what is the vector" compare equal; pass `dropArticles: false` for
    /// language subjects, where "a"/"an" can be real words of the language being studied.
    ///
    /// Math symbols (+ − × = < > ^ …) are kept on purpose: stripping them would make
    /// "What is 2 + 3?" and "What is 2 × 3?" duplicates.
    package static func normalize(_ text: String, dropArticles: Bool = true) -> String {
        // Within a gate chain the gates share one answer's normalised texts (`NormalizedTexts`),
        // and the form without articles is made from the one with them: one folding per text.
        guard let memo = NormalizedTexts.current else { return normalizing(text, dropArticles: dropArticles) }
        let whole = memo.normalized(text, dropArticles: false) { normalizing(text, dropArticles: false) }
        guard dropArticles else { return whole }
        return memo.normalized(text, dropArticles: true) { withoutArticles(whole) }
    }

    /// The rule itself (`normalize` without the chain's memo).
    private static func normalizing(_ text: String, dropArticles: Bool) -> String {
        // Most of what the gates compare is ASCII, and there the rule is a walk over the bytes:
        // the Unicode rule below folded through Foundation, tested every scalar against two
        // character sets and built the text three times (a quarter of Primer's own CPU a
        // generation call, `primer-bench overhead`). Both give the same text (`GateTextTests`).
        normalizingASCII(text, dropArticles: dropArticles) ?? normalizingScalars(text, dropArticles: dropArticles)
    }

    /// The rule for any text: folded by Foundation, then scalar by scalar.
    package static func normalizingScalars(_ text: String, dropArticles: Bool) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        let (letters, separators) = (Self.letters, Self.separators)
        let scalars = Array(folded.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            if scalar == "'" || scalar == "\u{2019}" {
                // An apostrophe inside a word ("don't", "Newton's") is dropped so the word stays
                // whole; elsewhere (f'(x)) it is kept as a symbol.
                let prevIsLetter = i > 0 && letters.contains(scalars[i - 1])
                let nextIsLetter = i + 1 < scalars.count && letters.contains(scalars[i + 1])
                if !(prevIsLetter && nextIsLetter) { out.append("'") }
            } else if scalar == "`" {
                // Markdown code ticks (a modifier symbol, so not caught as punctuation).
                out.append(" ")
            } else if separators.contains(scalar) {
                // Markdown emphasis (* _), headings (#), brackets, dashes, full stops, quotes.
                out.append(" ")
            } else {
                out.append(scalar)
            }
        }
        var words = splitWords(String(out))
        // A leading ">" is a Markdown quote marker, not a comparison.
        if words.first == ">" { words.removeFirst() }
        let whole = words.joined(separator: " ")
        return dropArticles ? withoutArticles(whole) : whole
    }

    /// The rule for an ASCII text, or nil for any other. Folding an ASCII text is lowercasing
    /// it; its separators are the ASCII whitespace and punctuation (Unicode's P* categories:
    /// `$ + < = > ^ | ~` are symbols and stay, the backtick is a separator here as above).
    package static func normalizingASCII(_ text: String, dropArticles: Bool) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var wordStart = 0  // where the word being read begins in `out`
            var wordIndex = 0  // words read so far, articles included
            func endWord() {
                let word = out[wordStart...]
                guard !word.isEmpty else { return }
                defer { wordIndex += 1 }
                // A leading ">" is a Markdown quote marker, not a comparison.
                let quoteMark = wordIndex == 0 && word.count == 1 && word.first == UInt8(ascii: ">")
                if quoteMark || (dropArticles && isArticle(word)) {
                    out.removeSubrange(wordStart...)  // the space before it ends the word before
                    return
                }
                out.append(UInt8(ascii: " "))
                wordStart = out.count
            }
            // The table read once, not through the static's accessor on every byte.
            let separators = asciiSeparators
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x80 else { return nil }
                if byte == UInt8(ascii: "'") {
                    // Inside a word ("don't") dropped so the word stays whole; else a symbol.
                    let inside = index > 0 && ASCIIByte.isLetter(bytes[index - 1]) && index + 1 < bytes.count && ASCIIByte.isLetter(bytes[index + 1])
                    if !inside { out.append(byte) }
                } else if separators[Int(byte)] {
                    endWord()
                } else {
                    out.append(ASCIIByte.lowercased(byte))
                }
            }
            endWord()
            if out.last == UInt8(ascii: " ") { out.removeLast() }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Whether ASCII bytes are an English article.
    private static func isArticle<Bytes: Collection<UInt8>>(_ word: Bytes) -> Bool {
        switch word.count {
        case 1: word.first == UInt8(ascii: "a")
        case 2: word.elementsEqual("an".utf8)
        case 3: word.elementsEqual("the".utf8)
        default: false
        }
    }

    /// The ASCII bytes `separators` holds, and the backtick.
    private static let asciiSeparators: [Bool] = (0..<128).map { byte in
        let scalar = Unicode.Scalar(UInt8(byte))
        return scalar == "`" || (scalar != "'" && separators.contains(scalar))
    }

    /// A normalised text without its English articles.
    private static func withoutArticles(_ normalized: String) -> String {
        // On the bytes, as `splitWords` reads them: the words as Strings, filtered and joined,
        // were a twentieth of Primer's own CPU a generation call (`primer-bench overhead`).
        var out: [UInt8] = []
        out.reserveCapacity(normalized.utf8.count)
        for word in normalized.utf8.split(separator: UInt8(ascii: " ")) where !isArticle(word) {
            if !out.isEmpty { out.append(UInt8(ascii: " ")) }
            out.append(contentsOf: word)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Made once: `CharacterSet.letters` and the others build a new set on every access.
    private static let letters = CharacterSet.letters
    private static let separators = CharacterSet.punctuationCharacters.union(.whitespacesAndNewlines)

    /// The normalised words of a text.
    package static func words(_ text: String, dropArticles: Bool = true) -> [String] {
        splitWords(normalize(text, dropArticles: dropArticles))
    }

    /// The words of a text whose words are separated by spaces (a normalised one).
    package static func splitWords(_ text: String) -> [String] {
        // On the UTF-8 bytes: splitting on `Character`s segmented every grapheme cluster. A
        // normalised text has no combining mark after a space (diacritics are folded away), so
        // the pieces are the same.
        text.utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
    }

    package static let articles: Set<String> = ["a", "an", "the"]

    // MARK: - Keywords (scope, echo)

    /// Words that say nothing about what a title or item is about: English function words plus
    /// generic course words, so "Introduction to vectors" and "Applications of vectors" share
    /// only "vector" and neither has a distinctive keyword to be judged off-scope by.
    package static var stopWords: Set<String> { StopWords.english }

    /// A light stem: plural -s/-es/-ies, -ing, -ed and -ion endings removed. Not a real stemmer;
    /// `keywordsMatch` tolerates the leftovers (matrix/matric, determinant/determin).
    package static func stem(_ word: String) -> String {
        var ascii = word
        return ascii.withUTF8({ stemmingASCII($0) }) ?? stemming(characters: word)
    }

    /// The rule for any word, on its Characters.
    package static func stemming(characters word: String) -> String {
        var w = word
        guard w.count > 3 else { return w }
        if w.hasSuffix("ies"), w.count > 4 {
            w = String(w.dropLast(3)) + "y"
        } else if w.hasSuffix("sses") {
            w = String(w.dropLast(2))
        } else if ["xes", "ches", "shes", "zes"].contains(where: { w.hasSuffix($0) }) {
            w = String(w.dropLast(2))
        } else if w.hasSuffix("s"), !["ss", "us", "is"].contains(where: { w.hasSuffix($0) }) {
            w = String(w.dropLast())
        }
        for suffix in ["ing", "ed", "ion"] where w.hasSuffix(suffix) && w.count - suffix.count >= 4 {
            w = String(w.dropLast(suffix.count))
            break
        }
        return w
    }

    /// The stemmed content words of a text (stop words, one-letter tokens and bare numbers out).
    package static func keywords(_ text: String) -> Set<String> {
        keywordCache.value(for: ExactText(text)) { keywording(text) }
    }

    /// The same texts come back within a subtopic: its lesson and passages (the support rule,
    /// the key sentences, the passages an item came from), its titles (every family's context),
    /// an item's claim (its scope, its support, then its span). Folded once each, not once per
    /// family, gate and attempt. Bounded by count and by the texts' bytes together (passages
    /// run to kilobytes). A pure function of the text, so a kept set is the one it would make.
    private static let keywordCache = BoundedCache<ExactText, Set<String>>(
        maxEntries: 4_096, maxWeight: 4 << 20, weight: { $0.text.utf8.count })

    /// The rule itself (`keywords` without the cache).
    private static func keywording(_ text: String) -> Set<String> {
        // The articles are stop words: the text with them is read (one folding fewer).
        var normalized = normalize(text, dropArticles: false)
        return normalized.withUTF8({ keywordingASCII($0) }) ?? keywording(words: splitWords(normalized))
    }

    /// The rule over a text's normalised words, for any text.
    package static func keywording(words: [String]) -> Set<String> {
        var result = Set<String>()
        for word in words where !stopWords.contains(word) && word.count >= 2 && word.contains(where: \.isLetter) {
            result.insert(stem(word))
        }
        return result
    }

    /// The rule over a normalised ASCII text's bytes, or nil for any other text: splitting it
    /// into Strings, counting Characters and stemming with `hasSuffix` was most of the scope
    /// gate's time and of the support gate's evidence (`primer-bench overhead`). In ASCII a
    /// Character is a byte and the letters are a–z (a normalised text is lowercase).
    /// `GateTextTests` holds both rules equal.
    package static func keywordingASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Set<String>? {
        var result = Set<String>()
        var start = 0
        var hasLetter = false
        for index in 0...bytes.count {
            let byte = index < bytes.count ? bytes[index] : UInt8(ascii: " ")
            guard byte < 0x80 else { return nil }
            if byte != UInt8(ascii: " ") {
                if ASCIIByte.isLetter(byte) { hasLetter = true }
                continue
            }
            defer { start = index + 1; hasLetter = false }
            guard index - start >= 2, hasLetter else { continue }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
            guard !stopWords.contains(String(decoding: word, as: UTF8.self)) else { continue }
            result.insert(stemmingASCII(word) ?? stemming(characters: String(decoding: word, as: UTF8.self)))
        }
        return result
    }

    /// `stem` over an ASCII word's bytes (nil for any other word), the same rule.
    package static func stemmingASCII(_ w: UnsafeBufferPointer<UInt8>) -> String? {
        // A CR is left to the Character rule: CRLF is one Character there, two bytes here.
        guard w.allASCII, !w.contains(0x0D) else { return nil }
        guard w.count > 3 else { return String(decoding: w, as: UTF8.self) }
        /// Whether the first `length` bytes end with `suffix`.
        func ends(_ suffix: StaticString, _ length: Int) -> Bool {
            let n = suffix.utf8CodeUnitCount
            guard length >= n else { return false }
            return suffix.withUTF8Buffer { suffix in (0..<n).allSatisfy { w[length - n + $0] == suffix[$0] } }
        }
        var length = w.count
        if ends("ies", length), length > 4 {
            // The "y" the rule puts back ends in none of the endings below.
            return String(decoding: UnsafeBufferPointer(rebasing: w[..<(length - 3)]), as: UTF8.self) + "y"
        } else if ends("sses", length) {
            length -= 2
        } else if ends("xes", length) || ends("ches", length) || ends("shes", length) || ends("zes", length) {
            length -= 2
        } else if ends("s", length), !(ends("ss", length) || ends("us", length) || ends("is", length)) {
            length -= 1
        }
        if ends("ing", length), length - 3 >= 4 {
            length -= 3
        } else if ends("ed", length), length - 2 >= 4 {
            length -= 2
        } else if ends("ion", length), length - 3 >= 4 {
            length -= 3
        }
        return String(decoding: UnsafeBufferPointer(rebasing: w[..<length]), as: UTF8.self)
    }

    /// Two stems name the same thing when equal, or when they share a prefix of at least five
    /// characters that covers all but at most two characters of the shorter one: so
    /// matrix/matrices, determinant/determine and integrate/integration match, while
    /// eigenvalue/eigenvector and transformation/transpose do not.
    package static func keywordsMatch(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let shorter = min(a.count, b.count)
        guard shorter >= 5 else { return false }
        var common = 0
        for (x, y) in zip(a, b) {
            guard x == y else { break }
            common += 1
        }
        return common >= 5 && common >= shorter - 2
    }

    /// Whether any keyword in `set` matches `keyword`.
    package static func set(_ set: Set<String>, mentions keyword: String) -> Bool {
        set.contains(keyword) || set.contains { keywordsMatch($0, keyword) }
    }

    /// `keywords` minus every keyword that matches one in `other`.
    package static func subtracting(_ keywords: Set<String>, _ other: Set<String>) -> Set<String> {
        keywords.filter { !set(other, mentions: $0) }
    }

    // MARK: - Reasons

    /// An item's text in curly quotes for a reason, shortened to about 60 characters.
    package static func quote(_ text: String, limit: Int = 60) -> String {
        let flat = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard flat.count > limit else { return "‘\(flat)’" }
        var cut = String(flat.prefix(limit))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        return "‘\(cut)…’"
    }

    /// "1 flashcard", "3 flashcards".
    package static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : (plural ?? singular + "s"))"
    }
}
