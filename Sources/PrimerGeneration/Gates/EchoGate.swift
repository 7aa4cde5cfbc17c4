import Yams
import PrimerCore

/// `echo`: drops items whose answer only repeats the prompt.
///
/// - pair (flashcards, terms): the back normalises to the front, is a piece of the front ("What is a vector space?"
///   → "A vector space"), or wraps the front in nothing new ("Vector" → "A vector is a vector").
///   Fronts that offer a choice ("sine or cosine?", "True or false: …") only drop on exact
///   equality, since their answer is one of the offered words by design. See `repeats`.
/// - question: the explanation normalises to the question or to the correct choice.
///
/// Language cards and terms are left alone: cognates ("hotel | hotel", "el taxi | the taxi") are
/// real vocabulary. No options.
struct EchoGate: OptionlessGate {
    static let gateName = "echo"

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        let language = context.subjectKind == .language
        return output.droppingItems(context) { item in
            switch item {
            case .pair(let pair, let labels) where !language:
                let offersChoice = GateText.words(pair.front).contains("or")
                guard Self.repeats(pair.back, prompt: pair.front, exactOnly: offersChoice) else { return nil }
                return "dropped echo: \(labels.label("back")) repeats \(GateText.quote(pair.front))"
            case .choice(let q, _):
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

    /// Whether `answer` adds nothing to `prompt`, compared as normalised word sequences:
    /// (a) they are equal; (b) the answer is a run of the prompt's words ("What is a vector
    /// space?" → "Vector space") and has a content word (so "Is 2^10 bigger than 10^3? → 2^10"
    /// is not judged); (c) the prompt is a run of the answer's words and the answer brings no
    /// content word of its own ("Vector" → "A vector is a vector").
    ///
    /// Contiguous runs, not word sets: "Which theorem relates rank and nullity?" → "The
    /// rank–nullity theorem" and "What do we call a matrix of zeros?" → "Zero matrix" are real
    /// cards made of the front's words.
    static func repeats(_ answer: String, prompt: String, exactOnly: Bool) -> Bool {
        let a = GateText.words(answer)
        let p = GateText.words(prompt)
        guard !a.isEmpty else { return false }  // empty answers are the placeholders gate's job
        if a == p { return true }
        if exactOnly || p.isEmpty { return false }
        let answerKeywords = GateText.keywords(answer)
        if contains(p, run: a) { return !answerKeywords.isEmpty }
        if contains(a, run: p) { return answerKeywords.isSubset(of: GateText.keywords(prompt)) }
        return false
    }

    /// Whether `run` occurs as consecutive elements of `words`.
    static func contains(_ words: [String], run: [String]) -> Bool {
        guard run.count <= words.count else { return false }
        return (0...(words.count - run.count)).contains { words[$0..<($0 + run.count)].elementsEqual(run) }
    }
}
