import Foundation
import Testing
@testable import PrimerCore

/// The shared helpers every comparison-based gate relies on.
struct GateTextTests {
    @Test func normalizeFoldsCaseDiacriticsMarkdownPunctuationAndArticles() {
        #expect(GateText.normalize("  What is a **vector**?  ") == "what is vector")
        #expect(GateText.normalize("What is the `Vector`") == "what is vector")
        #expect(GateText.normalize("Théorème de Gauß") == GateText.normalize("theoreme de gauß"))
        #expect(GateText.normalize("Crème brûlée") == "creme brulee")
        #expect(GateText.normalize("Newton's  second\n law") == "newtons second law")
    }

    @Test func normalizeKeepsMathSymbolsSoDifferentFormulasStayDifferent() {
        // Stripping "+" and "×" would make these two different questions duplicates.
        #expect(GateText.normalize("What is 2 + 3?") != GateText.normalize("What is 2 × 3?"))
        #expect(GateText.normalize("f'(x)") != GateText.normalize("f(x)"))
    }

    /// The ASCII walk is the Unicode rule's fast path: on ASCII it must give what the rule gives.
    @Test func asciiNormalizationIsTheUnicodeRule() throws {
        // Random texts over every ASCII byte, weighted to the ones the rule treats apart:
        // apostrophes between letters or not, separators, ">" and articles.
        let pieces = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
            + ["'", "'", "a", "an", "the", " ", " ", ">", "> ", "don't", " the ", "A ", "`x`", "**", "\n", "THE", "An"]
        var generator = SystemRandomNumberGenerator()
        var texts = ["", " ", ">", "> >", "the", "a the an", "> the x", "the > x", "'", "a'b", "'a'", "x'", "f'(x)"]
        for _ in 0..<3_000 {
            texts.append((0..<Int.random(in: 1...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        // And real text: a textbook chapter's lines.
        let chapter = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/openstax/psychology-2e-ch05.md")
        texts += try String(contentsOf: chapter, encoding: .utf8).split(separator: "\n").map(String.init).filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        #expect(texts.count > 3_100)
        for text in texts {
            for dropArticles in [false, true] {
                let fast = GateText.normalizingASCII(text, dropArticles: dropArticles)
                #expect(fast == GateText.normalizingScalars(text, dropArticles: dropArticles), "\(text.debugDescription)")
            }
        }
        // Anything else takes the Unicode rule.
        #expect(GateText.normalizingASCII("Crème brûlée", dropArticles: true) == nil)
    }

    @Test func languageNormalizationKeepsArticles() {
        // In a language course "a" can be a word of the language ("voy a casa").
        #expect(GateText.normalize("Voy a casa", dropArticles: false) == "voy a casa")
        #expect(GateText.normalize("Voy a casa") == "voy casa")
    }

    @Test func stemsMatchAcrossPluralAndDerivedForms() {
        #expect(GateText.stem("vectors") == "vector")
        #expect(GateText.stem("matrices") == "matrice")
        #expect(GateText.stem("properties") == "property")
        #expect(GateText.stem("integration") == "integrat")
        #expect(GateText.stem("analysis") == "analysis")
        #expect(GateText.keywordsMatch("matrix", GateText.stem("matrices")))
        #expect(GateText.keywordsMatch(GateText.stem("determinants"), "determine"))
        #expect(GateText.keywordsMatch("integrate", GateText.stem("integrating")))
        // Shared beginnings that are different things must not match.
        #expect(!GateText.keywordsMatch("eigenvalue", "eigenvector"))
        #expect(!GateText.keywordsMatch(GateText.stem("transformation"), "transpose"))
        #expect(!GateText.keywordsMatch("map", "maple"))
    }

    @Test func keywordsDropStopWordsAndGenericCourseWords() {
        #expect(GateText.keywords("Introduction to Vectors") == ["vector"])
        #expect(GateText.keywords("Applications of vectors") == ["vector"])
        #expect(GateText.keywords("The 3 basic properties of determinants") == ["determinant"])
    }

    @Test func quoteShortensLongTextAtAWordBoundary() {
        #expect(GateText.quote("What is a vector?") == "‘What is a vector?’")
        let long = String(repeating: "word ", count: 30)
        let quoted = GateText.quote(long)
        #expect(quoted.hasSuffix("…’"))
        #expect(quoted.count <= 64)
    }
}
