import PrimerCore

/// Reads the text quiz format line by line. A question starts at a numbered line ("1.",
/// "Q1:", "Question 1:", "### Question 1"), or at any line after a blank once the previous
/// question is complete; choices are lettered lines; `Answer:` and `Explanation:` lines (and
/// plain lines after the answer) complete it. An "Answer key" section at the end is honoured.
struct QuizTextReader {
    private enum Phase { case question, choices, answer, explanation, done }

    private var drafts: [QuizDraft] = []
    private var current: QuizDraft?
    private var phase = Phase.done
    private var afterBlank = false
    private var inKey = false
    private var key: [Int: String] = [:]
    /// The last numbered point inside the current explanation, so "2." after "1." there
    /// continues the explanation instead of starting question 2.
    private var explanationPoint: Int?

    mutating func read(_ raw: String) {
        let line = LineSyntax.trim(raw)
        if line.isEmpty {
            afterBlank = true
            if phase == .explanation || phase == .answer { phase = .done }
            return
        }
        defer { afterBlank = false }
        if TextCleanup.isFence(line) || LineSyntax.isTableSeparator(line) { return }
        let plain = Self.unlabelled(line)

        if Self.isAnswerKeyHeading(plain) {
            inKey = true
            return
        }
        if inKey {
            if let match = plain.wholeMatch(of: quizTextReaderPattern1) {
                key[Int(match.output.1) ?? 0] = String(match.output.2)
            }
            return
        }
        // "Answer: B", "Correct answer - B) bar", "The correct answer is B"; a separator or "is"
        // is required so a question like "Answer the following…" is not an answer line.
        if current != nil, let answer = Self.answerLine(plain) {
            current?.answer = answer
            phase = .answer
            return
        }
        if current != nil, let explanation = Self.explanationLine(plain) {
            let text = LineSyntax.trim(explanation)
            current?.explanation = text.isEmpty ? [] : [text]
            phase = .explanation
            return
        }
        if phase == .question || phase == .choices, readChoice(line) { return }
        if let (number, text) = Self.numberedQuestion(line) {
            if startsQuestion(number) {
                start(number: number, text: text)
                return
            }
            explanationPoint = number
        }
        // Other headings ("## Quiz: Cells") are titles, not questions.
        if LineSyntax.heading(line) != nil { return }
        switch phase {
        case .question:
            if !TextCleanup.isChatter(line) { current?.question.append(LineSyntax.clean(line)) }
        case .answer, .explanation:
            if TextCleanup.isChatter(line) { phase = .done } else { current?.explanation.append(line) }
        case .choices, .done:
            // After a blank line, a plain line is an unnumbered next question; chatter is not.
            if (afterBlank || current == nil), !TextCleanup.isChatter(line) {
                start(number: nil, text: LineSyntax.clean(line))
            }
        }
    }

    mutating func finish() -> [ChoiceItem] {
        if let current { drafts.append(current) }
        current = nil
        return drafts.compactMap { $0.build(key: key) }
    }

    /// A numbered line starts a question unless it is a numbered point inside an explanation
    /// ("1. because…"): then it must continue the question numbering.
    private func startsQuestion(_ number: Int?) -> Bool {
        guard phase == .explanation || phase == .answer, let number else { return true }
        if let point = explanationPoint, number == point + 1 { return false }
        let last = current?.number ?? drafts.last?.number
        return last.map { number == $0 + 1 } ?? true
    }

    private mutating func start(number: Int?, text: String) {
        if let current, !current.choices.isEmpty { drafts.append(current) }
        current = QuizDraft(number: number, question: text.isEmpty ? [] : [text])
        explanationPoint = nil
        phase = .question
    }

