import Crypto
import Foundation
import PrimerCore

/// Stable identities for Anki: note guids, deck and note type ids, and the first-field checksum.
/// Everything is derived from content and names, so exporting the same kit again yields the
/// same guids (Anki updates the notes) and the same deck and note type ids.
public enum AnkiIdentity {
    /// The id Anki gives the deck every collection has.
    public static let defaultDeckID: Int64 = 1

    /// A family name as one Anki tag: no spaces (they separate tags), no control characters.
    static func tag(_ family: String) -> String {
        let cleaned = family.unicodeScalars.map { $0.properties.isWhitespace || $0.properties.generalCategory == .control ? "_" : String($0) }.joined()
        return cleaned.isEmpty ? "primer-family" : cleaned
    }

    /// What a note's guid is derived from: subject, topic, subtopic, family and front.
    static func guidKey(_ parts: String...) -> String { parts.joined(separator: "\u{1f}") }

    /// A 11-character base62 guid from the first 64 bits of SHA-1 of `key`. Base62 keeps it
    /// free of separators, quotes and `#` (a text-import line starting with `#` is a comment).
    public static func guid(_ key: String) -> String {
        base62(sha1Prefix64(key), width: 11)
    }

    /// A deck id from the full deck name: positive, above 2^32 and below 2^53, never 1.
    public static func deckID(_ name: String) -> Int64 { id(from: "deck\u{1f}" + name) }

    /// A note type id from its name, in the same range as deck ids.
    public static func modelID(_ name: String) -> Int64 { id(from: "model\u{1f}" + name) }

    /// Anki's `csum`: the first 8 hex digits of SHA-1 of the first field with HTML stripped.
    public static func checksum(firstField: String) -> Int64 {
        let digest = Array(Insecure.SHA1.hash(data: Data(AnkiHTML.strip(firstField).utf8)))
        return Int64(digest[0]) << 24 | Int64(digest[1]) << 16 | Int64(digest[2]) << 8 | Int64(digest[3])
    }

    /// `Subject::Topic::Subtopic` with each part made safe for Anki (no `::` inside a part,
    /// no control characters, no surrounding spaces or colons, never empty).
    public static func deckName(_ parts: String...) -> String { deckName(parts) }

    public static func deckName(_ parts: [String]) -> String {
        parts.map(deckComponent).joined(separator: "::")
    }

    /// Every deck a set of leaf deck names needs: the leaves and all their parents, sorted.
    public static func decksWithParents(_ leaves: [String]) -> [String] {
        var all = Set<String>()
        for leaf in leaves {
            let parts = leaf.components(separatedBy: "::")
            for end in 1...parts.count { all.insert(parts[0..<end].joined(separator: "::")) }
        }
        return all.sorted()
    }

    static func deckComponent(_ text: String) -> String {
        var clean = String(String.UnicodeScalarView(text.unicodeScalars.map {
            CharacterSet.controlCharacters.contains($0) || CharacterSet.newlines.contains($0) ? " " : $0
        }))
        while clean.contains("::") { clean = clean.replacingOccurrences(of: "::", with: ":") }
        clean = clean.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        clean = clean.trimmingCharacters(in: CharacterSet(charactersIn: ": "))
        return clean.isEmpty ? "Untitled" : clean
    }

    static func id(from key: String) -> Int64 {
        let low: UInt64 = 1 << 32
        let high: UInt64 = 1 << 53
        return Int64(low + sha1Prefix64(key) % (high - low))
    }

    static func sha1Prefix64(_ key: String) -> UInt64 {
        Insecure.SHA1.hash(data: Data(key.utf8)).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    static func base62(_ value: UInt64, width: Int) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var value = value
        var out: [Character] = []
        repeat {
            out.append(alphabet[Int(value % 62)])
            value /= 62
        } while value > 0
        while out.count < width { out.append("0") }
        return String(out.reversed())
    }
}
