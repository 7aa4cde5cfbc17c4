import Foundation

/// The content of one item, by shape.
public enum ItemContent: Sendable, Equatable {
    case lesson(String)
    case pair(PairItem)
    case choice(ChoiceItem)
    case cloze(ClozeItem)
    /// An item of a registered shape (`ShapeRegistry`): matching, ordering, or one of your own.
    case shaped(ShapedItem)

    /// The question, when this is a choice item.
    public var choice: ChoiceItem? {
        if case .choice(let item) = self { item } else { nil }
    }

    public var shape: Shape {
        switch self {
        case .lesson: .lesson
        case .pair: .pair
        case .choice: .choice
        case .cloze: .cloze
        case .shaped(let item): item.shape
        }
    }

    /// The items of an accepted output (a plan has none: it is the plan).
    public static func items(of output: GeneratedOutput) -> [ItemContent] {
        switch output {
        case .plan: []
        case .lesson(let text): [.lesson(text)]
        case .pairs(let items): items.map(ItemContent.pair)
        case .choices(let items): items.map(ItemContent.choice)
        case .clozes(let items): items.map(ItemContent.cloze)
        case .shaped(_, let items): items.map(ItemContent.shaped)
        }
    }

    struct LessonFields: Codable { var body: String }

    /// The shape's fields as a JSON object's keys (what the store keeps in `items.fields`).
    public func encodeFields(to encoder: any Encoder) throws {
        switch self {
        case .lesson(let text): try LessonFields(body: text).encode(to: encoder)
        case .pair(let item): try item.encode(to: encoder)
        case .choice(let item): try item.encode(to: encoder)
        case .cloze(let item): try item.encode(to: encoder)
        case .shaped(let item): try item.encodeFields(to: encoder)
        }
    }

    public init(from decoder: any Decoder, shape: Shape) throws {
        switch shape {
        case .lesson: self = .lesson(try LessonFields(from: decoder).body)
        case .pair: self = .pair(try PairItem(from: decoder))
        case .choice: self = .choice(try ChoiceItem(from: decoder))
        case .cloze: self = .cloze(try ClozeItem(from: decoder))
        case .outline:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an outline is the plan, not an item"))
        default:
            guard let definition = ShapeRegistry.shape(shape) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no shape named '\(shape)' is registered"))
            }
            self = .shaped(try ShapedItem(from: decoder, shape: shape, definition: definition))
        }
    }
}

/// `{"shape": "pair", "front": …, "back": …}`: an item with its shape, where no column or
/// context says which shape it is (a request's purpose).
extension ItemContent: Codable {
    private enum ShapeKey: String, CodingKey { case shape }

    public init(from decoder: any Decoder) throws {
        let shape = try decoder.container(keyedBy: ShapeKey.self).decode(Shape.self, forKey: .shape)
        try self.init(from: decoder, shape: shape)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ShapeKey.self)
        try container.encode(shape, forKey: .shape)
        try encodeFields(to: encoder)
    }
}
