import Foundation
import Yams
import PrimerCore

/// `quiz-shape`: drops quiz questions that are not well-formed multiple choice: exactly four
/// distinct non-empty choices, a correct index in 0..<4, a non-empty explanation, and no
/// "All of the above" / "None of the above" / "Both A and B" choices (they make a question about
/// the choice list instead of the subject) unless `allow_all_of_the_above: true`.
///
/// ```yaml
/// - quiz-shape: {allow_all_of_the_above: false}
/// ```
struct QuizShapeGate: Gate {
    static let gateName = "quiz-shape"
    var name: String { Self.gateName }

    var allowAllOfTheAbove: Bool

    init(allowAllOfTheAbove: Bool = false) {
        self.allowAllOfTheAbove = allowAllOfTheAbove
    }

    init(options: Node?) throws {
        var reader = try GateOptions(gate: Self.gateName, node: options)
        let allow = try reader.bool("allow_all_of_the_above") ?? false
        try reader.finish()
        self.init(allowAllOfTheAbove: allow)
    }

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        output.droppingItems(context) { item in
            guard case .choice(let q, _) = item, let problem = problem(q) else { return nil }
            return "dropped question \(GateText.quote(q.question)): \(problem)"
        }
    }

    /// What is wrong with a question's shape, or nil.
    func problem(_ q: ChoiceItem) -> String? {
        if q.choices.count != 4 { return "it has \(GateText.count(q.choices.count, "choice")), not 4" }
        if q.choices.contains(where: { $0.trimmedWhitespace.isEmpty }) {
            return "a choice is empty"
        }
        var seen = Set<String>()
        for choice in q.choices where !seen.insert(GateText.normalize(choice)).inserted {
            return "choice \(GateText.quote(choice)) appears twice"
        }
        if !(0..<4).contains(q.correctIndex) { return "no valid correct choice is marked" }
        if q.explanation.trimmedWhitespace.isEmpty { return "no explanation" }
        if !allowAllOfTheAbove, let choice = q.choices.first(where: Self.isAboutOtherChoices) {
            return "choice \(GateText.quote(choice)) refers to other choices"
        }
        return nil
    }

    /// "All of the above", "None of these", "Both A and B", "A and C", "Neither A nor B",
    /// "A, B and C".
    static func isAboutOtherChoices(_ choice: String) -> Bool {
        let text = GateText.normalize(choice, dropArticles: false)
        return otherChoicePatterns.contains { $0.matches(text) }
    }

    static let otherChoicePatterns = [
        #"\b(all|none|both|neither|any) of (the )?(above|these|those|them|the options|the choices|the answers)\b"#,
        #"^(all|none) (the )?above\b"#,
        #"^(both |neither |only )?(options? |choices? |answers? )?[a-d](,? [a-d])*,? (and|or|nor) [a-d]( are (correct|true))?$"#,
    ].map(GateRegex.init)
}
