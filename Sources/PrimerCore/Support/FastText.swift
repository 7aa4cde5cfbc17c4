import Foundation

/// Cheap byte-level checks that let the parsers and gates skip Foundation and `Regex` calls
/// when the result is known without them. Every helper here either returns exactly what the
/// Foundation call it stands for would, or only rules out a match that could not happen
/// (an ASCII needle that is not in the bytes cannot be found by any search).
enum FastText {
    /// Whether each ASCII byte is in `CharacterSet.whitespacesAndNewlines` / `.whitespaces`.
    static let asciiWhitespaceAndNewline: [Bool] = (0..<128).map {
        CharacterSet.whitespacesAndNewlines.contains(Unicode.Scalar(UInt8($0)))
    }
    static let asciiWhitespace: [Bool] = (0..<128).map {
        CharacterSet.whitespaces.contains(Unicode.Scalar(UInt8($0)))
    }

    /// `text.trimmingCharacters(in: .whitespacesAndNewlines)` (or `.whitespaces` when
    /// `newlines` is false), on the text's own storage instead of a bridged NSString: leading
    /// and trailing scalars in the set are dropped (ASCII ones looked up in a table made from
    /// the same CharacterSet). Neither set has a scalar outside the Basic Multilingual Plane,
    /// so scalars and Foundation's UTF-16 units give the same result.
    static func trimmed(_ text: some StringProtocol, newlines: Bool = true) -> String {
        let string = String(text)
        let utf8 = string.utf8
        guard let first = utf8.first, let last = utf8.last else { return "" }
        let table = newlines ? asciiWhitespaceAndNewline : asciiWhitespace
        if first < 0x80, last < 0x80, !table[Int(first)], !table[Int(last)] { return string }
        let set: CharacterSet = newlines ? .whitespacesAndNewlines : .whitespaces
        func trims(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 128 ? table[Int(scalar.value)] : set.contains(scalar)
        }
        let scalars = string.unicodeScalars
        guard let start = scalars.firstIndex(where: { !trims($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !trims($0) })!
        return String(scalars[start...end])
    }

    /// Whether the UTF-8 bytes of `text` contain `needle` (ASCII). ASCII bytes never occur
    /// inside a multi-byte UTF-8 sequence, so a byte match is a match of the same scalars.
    static func contains(_ text: some StringProtocol, _ needle: StaticString) -> Bool {
        let utf8 = text.utf8
        if let found = utf8.withContiguousStorageIfAvailable({ GateBytes.contains($0, needle) }) { return found }
        return GateBytes.contains(Array(utf8), needle)
    }

    /// The first byte of `text` when its first Character is that one ASCII scalar (the next
    /// scalar is ASCII too, so no combining mark joins it, and it is not the CR of a CR LF);
    /// nil when the text is empty or that cannot be told from the first two bytes.
    static func firstASCIICharacter(_ text: some StringProtocol) -> UInt8? {
        var iterator = text.utf8.makeIterator()
        guard let first = iterator.next(), first < 0x80 else { return nil }
        guard let second = iterator.next() else { return first }
        guard second < 0x80, !(first == 0x0D && second == 0x0A) else { return nil }
        return first
    }
}

extension FastText {
    /// `contains` for a needle known only at run time.
    static func contains(_ text: some StringProtocol, utf8 needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard let first = n.first else { return true }
        let h = Array(text.utf8)
        guard h.count >= n.count else { return false }
        var i = 0
        while i <= h.count - n.count {
            if h[i] == first {
                var k = 1
                while k < n.count && h[i + k] == n[k] { k += 1 }
                if k == n.count { return true }
            }
            i += 1
        }
        return false
    }

    /// A table of the ASCII bytes in `bytes`, for first-character checks.
    static func table(_ bytes: String) -> [Bool] {
        let set = Set(bytes.utf8)
        return (0..<128).map { set.contains(UInt8($0)) }
    }

    /// False when the first Character of `text` is an ASCII character outside `table`: then
    /// no pattern that must start with one of the table's characters can match. True when it
    /// might (in the table, or not decidable from ASCII alone).
    static func mayStart(_ text: some StringProtocol, _ table: [Bool]) -> Bool {
        guard let first = firstASCIICharacter(text) else { return true }
        return table[Int(first)]
    }
}

extension FastText {
    /// False when `text` cannot start with any of `prefixes` (lowercase ASCII words) compared
    /// case-insensitively: its first bytes are ASCII, so they are whole Characters, and they
    /// differ from every prefix. True when it might (or that cannot be told from ASCII alone).
    /// For ASCII text, Unicode case-insensitive matching of ASCII letters is ASCII case folding.
    static func mayHavePrefix(_ text: some StringProtocol, _ prefixes: [String]) -> Bool {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for byte in text.utf8.prefix(prefixes.map(\.utf8.count).max()! + 1) {
            guard byte < 0x80, byte != 0x0D else { return true }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return prefixes.contains { prefix in
            let p = Array(prefix.utf8)
            // Shorter than the prefix: the regex cannot match it either.
            guard bytes.count >= p.count else { return false }
            return bytes[..<p.count].elementsEqual(p)
        }
    }
}
