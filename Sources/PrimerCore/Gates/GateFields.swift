/// The fields a gate may name in YAML (`pattern: {field: back}`, `length: {fields: {front: …}}`),
/// spelled as the item types and `show --format json` spell them: `Flashcard.front`/`back`,
/// `QuizQuestion.question`/`choices`/`explanation`, `Term.term`/`definition`. Notes have one
/// `body`; a plan has `topic` and `subtopic` titles.
enum GateField {
    /// The fields of one output kind's items.
    static func names(for output: OutputKind) -> [String] {
        switch output {
        case .flashcards: ["front", "back"]
        case .quiz: ["question", "choices", "explanation"]
        case .terms: ["term", "definition"]
        case .notes: ["body"]
        case .plan: ["topic", "subtopic"]
        }
    }

    /// Every field of every output kind.
    static var all: [String] { OutputKind.allCases.flatMap(names(for:)) }

    /// "front, back (flashcards); question, choices, explanation (quiz); …", for errors.
    static func listing(_ outputs: [OutputKind] = OutputKind.allCases) -> String {
        outputs.map { "\(names(for: $0).joined(separator: ", ")) (\($0.rawValue))" }.joined(separator: "; ")
    }

    /// The error for a name that is no field at all, with a suggestion for a near miss
    /// ("choice" → "choices").
    static func unknown(
        _ name: String, gate: String, option: String, line: Int?, outputs: [OutputKind] = OutputKind.allCases
    ) -> GateConfigError {
        let candidates = outputs.flatMap(names(for:))
        var problem = "unknown field '\(name)' (fields: \(listing(outputs)))"
        let scored = candidates.map { ($0, GateRegistry.editDistance(name.lowercased(), $0)) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 { problem += "; did you mean '\(best.0)'?" }
        return GateConfigError(gate: gate, option: option, problem: problem, line: line)
    }
}

/// A field named in a gate's options, where it was written.
struct GateFieldName: Sendable, Equatable {
    var name: String
    /// The option that names it, for the error: `field`, `fields.front`, `front`.
    var option: String
    var line: Int?
}

/// A gate whose options name fields. The gate can only check that a name is some field; the
/// family loader, which knows the family's output, checks that its items have that field (a
/// `front` rule in a quiz family would otherwise never run).
protocol FieldNamingGate: Gate {
    var namedFields: [GateFieldName] { get }
}

extension FieldNamingGate {
    /// One error per named field that `output`'s items do not have.
    func fieldProblems(output: OutputKind) -> [GateConfigError] {
        let fields = GateField.names(for: output)
        return namedFields.filter { !fields.contains($0.name) }.map { named in
            GateConfigError(
                gate: name, option: named.option,
                problem: "\(output.rawValue) items have no field '\(named.name)' (their fields: \(fields.joined(separator: ", ")))",
                line: named.line)
        }
    }
}

extension GateItem {
    /// The texts of one field as `GateField` names it: one text, or each choice for `choices`;
    /// empty for a field this kind of item does not have.
    func values(of field: String) -> [String] {
        switch (self, field) {
        case (.card(let card), "front"): [card.front]
        case (.card(let card), "back"): [card.back]
        case (.question(let q), "question"): [q.question]
        case (.question(let q), "choices"): q.choices
        case (.question(let q), "explanation"): [q.explanation]
        case (.term(let term), "term"): [term.term]
        case (.term(let term), "definition"): [term.definition]
        default: []
        }
    }
}

extension GeneratedOutput {
    /// The items of a list output (flashcards, quiz, terms) in order; none for plans and notes.
    var gateItems: [GateItem] {
        switch self {
        case .flashcards(let cards): cards.map(GateItem.card)
        case .quiz(let questions): questions.map(GateItem.question)
        case .terms(let terms): terms.map(GateItem.term)
        case .plan, .notes: []
        }
    }
}
