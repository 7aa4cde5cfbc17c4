#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The offset of `needle`'s first occurrence in `haystack`: `memchr` to each candidate first
/// byte, `memcmp` for the rest (glibc's `memmem` needs _GNU_SOURCE, which Swift's Glibc
/// module does not define). An empty needle is not found, as with Foundation's search: a
/// caller's empty text (an answer that normalises to nothing) must not count as held.
private func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
    guard haystack.count >= needle.count, let base = haystack.baseAddress, let first = needle.first else { return nil }
    let last = haystack.count - needle.count  // the last offset a match can start at
    var offset = 0
    while offset <= last {
        guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
        let at = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        if needle.count == 1 || memcmp(base + at + 1, needle.baseAddress! + 1, needle.count - 1) == 0 { return at }
        offset = at + 1
    }
    return nil
}

extension StringProtocol {
    /// Whether the text holds `literal`, byte for byte (its UTF-8).
    ///
    /// The parsers and gates look for markers ("```", "<<<", "**", "{{") in every answer. With
    /// Foundation imported, `contains(_:)` given a string is Foundation's, which copies the text
    /// to an NSString and searches it as UTF-16 with Unicode equivalence: a tenth of Primer's own
    /// CPU a generation call (`primer-bench overhead`). A marker is a run of bytes; this finds it
    /// with the C library's `memchr` and `memcmp`, on the text's own storage.
    package func contains(exactly literal: some StringProtocol) -> Bool {
        utf8Offset(of: literal) != nil
    }

    /// Where `literal`'s bytes first occur in the text's UTF-8.
    fileprivate func utf8Offset(of literal: some StringProtocol) -> Int? {
        var needle = String(literal)
        return needle.withUTF8 { needle in
            func search(_ haystack: UnsafeBufferPointer<UInt8>) -> Int? { firstOffset(of: needle, in: haystack) }
            if let found = utf8.withContiguousStorageIfAvailable(search) { return found }
            var copy = String(self)
            return copy.withUTF8(search)
        }
    }
}

extension String {
    /// Where `literal` first occurs, byte for byte; `contains(exactly:)`'s search, for the
    /// parsers that cut a line at a separator. A match of whole UTF-8 sequences in UTF-8 starts
    /// and ends between scalars, so the range is a valid one to slice with.
    package func range(ofExactly literal: some StringProtocol) -> Range<String.Index>? {
        guard let offset = utf8Offset(of: literal) else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: literal.utf8.count)
    }
}

extension String {
    /// Every occurrence of `literal`, left to right and not overlapping, replaced, byte for
    /// byte (Foundation's `replacingOccurrences(of:with:)` searched an NSString copy).
    package func replacing(exactly literal: String, with replacement: String) -> String {
        guard contains(exactly: literal) else { return self }
        var (text, needle) = (self, literal)
        let bytes: [UInt8] = text.withUTF8 { haystack in
            needle.withUTF8 { needle in
                var out: [UInt8] = []
                out.reserveCapacity(haystack.count)
                var start = 0
                while let found = firstOffset(of: needle, in: UnsafeBufferPointer(rebasing: haystack[start...])) {
                    let at = start + found
                    out += haystack[start..<at]
                    out += replacement.utf8
                    start = at + needle.count
                }
                out += haystack[start...]
                return out
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
