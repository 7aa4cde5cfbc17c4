import Yams
import PrimerCore

/// `support`: drops items whose answer is not supported by what they were written from — the
/// subtopic's lesson and the passages of the learner's documents (`ItemSupport`): a question on
/// computer parts under a lesson on matrix operations. A question must also be answerable: a
/// choice that says what the key says (the same content words, or all of them and more) makes it
/// two right answers, and a choice some statement backs more strongly than the key (every word of
/// it in a statement that shares more of the question's words than any statement holding the
/// key) makes the key doubtful.
///
/// ```yaml
/// gates:
///   - support                      # min_share 0.45
///   - support: {min_share: 0.5}
///   - support: {documents_only: true}   # only when the learner's documents were given
/// ```
/// Without a lesson or passages (the lesson family itself, a family set without one) there is
/// nothing to read and every item is kept. `documents_only` is for a model whose own lesson is
/// no evidence: SmolLM2-135M's lessons drift from their subtopic, and held to them its cards,
/// questions and terms failed in 51 %, 71 % and 38 % of the golden test sections' runs (against
/// 11 %, 16 % and 4 %; Evaluations/llama-local/README.md). A family that makes its items from the
/// lesson's sentences (`from_sentences`, no document) is held to the lesson all the same
/// (`GateContext.heldToLesson`): what the model writes when the sentences fall short must say what
/// the lesson says, as they do.
struct SupportGate: Gate {
    static let gateName = "support"
    var name: String { Self.gateName }
    let minimum: Double
    let documentsOnly: Bool

    init(minimum: Double = ItemSupport.minimumShare, documentsOnly: Bool = false) {
        self.minimum = minimum
        self.documentsOnly = documentsOnly
    }

    init(options: Node?) throws {
        var reader = try GateOptions(gate: Self.gateName, node: options)
        var minimum = ItemSupport.minimumShare
        if let text = try reader.string("min_share") {
            guard let number = Double(text), number >= 0, number <= 1 else {
                throw GateConfigError(gate: Self.gateName, option: "min_share", problem: "must be a number from 0 to 1, got '\(text)'")
            }
            minimum = number
        }
        let documentsOnly = try reader.bool("documents_only") ?? false
        try reader.finish()
        self.init(minimum: minimum, documentsOnly: documentsOnly)
    }

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        guard !context.passages.isEmpty || ((!documentsOnly || context.heldToLesson) && !context.lesson.isEmpty) else { return GateVerdict(output: output) }
        let labels = context.labels ?? .defaults(for: output.shape)
        // Read once for all the subtopic's families and attempts, and the spans of its outputs.
        let evidence = ItemSupport.evidence(lesson: context.lesson, passages: context.passages)
        let statements = evidence.statementWords
        return output.droppingItems(context) { item in
            guard let content = item.content, let claim = ItemSupport.claim(of: content) else { return nil }
            let share = ItemSupport.share(of: claim, in: evidence)
            if share < minimum {
                return "dropped \(item.noun) \(GateText.quote(item.primaryText)): \(labels.noun == "question" ? "its answer" : "what it says") is not in the lesson or the documents (\(Int((share * 100).rounded())) % of its words are; at least \(Int((minimum * 100).rounded())) % is needed)"
            }
            if case .choice(let question, _) = item, let reason = Self.ambiguity(question, statements: statements) {
                return "dropped \(item.noun) \(GateText.quote(item.primaryText)): \(reason)"
            }
            return nil
        }
    }

    /// Why a question has more than one right answer, or nil.
    static func ambiguity(_ question: ChoiceItem, statements: [Set<String>]) -> String? {
        guard question.choices.indices.contains(question.correctIndex) else { return nil }
        let key = question.choices[question.correctIndex]
        let keyWords = Citations.words(key)
        let asked = Citations.words(question.question)
        // How strongly the best statement holding every word of a choice backs it with the question.
        func backing(_ words: Set<String>) -> Int? {
            guard !words.isEmpty else { return nil }
            return statements.filter { words.isSubset(of: $0) }.map { asked.sharedCount(with: $0) }.max()
        }
        let keyBacking = backing(keyWords)
        for (index, choice) in question.choices.enumerated() where index != question.correctIndex {
            let words = Citations.words(choice)
            guard !words.isEmpty, !keyWords.isEmpty else { continue }
            if words == keyWords || words.isSubset(of: keyWords) || keyWords.isSubset(of: words) {
                return "the choice \(GateText.quote(choice)) says what the answer \(GateText.quote(key)) says"
            }
            if let keyBacking, let other = backing(words), other > keyBacking {
                return "the lesson or the documents back the choice \(GateText.quote(choice)) better than the answer \(GateText.quote(key))"
            }
        }
        return nil
    }
}
