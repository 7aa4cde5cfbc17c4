import PrimerCore

/// Whether generated items are about what the section's golden references are about: its
/// glossary (terms and definitions), its review questions and its learning objectives. Shape
/// metrics cannot see this; a well-formed quiz about the wrong thing scores 0 here.
///
/// An item is its prompt (front, question, cloze text) and its answer (back, correct choice).
/// The section's reference vocabulary R is the `EvalText.keywords` of its title, every golden
/// term and definition, every learning objective and every review question's stem and correct
/// choice.
/// - `glossary_recall` = golden terms that some item names (a form of the term, as
///   `TermScorer.forms`, occurs as a run of the item's stems) / golden terms;
/// - `definition_f1`, over the items whose prompt names a golden term (the first one named, in
///   golden order): `TermScorer.tokenF1` of the item's answer and that term's golden definition;
///   absent when no item's prompt names a term;
/// - `reference_overlap` = the mean over items of the share of the item's keywords that are in R
///   (`EvalText.keywordsMatch`): 1 when every content word of the item is a word of the section's
///   references, 0 for an item about something else.
/// Metrics are absent when the case has no references of their kind.
public struct ReferenceScorer: Sendable {
    public struct Item: Sendable, Equatable {
        public var prompt: String
        public var answer: String
        public init(prompt: String, answer: String) {
            self.prompt = prompt
            self.answer = answer
        }
    }

    let golden: GoldenSubtopic
    let vocabulary: Set<String>
    let termForms: [Set<[String]>]

    public init(golden: GoldenSubtopic) {
        self.golden = golden
        var texts = [golden.subtopic] + golden.objectives
        texts += golden.terms.flatMap { [$0.front, $0.back] }
        texts += golden.mcq.flatMap { [$0.stem] + ($0.choices.indices.contains($0.answer) ? [$0.choices[$0.answer]] : []) }
        vocabulary = texts.reduce(into: Set<String>()) { $0.formUnion(EvalText.keywords($1)) }
        termForms = golden.terms.map { TermScorer.forms($0.front) }
    }

    public func score(_ items: [Item]) -> MetricValues {
        var metrics: MetricValues = [:]
        guard !items.isEmpty else { return metrics }
        let prompts = items.map { EvalText.stems($0.prompt) }
        let answers = items.map { EvalText.stems($0.answer) }
        if !termForms.isEmpty {
            let named = termForms.filter { forms in
                items.indices.contains { i in forms.contains { TermScorer.contains(prompts[i], run: $0) || TermScorer.contains(answers[i], run: $0) } }
            }
            metrics["glossary_recall"] = Double(named.count) / Double(termForms.count)
            let f1s: [Double] = items.indices.compactMap { i in
                guard let term = termForms.indices.first(where: { t in termForms[t].contains { TermScorer.contains(prompts[i], run: $0) } }) else {
                    return nil
                }
                return TermScorer.tokenF1(items[i].answer, golden.terms[term].back)
            }
            metrics["definition_f1"] = EvalText.mean(f1s)
        }
        if !vocabulary.isEmpty {
            let shares: [Double] = items.map { item in
                let words = EvalText.keywords(item.prompt + " " + item.answer)
                guard !words.isEmpty else { return 0 }
                return Double(words.filter { EvalText.set(vocabulary, mentions: $0) }.count) / Double(words.count)
            }
            metrics["reference_overlap"] = EvalText.mean(shares)
        }
        return metrics
    }

    /// `objective_coverage` of a lesson: learning objectives at least half of whose content words
    /// (objective verbs such as "identify" left out) the notes mention / objectives; nil without
    /// objectives.
    public func objectiveCoverage(lesson: String) -> Double? {
        let objectives = golden.objectives.map { EvalText.keywords($0).subtracting(Self.objectiveVerbs) }.filter { !$0.isEmpty }
        guard !objectives.isEmpty else { return nil }
        let words = EvalText.keywords(lesson)
        let covered = objectives.filter { 2 * EvalText.mentionedCount($0, by: words) >= $0.count }
        return Double(covered.count) / Double(objectives.count)
    }

    /// The verbs objectives start with ("Identify the…"), stemmed as `EvalText.keywords` stems them.
    static let objectiveVerbs: Set<String> = Set(
        [
            "identify", "discuss", "list", "compare", "contrast", "outline", "summarize", "analyze", "evaluate",
            "recognize", "distinguish", "apply", "recall", "state", "name", "give", "determine", "calculate", "relate",
            "differentiate", "illustrate", "interpret", "predict", "classify", "characterize", "demonstrate", "examine",
            "trace", "assess", "derive", "write", "perform", "label", "provide", "note",
        ].map(EvalText.stem))
}
