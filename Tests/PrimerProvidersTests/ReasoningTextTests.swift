import Testing

@testable import PrimerProviders

/// Providers strip a leading reasoning block from answers of any size in one pass over the tags.
@Suite struct ReasoningTextTests {
    @Test func twoHundredKilobytesOfLoneClosingTags() {
        // The template opened the block: the text up to the first closing tag is reasoning. The
        // parsers drop what follows up to the last closing tag.
        let text = String(repeating: "</think>\n", count: 23_000) + "Final answer"
        #expect(text.utf8.count > 200_000)
        #expect(ReasoningText.strip(text) == String(repeating: "</think>\n", count: 22_999) + "Final answer")
    }

    @Test func twoHundredKilobytesOfLoneOpeningTags() {
        let text = String(repeating: "<think>\n", count: 26_000)
        #expect(text.utf8.count > 200_000)
        #expect(ReasoningText.strip(text) == "", "cut off while thinking")
        let answerFirst = "Answer\n" + text
        #expect(ReasoningText.strip(answerFirst) == answerFirst, "only a leading block is the provider's to strip")
    }

    @Test func unicodeWhitespaceBeforeTheBlock() {
        #expect(ReasoningText.strip("\u{00A0}\n <thinking>x</THINKING>\u{2003}answer é") == "answer é")
        #expect(ReasoningText.strip("é</think> answer") == "answer")
        #expect(ReasoningText.strip("a <think>b</think> c") == "a <think>b</think> c")
    }
}
