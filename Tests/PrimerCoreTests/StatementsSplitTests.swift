import Testing
@testable import PrimerCore

/// `Statements.split` cuts each sentence from the text at once; it must cut where the rule
/// (after ". ", "? ", "! ", Character by Character) does.
struct StatementsSplitTests {
    /// The rule as first written: each Character appended to the sentence being read.
    static func rule(_ text: String) -> [String] {
        var sentences: [String] = []
        var sentence = ""
        var previous: Character = " "
        for character in text {
            if character == " " && ".?!".contains(previous) {
                sentences.append(sentence)
                sentence = ""
            } else {
                sentence.append(character)
            }
            previous = character
        }
        sentences.append(sentence)
        return sentences
    }

    @Test func sentencesAreCutWhereTheRuleCutsThem() {
        // Marks and spaces in every order, a combining accent after a space or a mark (one
        // Character with it), CRLF, emoji and words.
        let pieces = [".", "?", "!", " ", " ", "  ", "Dot", "products", "e.g.", "\u{301}", "é", "\r\n", "🙂", "—", "3.14", "x"]
        var generator = SystemRandomNumberGenerator()
        var texts = ["", " ", ". ", "A. B", "Why? Because! Yes. ", ". \u{301}x", "end.  two"]
        for _ in 0..<3_000 {
            texts.append((0..<Int.random(in: 0...16, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            #expect(Statements.split(text) == Self.rule(text), "\(text.debugDescription)")
        }
    }

    @Test func linesAreTheCharactersLines() {
        let pieces = ["\n", "\n", "\r\n", "\r", "a", "é", "\u{301}", " ", "# H", "🙂"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(Statements.lines(text) == text.split(separator: "\n", omittingEmptySubsequences: false), "\(text.debugDescription)")
        }
    }

    @Test func wordsAreCountedAsTheSplitCountsThem() {
        let pieces = [" ", "  ", "a", "word", "\u{301}", " \u{301}", "é", "\t", "\n"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for count in 0...5 {
                #expect(Statements.hasWords(text, atLeast: count) == (text.split(separator: " ").count >= count), "\(text.debugDescription) \(count)")
            }
        }
    }
}
