import Foundation
import Testing
@testable import PrimerCore

/// The fast paths of the gates (`GateFolding`, `fastWordCount`, `GateText.trimmed`, the cached
/// and pre-filtered regexes) against the Foundation code they replace: on ASCII, accented, CJK,
/// emoji and mixed text, every ASCII character, and random strings of awkward scalars. Any
/// difference fails.
struct GateFoldingTests {
    static let samples: [String] = [
        // ASCII
        "", " ", "What is a **vector**?", "  What is the `Vector`  ", "Newton's  second\n law",
        "f'(x) = 2x + 3", "> quoted line", ">", "> > nested", "'quoted'", "don't stop",
        "A, B and C", "All of the above", "Option A", "choice 2", "x_1 + y^2 <= z", "#heading ##",
        "tab\tseparated\r\nlines\u{0B}and\u{0C}feeds", "\u{0}nul and \u{1F} unit separator",
        "the a an The A An", "an apple a day", "C++ & C#: ~50% @home [sic] {braces} |pipes|",
        "  \n\t  ", "Lorem ipsum dolor", "TBD", "N/A", "[insert answer]", "{{front}}",
        // Accented
        "Crème brûlée", "Théorème de Gauß", "¿Dónde está la estación?", "Ärger über Öl",
        "e\u{301}te\u{301}", "naïve café", "İstanbul ıslık", "ÆØÅ æøå Œuvre", "ﬁnal ﬂow",
        "s'il vous plaît", "l’été", "Newton’s law", "rock ’n’ roll", "‘single’ “double”",
        // CJK
        "中文 日本語", "ベクトル空間とは？", "ｶﾞｷﾞ ﾊﾟ", "한국어 문법", "가", "全角　スペース", "Ａｂｃ１２３！",
        // Emoji
        "👍🏽 great", "👨‍👩‍👧 family", "🇫🇷🇩🇪 flags", "#️⃣ keycap", "✔️ done", "✅ correct", "😀'😀",
        // Mixed
        "Vectors — the basics", "x → y", "A) 2 × 3 = 6", "Σ σ ς — Greek", "K (Kelvin) Å (angstrom)",
        "½ ² Ⅻ", "a\u{00A0}b\u{2028}c\u{0085}d\u{3000}e\u{200B}f", " \u{301}accent after space",
        "\u{301}leading mark", "text ’ apostrophe alone", "a`b`c", "'\u{301}x", "x'\u{301}",
        "\u{0600}1 prepend", "word —\u{301} dash", "ab\u{0307}c", "Ｏption Ａ",
    ]

    /// Scalars that are hard to fold or segment, for the random strings.
    static let pool: [String] = {
        var pool = (0x20..<0x7F).map { String(Unicode.Scalar(UInt8($0))) }
        pool += ["\t", "\n", "\r", "\r\n", "\u{0}", "\u{0B}", "\u{1F}", "\u{7F}"]
        pool += ["é", "É", "ü", "ñ", "ç", "ß", "ẞ", "İ", "ı", "ø", "Å", "æ", "œ", "ﬁ"]
        pool += ["\u{301}", "\u{308}", "\u{327}", "\u{307}", "\u{20DD}", "\u{FE0F}", "\u{200D}", "\u{20E3}"]
        pool += ["Ａ", "ｂ", "１", "！", "＇", "｀", "ｶ", "ﾞ", "中", "文", "が", "ガ", "한", "ᄀ", "ᅡ"]
        pool += ["Σ", "σ", "ς", "Ω", "Ж", "ب", "،", "\u{0600}", "😀", "👍", "🏽", "🇫", "🇷", "✔"]
        pool += ["’", "‘", "“", "”", "«", "»", "—", "–", "‐", "…", "•", "\u{00A0}", "\u{2028}", "\u{0085}"]
        pool += ["\u{3000}", "\u{200B}", "\u{212A}", "\u{212B}", "×", "−", "≤", "²", "½", "Ⅻ"]
        pool += [" a ", " the ", " an ", "> ", "'", "`", "  ", "don't", "Vector", "option ", "lorem ipsum"]
        return pool
    }()

