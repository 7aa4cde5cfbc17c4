import Testing
@testable import PrimerGeneration

/// The quiz reader tries a label's regex only on lines whose first byte could begin it
/// (`QuizTextReader.mayMatch`); each guarded reader must say what its regex alone says.
struct QuizTextReaderGuardTests {
    /// And `choiceLine` reads an ASCII line from its bytes (`choiceLineASCII`): the same letter
    /// and rest as the regex, on every line below.
    @Test func theGuardsSkipOnlyLinesTheirRegexesRefuse() {
        // Lines made of label words, letters, digits, marks and non-ASCII starts (a Kelvin sign
        // and a long s fold to k and s), in both cases.
        let starts = ["", "A) ", "a. ", "(B) ", "(h) ", "I) ", "Q1: ", "q 2. ", "Question 3) ", "12. ", "7) ",
                      "Answer: ", "ANSWER is ", "The correct answer - ", "Right answer: ", "Solution: ", "correct: ",
                      "Explanation: ", "Why: ", "Reason - ", "RATIONALE: ", "Answer key", "Answers:", "Solutions",
                      "Answer sheet", "ſolution: ", "\u{212A}ey", "É) ", "٣. ", " A) ", "**A) **", "- ", "x", "Z) "]
        let rests = ["", "B", "the mean", "**bold**", "Why is it?", " 42", "é", ":", " ", "  ", "\t", " \t x", "\u{0B}", "\u{0C}", "\r", " \r",
                     "x\ry", "\u{1C}", " \u{1F}", "\u{0}", "\u{7F}", " \u{85}", "\u{A0}"]
        var lines: [String] = []
        for start in starts { for rest in rests { lines.append(start + rest); lines.append((start + rest).uppercased()) } }
        for start in starts { for rest in rests { for more in rests { lines.append(start + rest + more) } } }
        for line in lines {
            let choice = line.wholeMatch(of: quizTextReaderPattern5).map { [String($0.output.1 ?? $0.output.2 ?? ""), String($0.output.3)] }
            #expect(QuizTextReader.choiceLine(line).map { [$0.letter, $0.rest] } == choice, "\(line.debugDescription)")
            #expect((QuizTextReader.numberedLine(line) != nil) == (line.wholeMatch(of: quizTextReaderPattern6) != nil), "\(line)")
            #expect((QuizTextReader.answerLine(line) != nil) == (line.wholeMatch(of: quizTextReaderPattern2) != nil), "\(line)")
            #expect((QuizTextReader.explanationLine(line) != nil) == (line.wholeMatch(of: quizTextReaderPattern3) != nil), "\(line)")
            #expect(QuizTextReader.isAnswerKeyHeading(line) == (line.wholeMatch(of: quizTextReaderPattern0) != nil), "\(line)")
            let bold = QuizTextReader.mayMatch(line, startingWith: "(abcdefgh") && line.wholeMatch(of: quizTextReaderPattern4) != nil
            #expect(bold == (line.wholeMatch(of: quizTextReaderPattern4) != nil), "\(line)")
        }
        // The guard does skip: a line no label can begin.
        #expect(!QuizTextReader.mayMatch("Newton's laws", startingWith: "as"))
        #expect(QuizTextReader.mayMatch("Answers", startingWith: "as"))
        #expect(QuizTextReader.mayMatch("ſolution", startingWith: "tcras"))
    }
}
