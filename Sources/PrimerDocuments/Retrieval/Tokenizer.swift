import Foundation

/// Words for retrieval: lowercased, accents folded ("É" → "e"), split on anything that is not a
/// letter or a digit, stop words dropped, then lightly stemmed so that "cells", "cell" and
/// "dividing", "divides", "divide" meet.
public enum Tokenizer {
    public static func tokens(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        var result: [String] = []
        var word = ""
        func endWord() {
            defer { word = "" }
            guard !word.isEmpty else { return }
            if word.count == 1 && !word.allSatisfy(\.isNumber) { return }
            if StopWords.all.contains(word) { return }
            result.append(stem(word))
        }
        for character in folded {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                endWord()
            }
        }
        endWord()
        return result
    }

    /// A light suffix stripper (plural, -ing, -ed, final e), not a full Porter stemmer: it
    /// only needs to make inflections of one word meet, the same way on both sides.
    public static func stem(_ word: String) -> String {
        guard word.count > 3, word.allSatisfy({ $0.isLetter }) else { return word }
        var w = word
        if w.hasSuffix("ies"), w.count > 4 {
            w = String(w.dropLast(3)) + "y"
        } else if w.hasSuffix("sses") {
            w = String(w.dropLast(2))
        } else if w.hasSuffix("s"), !w.hasSuffix("ss"), !w.hasSuffix("us"), !w.hasSuffix("is") {
            w = String(w.dropLast())
        }
        if w.hasSuffix("ing"), w.count > 5 {
            w = undouble(String(w.dropLast(3)))
        } else if w.hasSuffix("ed"), w.count > 4, !w.hasSuffix("eed") {
            w = undouble(String(w.dropLast(2)))
        }
        if w.hasSuffix("e"), w.count > 4 { w = String(w.dropLast()) }
        return w
    }

    /// "runn" → "run", "stopp" → "stop"; "fall", "pass", "buzz" stay.
    private static func undouble(_ w: String) -> String {
        guard w.count > 2, let last = w.last, let beforeLast = w.dropLast().last, last == beforeLast,
              !"lsz".contains(last), !"aeiou".contains(last) else { return w }
        return String(w.dropLast())
    }
}
