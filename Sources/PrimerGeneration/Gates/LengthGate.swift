import Yams
import PrimerCore

/// `length`: character bounds on every text field of an item (card front and back; question,
/// each choice and explanation; term and definition), counted after trimming whitespace.
///
/// ```yaml
/// - length: {min: 2, max: 400}                                          # every field
/// - length: {min: 2, max: 400, fields: {front: {max: 150}, choices: {max: 120}}}
/// - length: {min: 2, max: 400, front: {max: 150}, choice: {max: 120}}   # the first spelling
/// ```
/// A per-field mapping overrides only the bounds it names. `fields:` takes the shape's fields
/// (front, back, hint; question, choices, explanation; text, extra); the first spelling, field
/// keys beside min and max (`choice` for each choice, `term`/`definition` for a pair), still works. A
/// `length` without min or max means `min: 1`, i.e. no empty fields. Plans and notes are left
/// alone (plan-bounds and lesson-length cover them).
struct LengthGate: FieldNamingGate {
    static let gateName = "length"
    /// The first spelling's keys beside min and max, and the shape field each bounds.
    static let firstSpelling: KeyValuePairs<String, String> = [
        "front": "front", "back": "back", "question": "question", "choice": "choices", "explanation": "explanation",
        "term": "front", "definition": "back",
    ]
    /// The shapes whose items `length` checks.
    static let shapes: [Shape] = [.pair, .choice, .cloze]
    var name: String { Self.gateName }

    var bounds: GateBounds
    /// Bounds by shape field (`Shape.fields`).
    var fieldBounds: [String: GateBounds]
    let namedFields: [GateFieldName]

    init(bounds: GateBounds, fieldBounds: [String: GateBounds] = [:], namedFields: [GateFieldName] = []) {
        self.bounds = bounds
        self.fieldBounds = fieldBounds
        self.namedFields = namedFields
    }

    init(options: Node?) throws {
        let gate = Self.gateName
        var reader = try GateOptions(gate: gate, node: options)
        var bounds = try reader.bounds()
        if bounds.min == nil && bounds.max == nil { bounds.min = 1 }
        var fieldBounds: [String: GateBounds] = [:]
        var named: [GateFieldName] = []
        for (key, field) in Self.firstSpelling {
            guard let override = try reader.nestedBounds(key) else { continue }
            guard fieldBounds[field] == nil else {
                throw GateConfigError(gate: gate, option: key, problem: "bounds `\(field)` a second time; keep one", line: reader.line(key))
            }
            fieldBounds[field] = try Self.merge(override, into: bounds, option: key, line: reader.line(key))
            named.append(GateFieldName(name: field, option: key, line: reader.line(key)))
        }
        for entry in try reader.boundsByName("fields") ?? [] {
            let option = "fields.\(entry.name)"
            guard Self.shapes.flatMap(GateField.names(for:)).contains(entry.name) else {
                var error = GateField.unknown(entry.name, gate: gate, option: option, line: entry.line, shapes: Self.shapes)
                if GateField.all.contains(entry.name) {
                    error.problem += "; for lessons use lesson-length, for plans plan-bounds or a pattern gate"
                }
                throw error
            }
            guard fieldBounds[entry.name] == nil else {
                throw GateConfigError(gate: gate, option: option, problem: "given twice: beside min and max and under `fields`; keep one", line: entry.line)
            }
            fieldBounds[entry.name] = try Self.merge(entry.bounds, into: bounds, option: option, line: entry.line)
            named.append(GateFieldName(name: entry.name, option: option, line: entry.line))
        }
        try reader.finish()
        self.init(bounds: bounds, fieldBounds: fieldBounds, namedFields: named)
    }

    /// A field's bounds: what `override` names, else the gate's own.
    private static func merge(_ override: GateBounds, into bounds: GateBounds, option: String, line: Int?) throws -> GateBounds {
        let merged = GateBounds(min: override.min ?? bounds.min, max: override.max ?? bounds.max)
        if let lo = merged.min, let hi = merged.max, lo > hi {
            throw GateConfigError(gate: gateName, option: option, problem: "min (\(lo)) is greater than max (\(hi))", line: line)
        }
        return merged
    }

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        output.droppingItems(context) { item in
            for field in item.fields {
                let limits = fieldBounds[field.field] ?? bounds
                let n = field.text.trimmedWhitespace.count
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
