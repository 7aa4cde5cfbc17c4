/// A text as a memo's key, by its exact UTF-8 bytes.
///
/// `String`'s `==` and hashing treat canonically equivalent texts as one ("é" composed, or "e"
/// and a combining accent), so a memo keyed by `String` could hand one of them what was made
/// from the other — and what is made from a text may hold pieces of it (a lesson's statements,
/// a passage's key sentences), which would then differ in their bytes from what the caller's
/// text would have given. Keyed by bytes, a memo answers only for the very same text.
package struct ExactText: Hashable, Sendable {
    package let text: String

    package init(_ text: String) { self.text = text }

    package static func == (a: ExactText, b: ExactText) -> Bool {
        guard a.text.utf8.count == b.text.utf8.count else { return false }
        var (x, y) = (a.text, b.text)
        return x.withUTF8 { p in y.withUTF8 { q in p.baseAddress == q.baseAddress || p.elementsEqual(q) } }
    }

    package func hash(into hasher: inout Hasher) {
        // The length first, so keys made of several texts do not hash alike when their bytes
        // merely run together alike ("ab", "c" and "a", "bc").
        hasher.combine(text.utf8.count)
        var contiguous = text
        contiguous.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
