/// The kind of content a family makes, as evaluation suites, their metrics and the mock provider
/// name it: the shape, with a pair family's glossary told apart from flashcards. The names of the
/// built-in kinds are the output kinds of the first releases (the lesson's was `notes`, still
/// read as `lesson`, `FamilyAlias`), so suites and seeds written then still apply; a registered
/// shape's kind is its shape's name.
public struct ContentKind: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    public let rawValue: String

    public init?(rawValue name: String) {
        let rawValue = FamilyAlias.canonical(name)
        guard Self.builtIn.contains(where: { $0.rawValue == rawValue }) || ShapeRegistry.shape(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    private init(named name: String) { rawValue = name }

    public static let plan = ContentKind(named: "plan")
    public static let lesson = ContentKind(named: "lesson")
    public static let flashcards = ContentKind(named: "flashcards")
    public static let quiz = ContentKind(named: "quiz")
    public static let terms = ContentKind(named: "terms")
    public static let cloze = ContentKind(named: "cloze")

    static let builtIn: [ContentKind] = [.plan, .lesson, .flashcards, .quiz, .terms, .cloze]

    /// The built-in kinds, then one per registered shape.
    public static var allCases: [ContentKind] { builtIn + ShapeRegistry.all.map { ContentKind(named: $0.id.rawValue) } }

    public var description: String { rawValue }

    public init(_ shape: Shape, role: FamilyRole?) {
        switch shape {
        case .outline: self = .plan
        case .lesson: self = .lesson
        case .pair: self = role == .glossary ? .terms : .flashcards
        case .choice: self = .quiz
        case .cloze: self = .cloze
        default: self = ContentKind(named: shape.rawValue)
        }
    }

    /// The shape of this kind's content.
    public var shape: Shape {
        switch self {
        case .plan: .outline
        case .lesson: .lesson
        case .flashcards, .terms: .pair
        case .quiz: .choice
        case .cloze: .cloze
        default: Shape(named: rawValue)
        }
    }
}
