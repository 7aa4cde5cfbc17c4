import Yams

/// `echo`: drops items whose answer only repeats the prompt.
///
/// - card: the back normalises to the front, or every content word of the back is already in the
///   front ("What is a vector space?" → "A vector space"). Fronts that offer a choice ("sine or
///   cosine?", "True or false: …") only drop on exact equality, since their answer is one of the
///   offered words by design.
/// - term: every content word of the definition is in the term ("Vector: a vector").
/// - question: the explanation normalises to the question or to the correct choice.
///
/// Language cards and terms are left alone: cognates ("hotel | hotel", "el taxi | the taxi") are
/// real vocabulary. No options.
struct EchoGate: Gate {
    static let gateName = "echo"
    var name: String { Self.gateName }

    init() {}

    init(options: Node?) throws {
        try GateOptions(gate: Self.gateName, node: options).finish()
    }

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        let language = context.subjectKind == .language
        return output.droppingItems { item in
            switch item {
            case .card(let card) where !language:
                let offersChoice = GateText.words(card.front).contains("or")
                guard Self.repeats(card.back, prompt: card.front, exactOnly: offersChoice) else { return nil }
                return "dropped echo: answer repeats \(GateText.quote(card.front))"
            case .term(let term) where !language:
                guard Self.repeats(term.definition, prompt: term.term, exactOnly: false) else { return nil }
                return "dropped echo: definition repeats \(GateText.quote(term.term))"
            case .question(let q):
                let explanation = GateText.normalize(q.explanation)
                guard !explanation.isEmpty else { return nil }  // quiz-shape's job
                if explanation == GateText.normalize(q.question) {
                    return "dropped echo: explanation repeats question \(GateText.quote(q.question))"
                }
                if q.choices.indices.contains(q.correctIndex), explanation == GateText.normalize(q.choices[q.correctIndex]) {
                    return "dropped echo: explanation of \(GateText.quote(q.question)) only repeats the answer"
                }
                return nil
            default:
                return nil
            }
        }
    }

    /// Whether `answer` adds nothing to `prompt`.
    static func repeats(_ answer: String, prompt: String, exactOnly: Bool) -> Bool {
        let a = GateText.normalize(answer)
        guard !a.isEmpty else { return false }  // empty answers are the placeholders gate's job
        if a == GateText.normalize(prompt) { return true }
        if exactOnly { return false }
        // No content word of its own: with no keywords at all ("Yes", "42") there is nothing to
        // judge, so it stays.
        let answerWords = GateText.keywords(answer)
        guard !answerWords.isEmpty else { return false }
        let promptWords = GateText.keywords(prompt)
        return answerWords.allSatisfy { promptWords.contains($0) }
    }
}
