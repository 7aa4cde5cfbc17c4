import Testing
@testable import PrimerCore
@testable import PrimerGeneration

struct GateNotesTests {
    let context = GateContext(subject: "Linear algebra", topic: "Vectors", subtopic: "Dot product")
    let gate = LessonLengthGate(words: GateBounds(min: 10, max: 30))

    @Test func acceptsNotesWithinBoundsCountingOnlyRealWords() {
        // 14 words: 2 + 9 + 3; the heading mark and the bullets are not words.
        let notes = "# Dot product\n\n- The dot product of two vectors is a number.\n- It measures alignment."
        #expect(LessonLengthGate.wordCount(notes) == 14)
        #expect(gate.apply(.lesson(notes), context: context) == GateVerdict(output: .lesson(notes)))
    }

    @Test func rejectsTooShortAndTooLongNotes() {
        let short = gate.apply(.lesson("The dot product is a number."), context: context)
        #expect(short.rejections == ["the notes are 6 words; write at least 10"])
        #expect(short.output == .lesson("The dot product is a number."))
        let long = String(repeating: "vectors ", count: 31)
        #expect(gate.apply(.lesson(long), context: context).rejections == ["the notes are 31 words; write at most 30"])
    }

    @Test func rejectsPlaceholderNotesWhateverTheirLength() {
        let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore."
        let cases: [(String, String)] = [
            ("TBD", "the notes are only a placeholder (‘TBD’); write the notes"),
            ("Notes go here", "the notes are only a placeholder (‘Notes go here’); write the notes"),
            ("[insert notes on the dot product]", "the notes are only a placeholder (‘[insert notes on the dot product]’); write the notes"),
            ("   ", "the notes are empty; write the notes"),
            (lorem, "the notes are only a placeholder (‘Lorem ipsum dolor sit amet, consectetur…’); write the notes"),
        ]
        for (notes, reason) in cases {
            #expect(gate.apply(.lesson(notes), context: context).rejections == [reason])
        }
    }

    @Test func leavesOtherKindsAlone() {
        let cards = GeneratedOutput.pairs([PairItem(front: "a?", back: "b")])
        #expect(gate.apply(cards, context: context) == GateVerdict(output: cards))
    }
}
