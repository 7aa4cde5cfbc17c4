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
