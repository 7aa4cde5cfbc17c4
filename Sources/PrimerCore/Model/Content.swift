/// The kind of subject decides which families run (a grammar lesson instead of notes) and how
/// flashcards are written (word | translation for language subjects).
public enum SubjectKind: String, Sendable, Codable, CaseIterable {
    case general
    case language
}

/// A study plan: topics, each with its subtopics, in study order. The content of the `outline`
/// shape.
public struct Plan: Sendable, Equatable, Codable {
    public var topics: [PlanTopic]
    public init(topics: [PlanTopic]) { self.topics = topics }
}

public struct PlanTopic: Sendable, Equatable, Codable {
    public var title: String
    /// One or two sentences on what the topic covers, when the model gave them.
    public var overview: String
    public var subtopics: [String]
    public init(title: String, overview: String = "", subtopics: [String]) {
        self.title = title
        self.overview = overview
        self.subtopics = subtopics
    }
}

/// One item of the `pair` shape: a flashcard (question, answer), a glossary term (term,
/// definition), a vocabulary entry (word, translation). The family names the two sides.
public struct PairItem: Sendable, Equatable, Codable {
    public var front: String
    public var back: String
    /// A nudge shown on request before the back, when the family asks for one.
    public var hint: String?
    public init(front: String, back: String, hint: String? = nil) {
        self.front = front
        self.back = back
        self.hint = hint
    }
}

/// One item of the `choice` shape: a multiple-choice question, one choice correct, with an
/// explanation of why. True/false is a choice with two choices.
public struct ChoiceItem: Sendable, Equatable, Codable {
    public var question: String
    public var choices: [String]
    /// Index into `choices`, or -1 when the answer gave no valid marker (a gate rejects it).
    public var correctIndex: Int
    public var explanation: String
    public init(question: String, choices: [String], correctIndex: Int, explanation: String) {
        self.question = question
        self.choices = choices
        self.correctIndex = correctIndex
        self.explanation = explanation
    }
}

/// One item of the `cloze` shape: a text with numbered deletions written as Anki writes them,
/// `{{c1::answer}}` or `{{c1::answer::hint}}`; each number is one card.
public struct ClozeItem: Sendable, Equatable, Codable {
    public var text: String
    /// Extra text shown on the back of every card of the note.
    public var extra: String
    public init(text: String, extra: String = "") {
        self.text = text
        self.extra = extra
    }
}

/// The parsed (and, after gates, accepted) output of one family, by shape.
public enum GeneratedOutput: Sendable, Equatable {
    case plan(Plan)
    case lesson(String)
    case pairs([PairItem])
    case choices([ChoiceItem])
    case clozes([ClozeItem])
    /// The items of a registered shape (`ShapeRegistry`).
    case shaped(Shape, [ShapedItem])

    public var shape: Shape {
        switch self {
        case .plan: .outline
        case .lesson: .lesson
        case .pairs: .pair
        case .choices: .choice
        case .clozes: .cloze
        case .shaped(let shape, _): shape
        }
    }

    /// Number of items: topics+subtopics for a plan, 1 for a lesson, else the list length.
    public var itemCount: Int {
        switch self {
        case .plan(let plan): plan.topics.reduce(0) { $0 + 1 + $1.subtopics.count }
        case .lesson(let text): text.isEmpty ? 0 : 1
        case .pairs(let items): items.count
        case .choices(let items): items.count
        case .clozes(let items): items.count
        case .shaped(_, let items): items.count
        }
    }
}
