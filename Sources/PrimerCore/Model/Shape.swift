/// What a family produces, by name: the five shapes Primer began with, and every shape a
/// `ContentShape` in the `ShapeRegistry` adds (matching, ordering, or one of your own). Families
/// are YAML and declare one, so a new kind of study content of an existing shape is one YAML file,
/// and a new shape is one Swift file and a registry line.
///
/// A struct, not an enum, so a shape outside this module can be named; `switch` over it with
/// `case .pair:` as before, and a `default:` that asks the registry.
public struct Shape: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    public let rawValue: String

    /// A known shape: built in or registered. `nil` for any other name.
    public init?(rawValue: String) {
        guard Self.builtIn.contains(where: { $0.rawValue == rawValue }) || ShapeRegistry.shape(named: rawValue) != nil else {
            return nil
        }
        self.rawValue = rawValue
    }

    /// A shape by its name, known or not (a registered shape names itself with this).
    public init(named name: String) { rawValue = name }

    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let shape = Shape(rawValue: name) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown shape '\(name)' (known: \(Self.allCases.map(\.rawValue).joined(separator: ", ")))"))
        }
        self = shape
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// The plan: topics and their subtopics (`scope: plan` families only).
    public static let outline = Shape(named: "outline")
    /// Markdown text: a lesson, a grammar lesson, a worked example.
    public static let lesson = Shape(named: "lesson")
    /// Front, back, optional hint: flashcards, glossary terms, vocabulary.
    public static let pair = Shape(named: "pair")
    /// A question, its choices, the correct one and an explanation: quizzes, true/false.
    public static let choice = Shape(named: "choice")
    /// A text with numbered deletions, `{{c1::…}}`: cloze cards.
    public static let cloze = Shape(named: "cloze")

    static let builtIn: [Shape] = [.outline, .lesson, .pair, .choice, .cloze]

    /// Every shape a family may declare: the built-in ones, then the registry's.
    public static var allCases: [Shape] { builtIn + ShapeRegistry.all.map { $0.id } }

    /// The fields of one item, as gates, `show --format json` and exports name them.
    public var fields: [String] {
        switch self {
        case .outline: ["topic", "subtopic"]
        case .lesson: ["body"]
        case .pair: ["front", "back", "hint"]
        case .choice: ["question", "choices", "explanation"]
        case .cloze: ["text", "extra"]
        default: ShapeRegistry.shape(self)?.fields.map(\.name) ?? []
        }
    }

    /// Whether the shape's content is a list of items (gates may drop some).
    public var isItemList: Bool { self != .outline && self != .lesson }

    /// The registered shape behind this name, when it is not one of the built-in five.
    public var plugin: (any ContentShape)? { ShapeRegistry.shape(self) }
}
