import PrimerCore

/// The fields a gate may name in YAML (`pattern: {field: back}`, `length: {fields: {front: …}}`):
/// the shape's fields as `Shape.fields` and `show --format json` spell them.
enum GateField {
    /// The fields of one shape's items.
    static func names(for shape: Shape) -> [String] { shape.fields }

    /// Every field of every shape.
    static var all: [String] {
        var seen: [String] = []
        for field in Shape.allCases.flatMap(\.fields) where !seen.contains(field) { seen.append(field) }
        return seen
    }

    /// "front, back, hint (pair); question, choices, explanation (choice); …", for errors.
    static func listing(_ shapes: [Shape] = Shape.allCases) -> String {
        shapes.map { "\(names(for: $0).joined(separator: ", ")) (\($0.rawValue))" }.joined(separator: "; ")
    }

    /// The error for a name that is no field at all, with a suggestion for a near miss
    /// ("choice" → "choices").
    static func unknown(
        _ name: String, gate: String, option: String, line: Int?, shapes: [Shape] = Shape.allCases
    ) -> GateConfigError {
        let candidates = shapes.flatMap(names(for:))
        var problem = "unknown field '\(name)' (fields: \(listing(shapes)))"
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
    /// One error per named field that `shape`'s items do not have.
    func fieldProblems(shape: Shape) -> [GateConfigError] {
        let fields = GateField.names(for: shape)
        return namedFields.filter { !fields.contains($0.name) }.map { named in
            GateConfigError(
                gate: name, option: named.option,
                problem: "\(shape.rawValue) items have no field '\(named.name)' (their fields: \(fields.joined(separator: ", ")))",
                line: named.line)
        }
    }
}

extension GateItem {
    /// The texts of one field as `Shape.fields` names it: one text, or each choice for `choices`;
    /// empty for a field this kind of item does not have.
    func values(of field: String) -> [String] {
        switch (self, field) {
        case (.pair(let pair, _), "front"): [pair.front]
        case (.pair(let pair, _), "back"): [pair.back]
        case (.pair(let pair, _), "hint"): pair.hint.map { [$0] } ?? []
        case (.choice(let q, _), "question"): [q.question]
        case (.choice(let q, _), "choices"): q.choices
        case (.choice(let q, _), "explanation"): [q.explanation]
        case (.cloze(let cloze, _), "text"): [cloze.text]
        case (.cloze(let cloze, _), "extra"): cloze.extra.isEmpty ? [] : [cloze.extra]
        case (.shaped(let item, _), _): item.fields[field]?.texts ?? []
        default: []
        }
    }
}
