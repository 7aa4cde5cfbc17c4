import Foundation

/// One word of a title, note or topic, as the classifier sees it.
struct ClassifierToken: Equatable, Sendable {
    /// Folded form used for look-ups: lower case, accents removed.
    var word: String
    /// The word as written, for reasons ("‘Spanish’ …").
    var original: String
    /// True when punctuation (or the start of the text) comes right before this word. A
    /// language name's phrase never runs across punctuation: in "French vocabulary: food" the
    /// phrase after "French" is "vocabulary", not "vocabulary food".
    var startsPhrase: Bool

    /// Words in scripts written without spaces (kana, CJK, Hangul, Devanagari) are matched by
    /// containment, because a whole title like "日本語文法" is one token.
    var isUnspacedScript: Bool {
        word.unicodeScalars.contains { $0.value >= 0x0900 }
    }

    /// Short course numbers: "German 101", "Spanish 2". Years ("German 1933") are longer.
    var isCourseNumber: Bool {
        !word.isEmpty && word.count <= 3 && word.allSatisfy(\.isNumber)
    }
}

enum ClassifierText {
    /// Lower-cases and strips Latin/Greek/Cyrillic accents so "Español", "español" and "espanol"
    /// are the same word. Only combining diacritics (U+0300–U+036F) are removed: the vowel signs
    /// of Devanagari and the marks of kana are letters, not accents, and must stay.
    static func fold(_ text: String) -> String {
        let decomposed = text.lowercased().decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where !(0x300...0x36F).contains(scalar.value) {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// Splits text into words. Hyphens inside a word split it without ending the phrase
    /// ("context-free" → "context", "free"); other punctuation and line breaks end the phrase.
    /// Apostrophes are dropped with a possessive "s" ("beginner's" → "beginner").
    static func tokenize(_ text: String) -> [ClassifierToken] {
        var tokens: [ClassifierToken] = []
        var current = ""
        var boundaryPending = true
        let characters = Array(text)

        func flush() {
            guard !current.isEmpty else { return }
            let original = stripApostrophe(current)
            if !original.isEmpty {
                tokens.append(ClassifierToken(word: fold(original), original: original, startsPhrase: boundaryPending))
                boundaryPending = false
            }
            current = ""
        }

        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if isWordCharacter(character) {
                current.append(character)
            } else if character == "'" || character == "’", !current.isEmpty, let next, isWordCharacter(next) || next.isWhitespace {
                current.append("'")
            } else if character == "-" || character == "‐", !current.isEmpty, let next, isWordCharacter(next) {
                flush()  // a joining hyphen: same phrase
            } else if character.isWhitespace {
                flush()
                if character.isNewline { boundaryPending = true }
            } else {
                flush()
                boundaryPending = true
            }
        }
        flush()
        return tokens
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isNumber || character.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// "beginner's" → "beginner", "learners'" → "learners", "l'italiano" → "italiano".
    private static func stripApostrophe(_ word: String) -> String {
        guard let apostrophe = word.firstIndex(of: "'") else { return word }
        let before = String(word[..<apostrophe])
        let after = String(word[word.index(after: apostrophe)...]).replacingOccurrences(of: "'", with: "")
        if after.isEmpty || after.lowercased() == "s" { return before }
        if before.count == 1 { return after }
        return before + after
    }
}
