import Foundation
import PrimerCore

/// Text helpers every scorer compares with. Deterministic and locale-independent.
///
/// They follow the same ideas as PrimerCore's `GateText` (the gates' helpers), written out
/// again here on purpose so evaluation rules are stable even when a gate's rules change: a
/// scorer that moved with the gates could no longer tell whether the gates got better.
public enum EvalText {
    // MARK: - Normalisation

    /// Case, width and diacritics folded (`É` → `e`), apostrophes inside words dropped
    /// (`Newton's` → `newtons`), every other punctuation and whitespace run turned into one space,
    /// and the English articles `a`, `an`, `the` removed as words.
    public static func normalize(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// The words of `normalize(text)`.
    public static func words(_ text: String) -> [String] {
        let folded = text.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
        ).lowercased()
        let scalars = Array(folded.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            if scalar == "'" || scalar == "\u{2019}" {
                let prevIsLetter = i > 0 && CharacterSet.letters.contains(scalars[i - 1])
                let nextIsLetter = i + 1 < scalars.count && CharacterSet.letters.contains(scalars[i + 1])
                if !(prevIsLetter && nextIsLetter) { out.append(" ") }
            } else if CharacterSet.alphanumerics.contains(scalar) {
                out.append(scalar)
            } else {
                out.append(" ")
            }
        }
        return String(out).split(separator: " ").map(String.init).filter { !articles.contains($0) }
    }

    static let articles: Set<String> = ["a", "an", "the"]

    // MARK: - Keywords

    /// English function words and generic course words ("introduction", "overview", "basics"…):
    /// words that say nothing about what a title or item is about.
    public static var stopWords: Set<String> { StopWords.english }

    /// A light stem, in this order: `-ies` → `-y`; `-sses` → `-ss`; `-xes/-ches/-shes/-zes` lose
    /// `-es`; a final `-s` goes unless the word ends in `-ss/-us/-is`; then the first of `-ing`,
    /// `-ed`, `-ion` is removed when at least four letters remain. Words of three letters or
    /// fewer are left alone. Examples: `cells` → `cell`, `theories` → `theory`,
    /// `conditioning` → `condition`, `mutation` → `mutat`, `mutated` → `mutat`.
    public static func stem(_ word: String) -> String {
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

    /// The stems of all normalised words, in order (stop words kept): the form terms are compared in.
    public static func stems(_ text: String) -> [String] {
        words(text).map(stem)
    }

    /// Content words: the stems of the normalised words that are not stop words, have at least two
    /// characters and at least one letter (bare numbers are out).
    public static func keywords(_ text: String) -> Set<String> {
        var result = Set<String>()
        for word in words(text) {
            guard word.count >= 2, !stopWords.contains(word), word.contains(where: \.isLetter) else { continue }
            result.insert(stem(word))
        }
        return result
    }

    /// Two keywords match when equal, or when they share a prefix of at least five characters that
    /// covers all but at most two characters of the shorter one (`matrix`/`matrice` from
    /// "matrices", `integrat`/`integrate`); `eigenvalue`/`eigenvector` and
    /// `photosynthesis`/`photosynthetic` (11 of 14) do not.
    public static func keywordsMatch(_ a: String, _ b: String) -> Bool {
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

    /// Whether some keyword of `set` matches `keyword` (`keywordsMatch`).
    public static func set(_ set: Set<String>, mentions keyword: String) -> Bool {
        set.contains(keyword) || set.contains { keywordsMatch($0, keyword) }
    }

    /// `keywords` minus every keyword that matches one in `other`.
    public static func subtracting(_ keywords: Set<String>, _ other: Set<String>) -> Set<String> {
        keywords.filter { !set(other, mentions: $0) }
    }

    /// How many of `keywords` are mentioned by `other` (`set(_:mentions:)`).
    public static func mentionedCount(_ keywords: Set<String>, by other: Set<String>) -> Int {
        keywords.filter { set(other, mentions: $0) }.count
    }

    // MARK: - Statistics

    /// The mean of `values`, or nil when there are none.
    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// `part / whole`, or nil when `whole` is zero.
    public static func ratio(_ part: Int, _ whole: Int) -> Double? {
        whole == 0 ? nil : Double(part) / Double(whole)
    }
}