    /// Deterministic random strings from `pool`.
    static func randomStrings(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in
            let length = next() % 24
            return (0..<length).map { _ in pool[next() % pool.count] }.joined()
        }
    }

    static var corpus: [String] {
        var corpus = samples
        // Every ASCII scalar alone, between letters and between spaces.
        for byte in 0..<128 {
            let c = String(Unicode.Scalar(UInt8(byte)))
            corpus += [c, "a\(c)b", " \(c) ", "A\(c)", "\(c)é", "é\(c)"]
        }
        corpus += randomStrings(count: 4000, seed: 42)
        return corpus
    }

    @Test func normalizeMatchesFoundationOnEveryKindOfText() {
        var mismatches: [String] = []
        for text in Self.corpus {
            for dropArticles in [true, false] {
                let fast = GateText.normalize(text, dropArticles: dropArticles)
                let reference = GateText.normalizeFoundation(text, dropArticles: dropArticles)
                if fast != reference {
                    mismatches.append("\(text.debugDescription) (dropArticles \(dropArticles)): \(fast.debugDescription) ≠ \(reference.debugDescription)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test func normalizeIsStableWhenTheFoldCacheIsWarm() {
        // The second pass is served from the cache of folded non-ASCII runs.
        for _ in 0..<2 {
            for text in Self.samples {
                #expect(GateText.normalize(text) == GateText.normalizeFoundation(text), "\(text.debugDescription)")
            }
        }
    }

    @Test func foldingMatchesFoundation() {
        for text in Self.samples + Self.randomStrings(count: 1000, seed: 7) {
            let fast = String(String.UnicodeScalarView(GateFolding.fold(text)))
            #expect(fast.unicodeScalars.elementsEqual(GateFolding.foundationFold(text).unicodeScalars), "\(text.debugDescription)")
        }
    }

    @Test func articlesAreTheOnesTheFastJoinDrops() {
        // `GateFolding.joinASCIIWords` spells the articles out; it must follow this set.
        #expect(GateText.articles == ["a", "an", "the"])
    }

    @Test func wordCountMatchesTheCharacterDefinition() {
        var mismatches: [String] = []
        let notes = """
            ## Vectors — the basics

            A **vector** is an element of a vector space: 2 × 3 = 6, café, naïve, 中文.
            - Item one\r\n- Item two 👍🏽 \u{301}
            """
        for text in Self.corpus + [notes, String(repeating: notes, count: 20)] {
            let fast = NotesLengthGate.fastWordCount(text)
            let reference = NotesLengthGate.characterWordCount(text)
            if fast != reference { mismatches.append("\(text.debugDescription): \(fast) ≠ \(reference)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test func trimmedMatchesFoundation() {
        for text in Self.corpus {
            #expect(GateText.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
        }
    }

    @Test func choiceLabelCheckMatchesTheRegex() {
        let pattern = #"^(option|choice|answer|alternative) ([a-e]|[1-5])$"#
        let texts = Self.corpus.map { GateText.normalize($0, dropArticles: false) }
            + ["option a", "option e", "option f", "choice 5", "choice 6", "answer c", "alternative b",
               "options a", "option ab", "option", "option  a", "the option a", "option a b", "option é"]
        for text in texts {
            let expected = text.range(of: pattern, options: .regularExpression) != nil
            #expect(PlaceholdersGate.isChoiceLabel(Array(text.utf8)) == expected, "\(text.debugDescription)")
        }
    }

    @Test func otherChoicesCheckMatchesTheUncachedRegexes() {
        let patterns = [
            #"\b(all|none|both|neither|any) of (the )?(above|these|those|them|the options|the choices|the answers)\b"#,
            #"^(all|none) (the )?above\b"#,
            #"^(both |neither |only )?(options? |choices? |answers? )?[a-d](,? [a-d])*,? (and|or|nor) [a-d]( are (correct|true))?$"#,
        ]
        let texts = Self.samples + Self.randomStrings(count: 500, seed: 11) + [
            "All of the above", "None of these", "Both A and B", "A and C", "Neither A nor B", "A, B and C",
            "A, B, and C are correct", "all above", "None the above.", "Option A or B", "Any of them",
            "A vector and a scalar", "Most of the above", "B or D", "Only C and D", "a and e",
        ]
        for choice in texts {
            let text = GateText.normalize(choice, dropArticles: false)
            let expected = patterns.contains { text.range(of: $0, options: .regularExpression) != nil }
            #expect(QuizShapeGate.isAboutOtherChoices(choice) == expected, "\(choice.debugDescription)")
        }
    }

    @Test func byteSearchFindsASCIINeedles() {
        #expect(GateBytes.contains(Array("none of the above".utf8), " of "))
        #expect(!GateBytes.contains(Array("noneof".utf8), " of "))
        #expect(GateBytes.contains(Array("é of".utf8), " of") && !GateBytes.contains(Array("of".utf8), " of "))
        #expect(!GateBytes.contains([], "x"))
    }
}

extension GateFoldingTests {
    @Test func trimmedWithoutNewlinesMatchesFoundation() {
        let edges = ["", " ", "\t", "\n", "\u{00A0}", "\u{3000}", "\u{2028}", "\u{0085}", "é", "😀", "a"]
        var texts = Self.corpus
        for left in edges { for right in edges { texts.append(left + "x y\u{3000}z" + right) } }
        for text in texts {
            #expect(FastText.trimmed(text, newlines: false) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            #expect(FastText.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            #expect(FastText.trimmed(Substring(text)) == Substring(text).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test func lineSplitMatchesFoundation() {
        let texts = Self.corpus + ["a\nb", "\n", "", "a\n", "\na", "é\nb", "a\n\u{301}b", "\u{0600}\nx", "x\r\ny\rz"]
        for text in texts {
            #expect(TextCleanup.splitLines(text) == text.components(separatedBy: "\n"), "\(text.debugDescription)")
        }
    }
}

extension GateFoldingTests {
    /// Words to stem and match: the corpus's normalised words plus generated English-looking
    /// words with every suffix the stemmer knows.
    static var words: [String] {
        var words = Set(corpus.flatMap { GateText.normalizeFoundation($0).split(separator: " ").map(String.init) })
        let stems = ["vector", "matric", "propert", "integrat", "analys", "box", "church", "wish", "quiz", "class", "bus",
                     "ax", "go", "a", "ab", "abc", "abcd", "é", "café", "naïv", "中文"]
        let suffixes = ["", "s", "es", "ies", "sses", "xes", "ches", "shes", "zes", "ss", "us", "is", "ing", "ed", "ion",
                        "ings", "eds", "ions", "y", "e"]
        for stem in stems { for suffix in suffixes { words.insert(stem + suffix) } }
        return words.sorted()
    }

    @Test func stemMatchesTheCharacterDefinition() {
        for word in Self.words {
            #expect(GateText.stem(word) == GateText.stemCharacters(word), "\(word.debugDescription)")
        }
    }

    @Test func keywordsMatchAgreesWithTheCharacterDefinition() {
        let stems = Self.words.map(GateText.stem)
        let sample = Array(stems.prefix(400)) + ["matrix", "matrice", "determinant", "determine", "integrate", "integrat",
                                                  "eigenvalue", "eigenvector", "café", "cafés", "naïve", "naïvety"]
        for a in sample {
            for b in sample.prefix(120) {
                #expect(GateText.keywordsMatch(a, b) == GateText.keywordsMatchCharacters(a, b), "\(a) \(b)")
            }
        }
    }

    @Test func keywordsMatchTheFoundationDefinition() {
        // `keywords` as first written: Foundation normalisation and Character counts.
        func reference(_ text: String) -> Set<String> {
            var result = Set<String>()
            for word in GateText.normalizeFoundation(text).split(separator: " ").map(String.init) {
                guard word.count >= 2, !GateText.stopWords.contains(word) else { continue }
                guard word.contains(where: { $0.isLetter }) else { continue }
                result.insert(GateText.stemCharacters(word))
            }
            return result
        }
        for text in Self.corpus {
            #expect(GateText.keywords(text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test func notesPlaceholderCheckAgreesWithItsDefinition() {
        func reference(_ text: String) -> Bool {
            PlaceholdersGate.classify(text) != .content || GateText.normalize(text).contains("lorem ipsum")
                || (text.contains("{{") && text.contains("}}"))
        }
        let texts = Self.corpus + Self.samples + Self.randomStrings(count: 400, seed: 14)
            + ["Lo'rem ipsum dolor", "LOREM  IPSUM", "lorem the ipsum", "Lorém ipsum", "lorem-ipsum", "{{x}}", "real notes"]
        var placeholders = 0
        for text in texts {
            let fast = NotesLengthGate.isPlaceholder(text)
            if fast { placeholders += 1 }
            #expect(fast == reference(text), "\(text.debugDescription)")
        }
        #expect(placeholders > 5)
    }

    @Test func characterCountAgreesWithCount() {
        for text in Self.corpus + Self.samples + Self.randomStrings(count: 300, seed: 13) + ["a\r\nb", "\r", "\n\r", "e\u{301}"] {
            #expect(GateText.characterCount(text) == text.count, "\(text.debugDescription)")
        }
    }

    @Test func splitWordsAgreesWithTheCharacterSplit() {
        for text in Self.corpus + Self.samples + Self.randomStrings(count: 300, seed: 12) {
            for normalized in [GateText.normalize(text), GateText.normalize(text, dropArticles: false), text] {
                #expect(GateText.splitWords(normalized) == normalized.split(separator: " ").map(String.init), "\(normalized.debugDescription)")
            }
        }
    }

    @Test func asciiKeywordsAgreeWithTheCharacterPath() {
        var fastPathTexts = 0
        for text in Self.corpus + Self.words + Self.randomStrings(count: 300, seed: 11) {
            let normalized = GateText.normalize(text)
            guard let fast = GateFolding.keywordsASCII(normalized: normalized) else { continue }
            fastPathTexts += 1
            #expect(fast == GateText.keywordsCharacters(normalized: normalized), "\(text.debugDescription)")
        }
        // The fast path must actually run, on most of the corpus (English text).
        #expect(fastPathTexts > Self.corpus.count / 2)
    }
}

extension GateFoldingTests {
    @Test func memoisedNormalisationInsideAChainIsTheSame() {
        let texts = Self.samples + Self.randomStrings(count: 300, seed: 5)
        GateMemo.$current.withValue(GateMemo()) {
            for _ in 0..<2 {
                for text in texts {
                    #expect(GateText.normalize(text) == GateText.normalizeFoundation(text))
                    #expect(GateText.normalize(text, dropArticles: false) == GateText.normalizeFoundation(text, dropArticles: false))
                }
            }
            #expect(GateMemo.current != nil)
        }
        #expect(GateMemo.current == nil)
    }
}
