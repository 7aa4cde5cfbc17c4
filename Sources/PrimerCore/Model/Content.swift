/// The kind of subject decides which families run (a grammar lesson instead of notes) and how
/// flashcards are written (word | translation for language subjects).
public enum SubjectKind: String, Sendable, Codable, CaseIterable {
    case general
    case language
}

/// What a family produces; each kind has one parser and one place in the store.
public enum OutputKind: String, Sendable, Codable, CaseIterable {
    case plan
    case notes
    case flashcards
    case quiz
    case terms
}

/// A study plan: topics, each with its subtopics, in study order.
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

public struct Flashcard: Sendable, Equatable, Codable {
    public var front: String
    public var back: String
    public init(front: String, back: String) {
        self.front = front
        self.back = back
    }
}

/// A multiple-choice question: four choices, one correct, with an explanation of why.
public struct QuizQuestion: Sendable, Equatable, Codable {
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

public struct Term: Sendable, Equatable, Codable {
    public var term: String
    public var definition: String
    public init(term: String, definition: String) {
        self.term = term
        self.definition = definition
    }
}

/// The parsed (and, after gates, accepted) output of one family.
public enum GeneratedOutput: Sendable, Equatable {
    case plan(Plan)
    case notes(String)
    case flashcards([Flashcard])
    case quiz([QuizQuestion])
    case terms([Term])

    public var kind: OutputKind {
        switch self {
        case .plan: .plan
        case .notes: .notes
        case .flashcards: .flashcards
        case .quiz: .quiz
        case .terms: .terms
        }
    }

    /// Number of items: topics+subtopics for a plan, 1 for notes, else the list length.
    public var itemCount: Int {
        switch self {
        case .plan(let plan): plan.topics.reduce(0) { $0 + 1 + $1.subtopics.count }
        case .notes(let text): text.isEmpty ? 0 : 1
        case .flashcards(let cards): cards.count
        case .quiz(let questions): questions.count
        case .terms(let terms): terms.count
        }
    }
}
