import Foundation

/// How a family's items are named to people: in gate reasons, `show`, exports and reminders.
public struct ItemLabels: Sendable, Equatable, Codable {
    /// One item, lowercase: "flashcard", "question", "term".
    public var noun: String
    /// A heading for the family's content: "Flashcards", "Quiz", "Terms".
    public var title: String
    /// Field name → label ("front" → "Term"); a field without one is shown by its name.
    public var fields: [String: String]

    public init(noun: String, title: String, fields: [String: String] = [:]) {
        self.noun = noun
        self.title = title
        self.fields = fields
    }

    /// The label of a shape field, lowercase: "term" for a glossary's front.
    public func label(_ field: String) -> String { (fields[field] ?? field).lowercased() }

    /// The label of a shape field as a heading: "Term".
    public func heading(_ field: String) -> String {
        let label = fields[field] ?? field
        return label.prefix(1).uppercased() + label.dropFirst()
    }

    /// What a family of `shape` is called when its YAML names nothing.
    public static func defaults(for shape: Shape) -> ItemLabels {
        switch shape {
        case .outline: ItemLabels(noun: "topic", title: "Plan")
        case .lesson: ItemLabels(noun: "lesson", title: "Lesson")
        case .pair: ItemLabels(noun: "flashcard", title: "Flashcards")
        case .choice: ItemLabels(noun: "question", title: "Quiz")
        case .cloze: ItemLabels(noun: "cloze card", title: "Cloze cards")
        default: ShapeRegistry.shape(shape)?.labels ?? ItemLabels(noun: "item", title: shape.rawValue)
        }
    }
}
