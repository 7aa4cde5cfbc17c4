import Foundation

/// One item of a registered shape: its fields by name, each a text or a list of texts. Stored as
/// the JSON object of its fields (`{"prompt": …, "steps": […]}`) beside the shape's name, as every
/// item is; the shape gives the fields their meaning.
public struct ShapedItem: Sendable, Equatable {
    public var shape: Shape
    public var fields: [String: FieldValue]

    public init(shape: Shape, fields: [String: FieldValue]) {
        self.shape = shape
        self.fields = fields
    }

    /// A text field ("" when absent or a list).
    public func text(_ name: String) -> String {
        if case .text(let text)? = fields[name] { text } else { "" }
    }

    /// A list field ([] when absent; a text is a list of one).
    public func list(_ name: String) -> [String] {
        switch fields[name] {
        case .list(let items)?: items
        case .text(let text)?: text.isEmpty ? [] : [text]
        case nil: []
        }
    }

    /// The shape's code for this item.
    public var definition: (any ContentShape)? { ShapeRegistry.shape(shape) }
}

/// The value of one field of a `ShapedItem`.
public enum FieldValue: Sendable, Equatable, Codable {
    case text(String)
    case list([String])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            self = .list(try container.decode([String].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .list(let items): try container.encode(items)
        }
    }

    /// Every text of the value.
    public var texts: [String] {
        switch self {
        case .text(let text): [text]
        case .list(let items): items
        }
    }
}

extension ShapedItem {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The fields the shape declares, read from a JSON object's keys; others are ignored.
    public init(from decoder: any Decoder, shape: Shape, definition: any ContentShape) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        var fields: [String: FieldValue] = [:]
        for field in definition.fields {
            let key = AnyKey(stringValue: field.name)
            if let value = try container.decodeIfPresent(FieldValue.self, forKey: key) {
                fields[field.name] = value
            } else if field.required {
                throw DecodingError.keyNotFound(key, .init(codingPath: decoder.codingPath, debugDescription: "\(shape) needs `\(field.name)`"))
            }
        }
        self.init(shape: shape, fields: fields)
    }

    /// The fields as a JSON object's keys (no `shape`: the caller writes it where it belongs).
    public func encodeFields(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: AnyKey(stringValue: name))
        }
    }
}

extension ItemContent {
    /// Whether the item is an exercise the learner answers by typing (matching, ordering), not
    /// a card recalled and rated only.
    public var isExercise: Bool {
        guard case .shaped(let item) = self, let definition = item.definition else { return false }
        return definition.check(item, answer: "") != nil
    }

    /// How `answer` scores, part by part, for an exercise; nil for other items.
    public func check(answer: String) -> ExerciseCheck? {
        guard case .shaped(let item) = self else { return nil }
        return item.definition?.check(item, answer: answer)
    }

    /// How an answer is written, for an exercise: shown beside its prompt.
    public var answerHint: String? {
        guard case .shaped(let item) = self, isExercise else { return nil }
        return item.definition?.answerHint
    }
}
