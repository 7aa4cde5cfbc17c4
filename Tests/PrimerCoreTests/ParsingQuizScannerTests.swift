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
        var state: UInt64 = 99
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for _ in 0..<20000 {
            lines.append(String((0..<(next() % 14)).map { _ in alphabet[next() % alphabet.count] }))
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

    @Test func scannersLeaveNonASCIILinesToTheRegex() {
        #expect(QuizLineScanner.choice("A) café") == nil)
        #expect(QuizLineScanner.numbered("1. naïve") == nil)
        #expect(QuizLineScanner.choice("A) plain")??.rest == "plain")
    }
}
