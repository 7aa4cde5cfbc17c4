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

    /// Keywords over an ASCII text's bytes are the rule over its words: random texts of words
    /// with every plural and derived ending, stop words, numbers and one-letter tokens, and a
    /// textbook chapter's lines.
    @Test func asciiKeywordsAreTheRuleOverWords() throws {
        let stems = ["vector", "matr", "propert", "box", "church", "wish", "quiz", "clas", "bus", "analys", "integrat", "determin", "ab", "x", "ion", "sing"]
        let endings = ["", "s", "es", "ies", "sses", "xes", "ches", "shes", "zes", "ss", "us", "is", "ing", "ed", "ion", "ions", "ings", "y"]
        let others = ["the", "of", "Introduction", "3", "42nd", "a", "I", "don't", "'", "x2", ">", "--", "  ", "\n", "Vectors:", "**bold**"]
        var generator = SystemRandomNumberGenerator()
        var texts: [String] = []
        for _ in 0..<3_000 {
            texts.append((0..<Int.random(in: 0...10, using: &generator)).map { _ in
                Bool.random(using: &generator)
                    ? stems.randomElement(using: &generator)! + endings.randomElement(using: &generator)!
                    : others.randomElement(using: &generator)!
            }.joined(separator: Bool.random(using: &generator) ? " " : ", "))
        }
        let chapter = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/openstax/psychology-2e-ch05.md")
        texts += try String(contentsOf: chapter, encoding: .utf8).split(separator: "\n").map(String.init).filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        for text in texts {
            var normalized = GateText.normalize(text)
            let fast = normalized.withUTF8 { GateText.keywordingASCII($0) }
            let rule = Set(GateText.words(text).filter { !GateText.stopWords.contains($0) && $0.count >= 2 && $0.contains(where: \.isLetter) }
                .map { GateText.stemming(characters: $0) })
            #expect(fast == rule, "\(text.debugDescription)")
            #expect(GateText.keywords(text) == rule)
            for word in GateText.words(text) {
                var bytes = word
                #expect(bytes.withUTF8 { GateText.stemmingASCII($0) } == GateText.stemming(characters: word), "\(word)")
            }
        }
        // A CRLF is one Character and two bytes: such a word takes the Character rule.
        #expect(GateText.stem("\r\nbs") == GateText.stemming(characters: "\r\nbs"))
        // Any other text takes the rule over words.
        var accented = "crème brûlée"
        #expect(accented.withUTF8 { GateText.keywordingASCII($0) } == nil)
        #expect(GateText.keywords("Crème brûlées") == ["creme", "brulee"])
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
