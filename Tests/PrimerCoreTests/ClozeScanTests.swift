import Testing
@testable import PrimerCore

/// An ASCII cloze text's deletions are read from its bytes (`ClozeText.scanningASCII`); they
/// must be the regex's matches, part for part.
struct ClozeScanTests {
    @Test func theByteScanFindsWhatTheRegexFinds() {
        // Deletion marks whole and in pieces, colons, braces, digits, every ASCII line break,
        // tabs and words.
        let pieces = ["{{c1::", "{{c", "{{c12::", "{{c0::", "{{C1::", "{", "{{", "}", "}}", ":", "::", ":::", "c", "1", "07",
                      " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "Paris", "hint", "a b"]
        var generator = SystemRandomNumberGenerator()
        var texts = ["{{c1::a::b::c}}", "{{c1::a}}}", "{{c1:::b}}", "{{c01::x}}", "{{c1::a\nb}}", "{{c1::::}}", "{{c1::a::}}",
                     "{{c1::a::b\n}}{{c2::x}}", "{{{c1::x}}", "The {{c1::cell}} is {{c2::small::size}}."]
        for _ in 0..<5_000 {
            texts.append((0..<Int.random(in: 1...16, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        var matched = 0
        for text in texts {
            guard let scanned = ClozeText.scanningASCII(text) else {
                Issue.record("an ASCII text was not scanned: \(text.debugDescription)")
                continue
            }
            let regex = ClozeText.matching(text)
            #expect(scanned.map(\.range) == regex.map(\.range), "\(text.debugDescription)")
            #expect(scanned.map(\.number) == regex.map(\.number), "\(text.debugDescription)")
            #expect(scanned.map(\.answer) == regex.map(\.answer), "\(text.debugDescription)")
            #expect(scanned.map(\.hint) == regex.map(\.hint), "\(text.debugDescription)")
            matched += regex.count
        }
        #expect(matched > 200)
        // Any other text is read by the regex.
        #expect(ClozeText.scanningASCII("{{c1::café}}") == nil)
        #expect(ClozeText.deletions("{{c1::café::lieu}} au {{c2::coin}}").map(\.answer) == ["café", "coin"])
    }
}
