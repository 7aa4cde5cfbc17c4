import Foundation

/// A language model behind an adapter (mock, OpenAI-compatible, Perplexity, exec…).
/// Adapters live in PrimerProviders; the pipeline only sees this protocol.
public protocol Provider: Sendable {
    /// The manifest name the user chose (`mock`, `llama-local`…).
    var name: String { get }
    /// The model the adapter asks for by default.
    var model: String { get }
    func complete(_ request: CompletionRequest) async throws -> CompletionResponse
}

public struct ChatMessage: Sendable, Equatable, Codable {
    public enum Role: String, Sendable, Codable { case system, user, assistant }
    public var role: Role
    public var content: String
    public init(role: Role, content: String) {
        self.role = role
        self.content = content
    }
}

/// What the generator knows about the request beyond its messages. Real models never see it;
/// adapters that cannot read prose (the mock) or that want routing data (exec) may use it.
public struct RequestPurpose: Sendable, Equatable, Codable {
    public var family: String
    public var shape: Shape
    /// The family's role (its lesson, its glossary), if it has one.
    public var role: FamilyRole?
    /// How the family names its items ("term", front "Word").
    public var labels: ItemLabels
    public var subjectKind: SubjectKind
    /// The language being learned ("Spanish") for language subjects, else empty.
    public var language: String
    public var subject: String
    public var subjectNotes: String
    public var topic: String
    public var subtopic: String
    public var siblings: [String]
    /// Which try this is, from 1.
    public var attempt: Int
    /// Labels of the document passages in the prompt ("notes.pdf, p. 2 › Week 1").
    public var passages: [String] = []
    /// Their texts, for a provider that writes from them itself (the mock's cards).
    public var passageTexts: [String] = []
    /// Section titles of an attached syllabus the plan must follow.
    public var outline: [PlanTopic] = []
    /// The items to write again, in order, when the family is rewriting leeches (else nil, and
    /// absent from the purpose's JSON).
    public var rewriting: [ItemContent]?
    /// The learner's question and its numbered sources, for a question family (`primer ask`;
    /// else nil, and absent from the purpose's JSON).
    public var ask: AskPurpose?

    public init(
        family: String, shape: Shape, role: FamilyRole? = nil, labels: ItemLabels? = nil, subjectKind: SubjectKind,
        language: String = "", subject: String, subjectNotes: String = "", topic: String = "", subtopic: String = "",
        siblings: [String] = [], attempt: Int = 1
    ) {
        self.family = family
        self.shape = shape
        self.role = role
        self.labels = labels ?? .defaults(for: shape)
        self.subjectKind = subjectKind
        self.language = language
        self.subject = subject
        self.subjectNotes = subjectNotes
        self.topic = topic
        self.subtopic = subtopic
        self.siblings = siblings
        self.attempt = attempt
    }
}

/// What a question family is asked (`RequestPurpose.ask`).
public struct AskPurpose: Sendable, Equatable, Codable {
    public var question: String
    public var sources: [AskSource]
    public init(question: String, sources: [AskSource]) {
        self.question = question
        self.sources = sources
    }
}

public struct CompletionRequest: Sendable, Equatable {
    public var messages: [ChatMessage]
    public var purpose: RequestPurpose
    /// JSON schema (as JSON text) for structured output, sent only to providers that declare it.
    public var jsonSchema: String?
    public var temperature: Double?
    public var maxTokens: Int?
    /// Added to whichever temperature applies (the family's, or a profile's over it) after an
    /// attempt repeated an earlier one's answer, so the next one differs; 0 otherwise.
    public var temperatureRaise: Double = 0
    /// Which sample of the same request this is: 0 normally; `primer eval --repeat N` asks for
    /// samples 0…N − 1 so repeats are independent draws. Providers that take a seed derive theirs
    /// from it, the mock hashes it, and the response cache keys on it.
    public var sample: Int = 0

    public init(
        messages: [ChatMessage], purpose: RequestPurpose, jsonSchema: String? = nil,
        temperature: Double? = nil, maxTokens: Int? = nil
    ) {
        self.messages = messages
        self.purpose = purpose
        self.jsonSchema = jsonSchema
        self.temperature = temperature
        self.maxTokens = maxTokens
    }
}

public struct TokenUsage: Sendable, Equatable, Codable {
    public var promptTokens: Int
    public var completionTokens: Int
    public var cachedPromptTokens: Int
    public init(promptTokens: Int = 0, completionTokens: Int = 0, cachedPromptTokens: Int = 0) {
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.cachedPromptTokens = cachedPromptTokens
    }
    public static func + (a: TokenUsage, b: TokenUsage) -> TokenUsage {
        TokenUsage(
            promptTokens: a.promptTokens + b.promptTokens,
            completionTokens: a.completionTokens + b.completionTokens,
            cachedPromptTokens: a.cachedPromptTokens + b.cachedPromptTokens)
    }
}

/// A source the provider grounded its answer on (web search result, document passage).
public struct Citation: Sendable, Equatable, Codable {
    public var url: String
    public var title: String
    public var snippet: String
    public init(url: String, title: String = "", snippet: String = "") {
        self.url = url
        self.title = title
        self.snippet = snippet
    }
}

public enum FinishReason: String, Sendable, Codable {
    case stop
    /// The answer hit the token limit: the generator treats it as a rejection and retries.
    case length
    case refusal
    case other
}

public struct CompletionResponse: Sendable, Equatable {
    public var text: String
    public var model: String
    public var usage: TokenUsage
    /// Cost in US dollars when the provider reports it; a reported value that cannot be a cost
    /// (NaN, infinite, negative) is kept as unknown (see `Cost.reported`).
    public var cost: Double? {
        didSet { if cost != Cost.reported(cost) { cost = nil } }
    }
    public var citations: [Citation]
    public var finishReason: FinishReason

    public init(
        text: String, model: String, usage: TokenUsage = TokenUsage(), cost: Double? = nil,
        citations: [Citation] = [], finishReason: FinishReason = .stop
    ) {
        self.text = text
        self.model = model
        self.usage = usage
        self.cost = Cost.reported(cost)
        self.citations = citations
        self.finishReason = finishReason
    }
}

/// Errors an adapter reports. `retryable` errors count as a failed attempt and the generator
/// tries again; the others (bad key, bad request) stop the family at once.
public struct ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    public var provider: String
    public var message: String
    public var retryable: Bool
    public init(provider: String, message: String, retryable: Bool) {
        self.provider = provider
        self.message = message
        self.retryable = retryable
    }
    public var description: String { "provider '\(provider)': \(message)" }
}
