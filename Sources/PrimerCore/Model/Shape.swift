/// What a family produces. Shapes are Swift, each owning its parser, the fields gates name, its
/// renderers, export mapping and evaluation metrics; families are YAML and declare one, so a new
/// kind of study content of an existing shape is one YAML file.
public enum Shape: String, Sendable, Codable, CaseIterable {
    /// The plan: topics and their subtopics (`scope: plan` families only).
    case outline
    /// Markdown text: study notes, a grammar lesson, a worked example.
    case lesson
    /// Front, back, optional hint: flashcards, glossary terms, vocabulary.
    case pair
    /// A question, its choices, the correct one and an explanation: quizzes, true/false.
    case choice
    /// A text with numbered deletions, `{{c1::…}}`: cloze cards.
    case cloze

    /// The fields of one item, as gates, `show --format json` and exports name them.
    public var fields: [String] {
        switch self {
        case .outline: ["topic", "subtopic"]
        case .lesson: ["body"]
        case .pair: ["front", "back", "hint"]
        case .choice: ["question", "choices", "explanation"]
        case .cloze: ["text", "extra"]
        }
    }

    /// Whether the shape's content is a list of items (gates may drop some).
    public var isItemList: Bool { self == .pair || self == .choice || self == .cloze }
}

/// What a family is for besides its content, so other families and front ends find it without
/// knowing its name.
public enum FamilyRole: String, Sendable, Codable, CaseIterable {
    /// The subtopic's lesson, which later families read as context (exactly one per subject kind).
    case lesson
    /// The subject's glossary: its fronts are the terms later subtopics must not define again
    /// (at most one per subject kind).
    case glossary
}

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
        }
    }
}

/// The kind of content a family makes, as evaluation suites, their metrics and the mock provider
/// name it: the shape, with a pair family's glossary told apart from flashcards. The names are
/// the output kinds of the first releases, so suites and seeds written then still apply.
public enum ContentKind: String, Sendable, Codable, CaseIterable {
    case plan, notes, flashcards, quiz, terms, cloze

    public init(_ shape: Shape, role: FamilyRole?) {
        switch shape {
        case .outline: self = .plan
        case .lesson: self = .notes
        case .pair: self = role == .glossary ? .terms : .flashcards
        case .choice: self = .quiz
        case .cloze: self = .cloze
        }
    }

    /// The shape of this kind's content.
    public var shape: Shape {
        switch self {
        case .plan: .outline
        case .notes: .lesson
        case .flashcards, .terms: .pair
        case .quiz: .choice
        case .cloze: .cloze
        }
    }
}

extension PromptFamily {
    /// What the family makes, in the names of evaluation suites.
    public var contentKind: ContentKind { ContentKind(shape, role: role) }
}
