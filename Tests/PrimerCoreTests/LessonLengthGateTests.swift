import Testing
@testable import PrimerCore
@testable import PrimerGeneration

struct LessonLengthGateTests {
    let context = GateContext(subject: "Linear algebra", topic: "Vectors", subtopic: "Dot product")
    let gate = LessonLengthGate(words: GateBounds(min: 10, max: 30))

    @Test func acceptsALessonWithinBoundsCountingOnlyRealWords() {
        // 14 words: 2 + 9 + 3; the heading mark and the bullets are not words.
        let notes = "# Dot product\n\n- The dot product of two vectors is a number.\n- It measures alignment."
        #expect(LessonLengthGate.wordCount(notes) == 14)
        #expect(gate.apply(.lesson(notes), context: context) == GateVerdict(output: .lesson(notes)))
    }

    @Test func rejectsATooShortAndATooLongLesson() {
        let short = gate.apply(.lesson("The dot product is a number."), context: context)
        #expect(short.rejections == ["the lesson is 6 words; write at least 10"])
        #expect(short.output == .lesson("The dot product is a number."))
        let long = String(repeating: "vectors ", count: 31)
        #expect(gate.apply(.lesson(long), context: context).rejections == ["the lesson is 31 words; write at most 30"])
    }

    @Test func rejectsAPlaceholderLessonWhateverItsLength() {
        let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore."
        let cases: [(String, String)] = [
            ("TBD", "the lesson is only a placeholder (‘TBD’); write the lesson"),
            ("Notes go here", "the lesson is only a placeholder (‘Notes go here’); write the lesson"),
            ("[insert notes on the dot product]", "the lesson is only a placeholder (‘[insert notes on the dot product]’); write the lesson"),
            ("   ", "the lesson is empty; write the lesson"),
            (lorem, "the lesson is only a placeholder (‘Lorem ipsum dolor sit amet, consectetur…’); write the lesson"),
        ]
        for (notes, reason) in cases {
            #expect(gate.apply(.lesson(notes), context: context).rejections == [reason])
        }
    }

    @Test func leavesOtherKindsAlone() {
        let cards = GeneratedOutput.pairs([PairItem(front: "a?", back: "b")])
        #expect(gate.apply(cards, context: context) == GateVerdict(output: cards))
    }

    /// The byte count an ASCII lesson gets is the Character count any text gets: random texts
    /// of words, digits, punctuation, Markdown marks and every ASCII white space (CRLF too).
    @Test func anASCIILessonsWordsAreCountedAsAnyTextsAre() {
        let pieces = ["dot", "Product", "42", "-", "**", "#", "x2", "(a)", "…", ".", "e.g.", "'", "\u{7F}", "_"]
        let spaces = [" ", "  ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = Bool.random(using: &generator) ? spaces.randomElement(using: &generator)! : ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text += pieces.randomElement(using: &generator)! + spaces.randomElement(using: &generator)!
            }
            if Bool.random(using: &generator) { text += pieces.randomElement(using: &generator)! }
            let characters = text.split(whereSeparator: { $0.isWhitespace }).filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }.count
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                #expect(LessonLengthGate.asciiWordCount(text) == characters, "\(text.debugDescription)")
            } else {
                #expect(LessonLengthGate.asciiWordCount(text) == nil)
            }
            #expect(LessonLengthGate.wordCount(text) == characters)
        }
    }
}
