import Testing

@testable import PrimerCore

/// Reasoning blocks are removed in one pass, however many tags an answer holds. (Removing them
/// one search at a time from the start took 8 s of CPU for 40 KB of lone `</think>` lines.)
@Suite struct ThinkingTagsTests {
    @Test func twoHundredKilobytesOfLoneClosingTags() {
        let text = String(repeating: "</think>\n", count: 23_000) + "Final answer"
        #expect(text.utf8.count > 200_000)
        #expect(TextCleanup.stripThinking(text) == "\nFinal answer")
        #expect(TextCleanup.lines(text) == ["", "Final answer"])
    }

    @Test func twoHundredKilobytesOfLoneOpeningTags() {
        let text = "Kept\n" + String(repeating: "<think>\n", count: 26_000)
        #expect(text.utf8.count > 200_000)
        #expect(TextCleanup.stripThinking(text) == "Kept\n")
        let mixedCase = "Kept\n" + String(repeating: "<THINKING>\n<Think>\n", count: 10_000)
        #expect(TextCleanup.stripThinking(mixedCase) == "Kept\n")
    }

    @Test func manyClosedBlocksKeepTheTextBetweenThem() {
        let text = String(repeating: "a<think>reasoning</think>b\n", count: 10_000)
        #expect(TextCleanup.stripThinking(text) == String(repeating: "ab\n", count: 10_000))
    }

    /// Same results as the former search-and-remove loop, on many generated answers.
    @Test func matchesTheFormerAlgorithm() {
        // Pieces never form a new tag when a block between them is removed (the former loop
        // would then find that new tag; the one-pass scan reads the answer as written).
        let pieces = ["<think>", "</think>", "<thinking>", "</thinking>", "<THINK>", "</Thinking>", "text", "é", "\n", " ", "<b>", "think"]
        var random = SeededNumbers(state: 11)
        for _ in 0..<3_000 {
            let text = (0..<(random.next() % 13)).map { _ in pieces[random.next() % pieces.count] }.joined()
            #expect(TextCleanup.stripThinking(text) == Self.formerStrip(text), "\(text.debugDescription)")
        }
    }

    @Test func tagsAreFoundWithTheirByteRanges() {
        let tags = ThinkingTag.all(in: Array("é<THINK>x</thinking><thin>".utf8))
        #expect(tags == [
            ThinkingTag(name: .think, isClosing: false, range: 2..<9),
            ThinkingTag(name: .thinking, isClosing: true, range: 10..<21),
        ])
    }

    /// The loop `stripThinking` used before (quadratic: each tag costs a search and a removal
    /// from the start of the whole text).
    static func formerStrip(_ text: String) -> String {
        var text = text
        func first<S: StringProtocol>(_ needles: [String], _ text: S) -> Range<String.Index>? where S.Index == String.Index {
            needles.compactMap { text.range(of: $0, options: .caseInsensitive) }.min { $0.lowerBound < $1.lowerBound }
        }
        while true {
            let open = first(["<think>", "<thinking>"], text)
            let close = first(["</think>", "</thinking>"], text)
            if let close, open == nil || close.lowerBound < open!.lowerBound {
                text.removeSubrange(text.startIndex..<close.upperBound)
            } else if let open {
                if let end = first(["</think>", "</thinking>"], text[open.upperBound...]) {
                    text.removeSubrange(open.lowerBound..<end.upperBound)
                } else {
                    text.removeSubrange(open.lowerBound...)
                }
            } else {
                return text
            }
        }
    }
}
