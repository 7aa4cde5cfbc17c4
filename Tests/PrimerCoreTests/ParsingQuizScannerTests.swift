import Testing
@testable import PrimerCore

/// `QuizLineScanner` against the regexes it stands in for, on quiz-like lines and random
/// strings over the characters the patterns care about (backtracking cases included).
struct ParsingQuizScannerTests {
    static var lines: [String] {
        let heads = ["1.", "1)", "12 .", "3 )", "Q1:", "q 3 -", "Q12)", "Question 2", "question2:", "QUESTION 10 .",
                     "(a)", "A)", "h.", "H:", "I)", "(B)", "(i)", "a", "1", "Q", "question", "(1)", "- A)", "Qa1."]
        let gaps = ["", " ", "  ", "\t", " \t "]
        let tails = ["What is x?", "", " ", "-", ". foo", ":bar", "1", "**bold**", "(correct)", "2. more", "é"]
        var lines: [String] = []
        for head in heads { for gap in gaps { for tail in tails { lines.append(head + gap + tail) } } }
        // Random lines over the pattern alphabet.
        let alphabet = Array("qQuestion1234 .:)-(aAbBhHiI\t*x—")
        var random = SeededNumbers(state: 99)
        for _ in 0..<20000 {
            lines.append(String((0..<(random.next() % 14)).map { _ in alphabet[random.next() % alphabet.count] }))
        }
        return lines
    }

    @Test func choiceScannerMatchesTheRegex() {
        var mismatches: [String] = []
        for line in Self.lines {
            let fast = QuizTextReader.choiceLine(line)
            let regex = QuizTextReader.choiceLineRegex(line)
            if fast?.letter != regex?.letter || fast?.rest != regex?.rest {
                mismatches.append("\(line.debugDescription): \(String(describing: fast)) ≠ \(String(describing: regex))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test func numberedScannerMatchesTheRegex() {
        var mismatches: [String] = []
        for line in Self.lines {
            let fast = QuizTextReader.numberedLine(line)
            let regex = QuizTextReader.numberedLineRegex(line)
            if fast?.digits != regex?.digits || fast?.rest != regex?.rest {
                mismatches.append("\(line.debugDescription): \(String(describing: fast)) ≠ \(String(describing: regex))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// Answer and explanation lines, and random lines over their labels' alphabet.
    static var labelLines: [String] {
        let heads = ["Answer key", "ANSWERS", "answer  sheet", "Answer\tKey", "Solutions", "Answerkey", "answer keys", "Answer",
                     "answer 2", "The answer", "the  correct answer", "Correct Answer 3", "Right answer",
                     "CORRECT", "Solution", "solution1", "Explanation", "rationale", "Reason", "why", "Reasons", "The",
                     "Thecorrect answer", "correct  answer", "answering", "Answer is", "The correct answer is",
                     "Correct answer is", "answer 12 is", "Why not", "right", "the solution"]
        let gaps = ["", " ", "  ", "\t"]
        let separators = ["", ":", "-", " :", " - ", " is", " is:", " is ", " is B", " isn't", " is.", " is_x", " is2", "is"]
        let tails = ["B", " B) bar", "", " ", "  ", "The mitochondria", "**C**", "x:y"]
        var lines: [String] = []
        for head in heads { for gap in gaps { for separator in separators { for tail in tails {
            lines.append(head + gap + separator + tail)
        } } } }
        let alphabet = Array("answerANSWERcorectighxplaniosvdyTh 12:-\t.is_'Bkyl")
        var random = SeededNumbers(state: 7)
        for _ in 0..<20000 {
            let head = heads[random.next() % heads.count]
            lines.append(head + String((0..<(random.next() % 10)).map { _ in alphabet[random.next() % alphabet.count] }))
        }
        return lines
    }

    @Test func labelScannersMatchTheRegexes() {
        var mismatches: [String] = []
        var decided = 0
        for line in Self.labelLines {
            if QuizLabelScanner.answer(line) != nil { decided += 1 }
            let answer = (QuizTextReader.answerLine(line), QuizTextReader.answerLineRegex(line))
            if answer.0 != answer.1 { mismatches.append("answer \(line.debugDescription): \(String(describing: answer.0)) ≠ \(String(describing: answer.1))") }
            if QuizTextReader.isAnswerKeyHeading(line) != QuizTextReader.isAnswerKeyHeadingRegex(line) {
                mismatches.append("answer key \(line.debugDescription)")
            }
            let explanation = (QuizTextReader.explanationLine(line), QuizTextReader.explanationLineRegex(line))
            if explanation.0 != explanation.1 {
                mismatches.append("explanation \(line.debugDescription): \(String(describing: explanation.0)) ≠ \(String(describing: explanation.1))")
            }
        }
        let mismatchCount = mismatches.count
        #expect(mismatchCount == 0, "\(mismatches.prefix(20).joined(separator: "\n"))")
        // The scanner decides almost every line itself; only "is" before punctuation goes to the regex.
        #expect(decided > Self.labelLines.count * 9 / 10)
        #expect(QuizLabelScanner.answer("Answer: café") == nil)
        #expect(QuizLabelScanner.answer("The correct answer is B")??.description == "B")
        #expect(QuizLabelScanner.explanation("Explanation - because")??.description == "because")
    }

    @Test func scannersLeaveNonASCIILinesToTheRegex() {
        #expect(QuizLineScanner.choice("A) café") == nil)
        #expect(QuizLineScanner.numbered("1. naïve") == nil)
        #expect(QuizLineScanner.choice("A) plain")??.rest == "plain")
    }
}

/// The same pseudo-random numbers on every run (a 64-bit linear congruential generator), so the
/// random lines are reproducible.
struct SeededNumbers {
    var state: UInt64

    mutating func next() -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(truncatingIfNeeded: state >> 33)
    }
}
