import Foundation

/// A whole stored study kit, as `primer show` prints it and `--format json` emits it.
public struct Kit: Sendable, Equatable, Codable {
    public var subject: KitSubject
    public var topics: [KitTopic]
    public init(subject: KitSubject, topics: [KitTopic]) {
        self.subject = subject
        self.topics = topics
    }
}

public struct KitSubject: Sendable, Equatable, Codable {
    public var title: String
    public var kind: SubjectKind
    public var notes: String
    public var instructions: String
    public init(title: String, kind: SubjectKind, notes: String = "", instructions: String = "") {
        self.title = title
        self.kind = kind
        self.notes = notes
        self.instructions = instructions
    }
}

public struct KitTopic: Sendable, Equatable, Codable {
    public var title: String
    public var overview: String
    public var subtopics: [KitSubtopic]
    public init(title: String, overview: String = "", subtopics: [KitSubtopic]) {
        self.title = title
        self.overview = overview
        self.subtopics = subtopics
    }
}

public struct KitSubtopic: Sendable, Equatable, Codable {
    public var title: String
    /// The lesson: study notes, or a grammar lesson for language subjects.
    public var notes: String?
    public var flashcards: [Flashcard]
    public var questions: [QuizQuestion]
    public var terms: [Term]
    /// Sources the provider cited for this subtopic's content.
    public var sources: [Citation]
    /// One line of provenance per stored or failed generation.
    public var generations: [KitGeneration]
    public init(
        title: String, notes: String? = nil, flashcards: [Flashcard] = [], questions: [QuizQuestion] = [],
        terms: [Term] = [], sources: [Citation] = [], generations: [KitGeneration] = []
    ) {
        self.title = title
        self.notes = notes
        self.flashcards = flashcards
        self.questions = questions
        self.terms = terms
        self.sources = sources
        self.generations = generations
    }
}

public struct KitGeneration: Sendable, Equatable, Codable {
    public var family: String
    public var familyVersion: Int
    public var provider: String
    public var model: String
    public var status: String
    public var attempts: Int
    public var promptTokens: Int
    public var completionTokens: Int
    public var cost: Double?
    public var latencyMs: Int
    public var error: String?
    public init(
        family: String, familyVersion: Int, provider: String, model: String, status: String, attempts: Int,
        promptTokens: Int, completionTokens: Int, cost: Double?, latencyMs: Int, error: String?
    ) {
        self.family = family
        self.familyVersion = familyVersion
        self.provider = provider
        self.model = model
        self.status = status
        self.attempts = attempts
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.cost = cost
        self.latencyMs = latencyMs
        self.error = error
    }
}
