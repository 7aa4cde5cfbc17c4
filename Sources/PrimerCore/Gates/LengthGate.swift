import Yams

/// `length`: character bounds on every text field of an item (card front and back; question,
/// each choice and explanation; term and definition), counted after trimming whitespace.
///
/// ```yaml
/// - length: {min: 2, max: 400}                 # every field
/// - length: {min: 2, max: 400, front: {max: 150}, choice: {max: 120}}
/// ```
/// A per-field mapping (front, back, question, choice, explanation, term, definition) overrides
/// only the bounds it names. A `length` without min or max means `min: 1`, i.e. no empty fields. Plans and notes
/// are left alone (plan-bounds and notes-length cover them).
struct LengthGate: Gate {
    static let gateName = "length"
    static let fieldNames = ["front", "back", "question", "choice", "explanation", "term", "definition"]
    var name: String { Self.gateName }

    var bounds: GateBounds
    var fieldBounds: [String: GateBounds]

    init(bounds: GateBounds, fieldBounds: [String: GateBounds] = [:]) {
        self.bounds = bounds
        self.fieldBounds = fieldBounds
    }

    init(options: Node?) throws {
        var reader = try GateOptions(gate: Self.gateName, node: options)
        var bounds = try reader.bounds()
        if bounds.min == nil && bounds.max == nil { bounds.min = 1 }
        var fieldBounds: [String: GateBounds] = [:]
        for field in Self.fieldNames {
            guard let override = try reader.nestedBounds(field) else { continue }
            let merged = GateBounds(min: override.min ?? bounds.min, max: override.max ?? bounds.max)
            if let lo = merged.min, let hi = merged.max, lo > hi {
                throw GateConfigError(gate: Self.gateName, option: field, problem: "min (\(lo)) is greater than max (\(hi))")
            }
            fieldBounds[field] = merged
        }
        try reader.finish()
        self.init(bounds: bounds, fieldBounds: fieldBounds)
    }

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        output.droppingItems { item in
            for field in item.fields {
                let limits = fieldBounds[field.name] ?? bounds
                let n = GateText.characterCount(FastText.trimmed(field.text))
                if let min = limits.min, n < min {
                    return "dropped \(item.noun) \(GateText.quote(item.primaryText)): \(field.name) is \(GateText.count(n, "character")) (min \(min))"
                }
                if let max = limits.max, n > max {
                    return "dropped \(item.noun) \(GateText.quote(item.primaryText)): \(field.name) is \(GateText.count(n, "character")) (max \(max))"
                }
            }
            return nil
        }
    }
}
