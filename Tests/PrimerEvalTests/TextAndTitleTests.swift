import Testing
@testable import PrimerEval

@Suite struct EvalTextTests {
    @Test func normalizeFoldsCaseDiacriticsPunctuationAndArticles() {
        // "The" dropped as an article; "Cell's" → "cells"; "—" and "!" become spaces.
        #expect(EvalText.normalize("The Cell's Membrane — Part 2!") == "cells membrane part 2")
        #expect(EvalText.normalize("Écologie  ÉTÉ") == "ecologie ete")
        #expect(EvalText.normalize("  ...  ") == "")
    }

    @Test func lightStem() {
        #expect(EvalText.stem("cells") == "cell")
        #expect(EvalText.stem("theories") == "theory")
        #expect(EvalText.stem("classes") == "class")
        #expect(EvalText.stem("boxes") == "box")
        #expect(EvalText.stem("conditioning") == "condition")
        #expect(EvalText.stem("mutation") == "mutat")
        #expect(EvalText.stem("mutated") == "mutat")
        #expect(EvalText.stem("focus") == "focus")
        #expect(EvalText.stem("analysis") == "analysis")
        #expect(EvalText.stem("gas") == "gas")  // three letters: untouched
    }

    @Test func keywordsDropStopWordsAndNumbers() {
        // introduction, to, of: stop words; "the" an article; cells → cell.
        #expect(EvalText.keywords("Introduction to the Cells of the Nervous System") == ["cell", "nervous", "system"])
        #expect(EvalText.keywords("What happened in 1914?") == ["happen"])
    }

    @Test func keywordsMatchOnLongSharedPrefix() {
        #expect(EvalText.keywordsMatch("matrix", "matrice"))  // prefix 5 ≥ 6 − 2
        #expect(EvalText.keywordsMatch("integrat", "integrate"))  // prefix 8 ≥ 8 − 2
        #expect(!EvalText.keywordsMatch("eigenvalue", "eigenvector"))  // prefix 5 < 10 − 2
        #expect(!EvalText.keywordsMatch("photosynthesis", "photosynthetic"))  // prefix 11 < 14 − 2
        #expect(!EvalText.keywordsMatch("cell", "cello"))  // shorter than 5
    }
}

@Suite struct TitleMatchTests {
    @Test func containmentAndJaccard() {
        // G = {cell, nervous, system}
        #expect(TitleMatch.matches(golden: "Cells of the Nervous System", generated: "Nervous system cells"))  // m = 3 = |G|
        #expect(TitleMatch.matches(golden: "Cells of the Nervous System", generated: "The nervous system"))  // 2/(3+2−2) = 0.67
        #expect(!TitleMatch.matches(golden: "Cells of the Nervous System", generated: "Neurons"))  // m = 0
        // G = {classical, condition}
        #expect(!TitleMatch.matches(golden: "Classical Conditioning", generated: "Operant conditioning"))  // 1/(2+2−1) = 0.33
        #expect(TitleMatch.matches(golden: "Classical Conditioning", generated: "Conditioning"))  // 1/(2+1−1) = 0.5
        #expect(abs(TitleMatch.similarity(golden: "Classical Conditioning", generated: "Operant conditioning") - 1.0 / 3) < 1e-12)
    }

    @Test func titlesWithoutKeywordsOnlyMatchWhenEqual() {
        #expect(TitleMatch.matches(golden: "Introduction", generated: "introduction"))
        #expect(!TitleMatch.matches(golden: "Introduction", generated: "Introduction to cells"))
    }
}
