import PrimerCore

/// Quiz well-formedness.
///
/// A question is well formed when all hold: its text is non-empty after `EvalText.normalize`;
/// it has exactly 4 choices; every choice is non-empty after normalisation; the 4 normalised
/// choices are pairwise distinct; `correctIndex` is in 0...3; the explanation is non-empty after
/// normalisation. `well_formed` = well-formed questions / questions; `items` = questions (neutral).
/// An empty quiz has `items` = 0 and no `well_formed`.
public struct QuizScorer: Sendable {
    public init() {}

    public struct Result: Sendable, Equatable {
        public var questions: Int
        public var wellFormed: Int
        /// For each malformed question, its index and the first problem found.
        public var problems: [(index: Int, problem: String)]

        public var metrics: MetricValues {
            var m: MetricValues = ["items": Double(questions)]
            m["well_formed"] = EvalText.ratio(wellFormed, questions)
            return m
        }

        public static func == (a: Result, b: Result) -> Bool {
            a.questions == b.questions && a.wellFormed == b.wellFormed
                && a.problems.map { $0.index } == b.problems.map { $0.index } && a.problems.map { $0.problem } == b.problems.map { $0.problem }
        }
    }

    public func score(_ questions: [ChoiceItem]) -> Result {
        var problems: [(Int, String)] = []
        for (index, q) in questions.enumerated() {
            if let problem = Self.problem(q) { problems.append((index, problem)) }
        }
        return Result(questions: questions.count, wellFormed: questions.count - problems.count, problems: problems)
    }

    /// The first reason `question` is not well formed, or nil.
    public static func problem(_ q: ChoiceItem) -> String? {
        if EvalText.normalize(q.question).isEmpty { return "empty question" }
        if q.choices.count != 4 { return "\(q.choices.count) choices instead of 4" }
        let choices = q.choices.map(EvalText.normalize)
        if choices.contains(where: \.isEmpty) { return "empty choice" }
        if Set(choices).count != 4 { return "repeated choice" }
        if !(0..<4).contains(q.correctIndex) { return "no valid answer" }
        if EvalText.normalize(q.explanation).isEmpty { return "no explanation" }
        return nil
    }
}