    /// A lettered choice: `A)`, `A.`, `a)`, `(A)`, `- A)`, optionally bold or marked.
    private mutating func readChoice(_ line: String) -> Bool {
        var text = line
        var starred = false
        if text.hasPrefix("- ") || text.hasPrefix("• ") || text.hasPrefix("* ") {
            text = LineSyntax.trim(text.dropFirst(2))
        } else if text.hasPrefix("*"), !text.hasPrefix("**") {
            starred = true
            text = LineSyntax.trim(text.dropFirst())
        }
        let bold = text.hasPrefix("**") && text.hasSuffix("**") && text.count > 4
            || (Self.mayMatch(text, startingWith: "(abcdefgh") && text.wholeMatch(of: quizTextReaderPattern4) != nil)
        text = LineSyntax.trim(LineSyntax.stripBold(text))
        guard let (letter, rest) = Self.choiceLine(text), let index = QuizAnswerKey.letterIndex(letter)
        else { return false }
        // Choices follow each other in letter order; "A." after "D." is not a choice.
        guard index == current?.choices.count ?? -1 || (index == 0 && current?.choices.isEmpty == true)
        else { return false }
        let (choice, marked) = QuizAnswerKey.stripMarker(rest)
        let position = current?.choices.count ?? 0
        current?.choices.append(choice)
        if marked { current?.marked.append(position) }
        if starred { current?.starred.append(position) }
        if bold { current?.bold.append(position) }
        phase = .choices
        return true
    }

    /// "1. What…", "1) What…", "Q1: What…", "Question 1: What…", "### Question 1", with bold.
    private static func numberedQuestion(_ line: String) -> (Int?, String)? {
        var text = LineSyntax.trim(LineSyntax.stripBold(line))
        while text.hasPrefix("#") { text.removeFirst() }
        text = LineSyntax.trim(text)
        guard let (digits, rest) = numberedLine(text) else { return nil }
        return (Int(digits), LineSyntax.trim(rest))
    }

    /// The letter and text of a choice line (`quizTextReaderPattern5`, whole line).
    static func choiceLine(_ text: String) -> (letter: String, rest: String)? {
        if let ascii = choiceLineASCII(text) { return ascii }
        guard mayMatch(text, startingWith: "(abcdefgh"),
              let match = text.wholeMatch(of: quizTextReaderPattern5), let letter = match.output.1 ?? match.output.2
        else { return nil }
        return (String(letter), String(match.output.3))
    }

