import PrimerCore

/// Multiple-choice questions from numbered blocks (question, lettered choices, `Answer:` and
/// `Explanation:` lines), with the many variants models produce, or from JSON. A question
/// without a recognisable answer keeps `correctIndex = -1`; the gates reject it.
public enum QuizParser {
    static let format = """
        write each question as `1. question`, then four choices `A) …` to `D) …` on their own \
        lines, then `Answer: <letter>` and `Explanation: …`
        """

    public static func parse(_ text: String) throws -> [ChoiceItem] {
        if let json = JSONExtraction.extract(text) {
            let questions = fromJSON(json)
            if !questions.isEmpty { return questions }
        }
        var reader = QuizTextReader()
        for line in TextCleanup.lines(text) { reader.read(line) }
        let questions = reader.finish()
        guard !questions.isEmpty else {
            throw ParseFailure.nothingFound("quiz questions", format: format, in: text)
        }
        return questions
    }
}

/// One question as it is being read; turned into a `ChoiceItem` when the next one starts.
struct QuizDraft {
    var number: Int?
    var question: [String] = []
    var choices: [String] = []
    /// Choices flagged by a marker ("*", "(correct)", "✓"), by a bare leading `*`, or in bold.
    var marked: [Int] = []
    var starred: [Int] = []
    var bold: [Int] = []
    var answer: String?
    var explanation: [String] = []

    /// The question, or nil when no choices were read (a heading or chatter, not a question).
    func build(key: [Int: String]) -> ChoiceItem? {
        guard !choices.isEmpty else { return nil }
        var explanation = explanation.joined(separator: " ")
        var correct = -1
        if let answer = answer ?? number.flatMap({ key[$0] }),
            let resolved = QuizAnswerKey.resolve(answer, choices: choices)
        {
            correct = resolved.index
            if explanation.isEmpty { explanation = resolved.rest }
        } else if marked.count == 1 {
            correct = marked[0]
        } else if starred.count == 1 {
            // Only one choice starred: a marker. All of them starred: Markdown bullets.
            correct = starred[0]
        } else if bold.count == 1 {
            correct = bold[0]
        }
        return ChoiceItem(
            question: question.joined(separator: " "), choices: choices, correctIndex: correct,
            explanation: explanation)
    }
}
