import Yams
import PrimerCore

/// What a family declares about its content: `shape`, `role`, `item`, `title`, `fields` and
/// `pair_lines`, or the earlier spelling `output:` (plan, notes, flashcards, quiz, terms), which
/// names a shape with the labels and role those families always had.
struct FamilyShape {
    var shape: Shape
    var role: FamilyRole?
    var labels: ItemLabels
    var pairLines: PairLines

    /// The declaration an `output:` of the first releases stands for.
    static func legacy(_ output: String) -> FamilyShape? {
        switch output {
        case "plan": FamilyShape(shape: .outline, labels: .defaults(for: .outline), pairLines: .questionAnswer)
        case "notes": FamilyShape(shape: .lesson, role: .lesson, labels: ItemLabels(noun: "lesson", title: "Lesson"), pairLines: .questionAnswer)
        case "flashcards": FamilyShape(shape: .pair, labels: .defaults(for: .pair), pairLines: .questionAnswer)
        case "quiz": FamilyShape(shape: .choice, labels: .defaults(for: .choice), pairLines: .questionAnswer)
        case "terms":
            FamilyShape(
                shape: .pair, role: .glossary,
                labels: ItemLabels(noun: "term", title: "Terms", fields: ["front": "term", "back": "definition"]),
                pairLines: .termDefinition)
        default: nil
        }
    }

    static let legacyOutputs = ["plan", "notes", "flashcards", "quiz", "terms"]
}

extension FamilyReader {
    /// The family's shape declaration; nil (with errors recorded) when it cannot be read.
    mutating func readShape(_ root: Node, name: String) -> FamilyShape? {
        let shapeNode = root["shape"], outputNode = root["output"]
        var declared: FamilyShape
        switch (shapeNode, outputNode) {
        case (nil, nil):
            fail(root, "missing required key `shape` (one of: \(Shape.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        case (.some, .some):
            fail(outputNode, "give `shape` or the earlier `output`, not both")
            return nil
        case (nil, .some(let node)):
            guard let legacy = node.string.flatMap(FamilyShape.legacy) else {
                fail(node, "`output` must be one of: \(FamilyShape.legacyOutputs.joined(separator: ", ")) (or write `shape:` instead)")
                return nil
            }
            declared = legacy
        case (.some, nil):
            guard let shape = enumValue(root, "shape", Shape.self) else { return nil }
            let defaults = ItemLabels.defaults(for: shape)
            declared = FamilyShape(
                shape: shape,
                labels: ItemLabels(noun: defaults.noun, title: Self.title(name)), pairLines: .questionAnswer)
        }
        if root["role"] != nil { declared.role = enumValue(root, "role", FamilyRole.self) }
        if let noun = root["item"] {
            if let text = noun.string, !text.isEmpty { declared.labels.noun = text } else { fail(noun, "`item` must name one item, e.g. `item: term`") }
        }
        if let title = root["title"] {
            if let text = title.string, !text.isEmpty { declared.labels.title = text } else { fail(title, "`title` must be a heading, e.g. `title: Key terms`") }
        }
        if let fields = root["fields"] { readFieldLabels(fields, into: &declared) }
        if root["pair_lines"] != nil {
            if declared.shape != .pair { fail(root["pair_lines"], "`pair_lines` is for `shape: pair` families") }
            declared.pairLines = enumValue(root, "pair_lines", PairLines.self) ?? declared.pairLines
        }
        switch declared.role {
        case .lesson? where declared.shape != .lesson:
            fail(root["role"], "`role: lesson` needs `shape: lesson` (the lesson is Markdown text)")
        case .glossary? where declared.shape != .pair:
            fail(root["role"], "`role: glossary` needs `shape: pair` (its fronts are the subject's terms)")
        default:
            break
        }
        return declared
    }

    /// `fields: {front: Term, back: Definition}`: labels for the shape's fields.
    private mutating func readFieldLabels(_ node: Node, into declared: inout FamilyShape) {
        guard let mapping = node.mapping else {
            fail(node, "`fields` must map a field to its label, e.g. `fields: {front: Word, back: Translation}`")
            return
        }
        let known = declared.shape.fields
        for (key, value) in mapping {
            guard let field = key.string, known.contains(field) else {
                fail(key, "`\(key.string ?? "?")` is not a field of `shape: \(declared.shape.rawValue)` (its fields: \(known.joined(separator: ", ")))")
                continue
            }
            guard let label = value.string, !label.isEmpty else {
                fail(value, "the label of `\(field)` must be a word, e.g. `\(field): Term`")
                continue
            }
            declared.labels.fields[field] = label
        }
    }

    /// "vocabulary" → "Vocabulary", "worked-examples" → "Worked examples".
    static func title(_ name: String) -> String {
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
