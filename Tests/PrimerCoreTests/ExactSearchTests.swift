import Foundation
import Testing
@testable import PrimerCore

/// The byte-for-byte search the parsers use for their markers, against Foundation's search on
/// the texts where the two must agree (no canonically equivalent spellings).
struct ExactSearchTests {
    @Test func findsWhatFoundationFinds() {
        let texts = ["", "**", "a **b** c", "***", "x|y", "Café | coffee", "<<<material", "no marker", "{{c1::x}}", "日本語 | Japanese", "\r\n|"]
        let needles = ["**", "|", "<<<", "{{", "}}", "x", "é", "日本", "\r\n", "***"]
        for text in texts {
            for needle in needles {
                #expect(text.contains(exactly: needle) == (text.range(of: needle) != nil), "\(text.debugDescription) \(needle.debugDescription)")
                #expect(text[...].contains(exactly: needle) == text.contains(exactly: needle))
                let exact = text.range(ofExactly: needle).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
                let foundation = text.range(of: needle, options: .literal).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
                #expect(exact == foundation, "\(text.debugDescription) \(needle.debugDescription)")
            }
        }
        // An empty text is not found, as with Foundation (a card's answer "A" normalises to "").
        #expect(!"abc".contains(exactly: "") && "abc".range(ofExactly: "") == nil)
        #expect(("abc".range(of: "") != nil) == "abc".contains(exactly: ""))
        #expect(!"ab".contains(exactly: "abc"))
    }

    @Test func aRangeSlicesTheTextAroundTheMarker() throws {
        let line = "Crème brûlée — a dessert"
        let range = try #require(line.range(ofExactly: " — "))
        #expect(line[..<range.lowerBound] == "Crème brûlée")
        #expect(line[range.upperBound...] == "a dessert")
        #expect(line.range(ofExactly: "|") == nil)
    }

    @Test func replacesLeftToRightWithoutOverlap() {
        #expect("a **b** c".replacing(exactly: "**", with: "") == "a b c")
        #expect("***".replacing(exactly: "**", with: "") == "*")
        #expect("****".replacing(exactly: "**", with: "-") == "--")
        #expect("line\nnext\n".replacing(exactly: "\n", with: " ") == "line next ")
        #expect("ünï\ncödé".replacing(exactly: "\n", with: " ") == "ünï cödé")
        #expect("nothing".replacing(exactly: "**", with: "") == "nothing")
        #expect("**".replacing(exactly: "**", with: "") == "")
        for text in ["a**b**c**", "***x***", "** ** **", "é**é"] {
            #expect(text.replacing(exactly: "**", with: "") == text.replacingOccurrences(of: "**", with: ""))
        }
    }
}