    /// `choiceLine` for an ASCII line, read from its bytes as the pattern reads it (nil for any
    /// other line, `.some(nil)` for an ASCII line that is no choice): `(X)` or `X` and one of `).:`, then white space and the rest. `.+` takes no
    /// line break (LF, VT, FF, CR), and when only white space follows the mark, the greedy
    /// `\s*` gives its last byte back to `.+`. Matching choice lines by regex was a twentieth of
    /// Primer's own CPU a generation call; `QuizTextReaderGuardTests` holds the two equal.
    static func choiceLineASCII(_ text: String) -> ((letter: String, rest: String)?)? {
        var text = text
        return text.withUTF8 { bytes -> ((letter: String, rest: String)?)? in
            guard bytes.allASCII else { return nil }
            func isLetter(_ byte: UInt8) -> Bool { ASCIIByte.isLetter(byte) && ASCIIByte.lowercased(byte) <= UInt8(ascii: "h") }
            let letter: UInt8
            var index: Int
            if bytes.count >= 3, bytes[0] == UInt8(ascii: "("), isLetter(bytes[1]), bytes[2] == UInt8(ascii: ")") {
                (letter, index) = (bytes[1], 3)
            } else if bytes.count >= 2, isLetter(bytes[0]), [UInt8(ascii: ")"), UInt8(ascii: "."), UInt8(ascii: ":")].contains(bytes[1]) {
                (letter, index) = (bytes[0], 2)
            } else {
                return .some(nil)
            }
            let afterMark = index
            while index < bytes.count, ASCIIByte.isSpace(bytes[index]) { index += 1 }
            if index == bytes.count {
                // Only white space after the mark: `.+` takes its last byte, unless a line break.
                guard index > afterMark, !ASCIIByte.isLineBreak(bytes[index - 1]) else { return .some(nil) }
                index -= 1
            }
            guard !bytes[index...].contains(where: ASCIIByte.isLineBreak) else { return .some(nil) }
            let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self)
            return .some((String(UnicodeScalar(letter)), rest))
        }
    }

    /// The number and the text after it of a numbered question line (`quizTextReaderPattern6`,
    /// whole line); the text is "" when there is none.
    static func numberedLine(_ text: String) -> (digits: String, rest: String)? {
        guard mayMatch(text, startingWith: "q0123456789"),
              let match = text.wholeMatch(of: quizTextReaderPattern6), let digits = match.output.1 ?? match.output.2 ?? match.output.3
        else { return nil }
        return (String(digits), String(match.output.4 ?? ""))
    }

    /// The answer after an `Answer:` label (`quizTextReaderPattern2`, whole line).
    static func answerLine(_ text: String) -> String? {
        guard mayMatch(text, startingWith: "tcras") else { return nil }
        return text.wholeMatch(of: quizTextReaderPattern2).map { String($0.output.1) }
    }

    /// The text after an `Explanation:` label (`quizTextReaderPattern3`, whole line).
    static func explanationLine(_ text: String) -> String? {
        guard mayMatch(text, startingWith: "erw") else { return nil }
        return text.wholeMatch(of: quizTextReaderPattern3).map { String($0.output.1) }
    }

    /// Whether the line heads an answer key (`quizTextReaderPattern0`, whole line).
    static func isAnswerKeyHeading(_ text: String) -> Bool {
        mayMatch(text, startingWith: "as") && text.wholeMatch(of: quizTextReaderPattern0) != nil
    }

    /// Whether a whole-line pattern can match `text`, by its first byte: false only when that
    /// byte is ASCII and, lowercased, none of `firsts` (the pattern's possible first letters,
    /// lowercase). An ASCII letter folds only to ASCII letters, so a case-insensitive pattern
    /// is judged rightly too; any other first byte is left to the regex. Most lines are none of
    /// these labels, and each regex tried on them was most of a quiz answer's parse
    /// (`primer-bench overhead`). `QuizTextReaderGuardTests` holds the guards to the regexes.
    static func mayMatch(_ text: String, startingWith firsts: StaticString) -> Bool {
        guard let first = text.utf8.first, first < 0x80 else { return true }
        return firsts.withUTF8Buffer { $0.contains(ASCIIByte.lowercased(first)) }
    }

    /// A line without bold, bullets and leading emoji, for recognising `Answer:` style labels.
    private static func unlabelled(_ line: String) -> String {
        var text = LineSyntax.trim(LineSyntax.stripBold(line))
        if text.hasPrefix("- ") || text.hasPrefix("* ") || text.hasPrefix("• ") { text.removeFirst(2) }
        text = String(text.drop { !$0.isLetter && !$0.isNumber && $0 != "(" })
        return LineSyntax.trim(text)
    }
}

// Regex literals are compiled each time they are evaluated; these are built once (they are
// immutable, hence safe to share).

nonisolated(unsafe) let quizTextReaderPattern0 = /(?i)(answer\s+key|answers|answer\s+sheet|solutions)\s*:?/
nonisolated(unsafe) let quizTextReaderPattern1 = /(?i)(?:q(?:uestion)?\s*)?(\d+)\s*[.):\-–—]?\s*(.+)/
nonisolated(unsafe) let quizTextReaderPattern2 = /(?i)(?:the\s+)?(?:correct\s+answer|right\s+answer|answer|correct|solution)(?:\s*\d+)?(?:\s*[:：\-–—]|\s+is\b:?)\s*(.+)/
nonisolated(unsafe) let quizTextReaderPattern3 = /(?i)(?:explanation|rationale|reason|why)\s*[:：\-–—]\s*(.*)/
nonisolated(unsafe) let quizTextReaderPattern4 = /\(?[A-Ha-h][).:]?\s+\*\*.+\*\*\s*/
nonisolated(unsafe) let quizTextReaderPattern5 = /(?:\(([A-Ha-h])\)|([A-Ha-h])[).:])\s*(.+)/
nonisolated(unsafe) let quizTextReaderPattern6 = /(?i)(?:question\s*(\d+)\s*[:.)\-–—]?|q\s*(\d+)\s*[:.)\-–—]?|(\d+)\s*[.)])(?:\s+(.*))?/
