import Foundation
import PrimerCore

/// Whether a family runs once per subject (the plan), once per subtopic, or for one question of
/// the learner (`primer ask`: never part of a kit).
public enum FamilyScope: String, Sendable, Codable, CaseIterable {
    case plan
    case subtopic
    case question
}

/// The templates of a family for one subject kind: three required, and `rewrite`, which a
/// family that can write again the items a learner keeps forgetting declares.
public struct FamilyTemplates: Sendable {
    public let system: PromptTemplate
    public let user: PromptTemplate
    public let reminder: PromptTemplate
    public let rewrite: PromptTemplate?
}

/// Everything needed to produce one kind of content: templates, output format, gates, reminder,
/// attempt budget and variants by subject kind. Loaded from one YAML file in `Prompts/`.
public struct PromptFamily: Sendable {
    public let name: String
    public let version: Int
    public let description: String
    public let scope: FamilyScope
    public let shape: Shape
    /// What the family is for besides its content (the subtopic's lesson, the glossary).
    public let role: FamilyRole?
    /// How its items are named to people.
    public let labels: ItemLabels
    /// How answers of the `pair` shape are read line by line.
    public let pairLines: PairLines
    /// The subject kinds this family runs for.
    public let kinds: Set<SubjectKind>
    /// Subtopic families run in ascending order; the lesson comes first so the others can use it.
    public let order: Int
    /// How many tries before the family ends in an error.
    public let attempts: Int
    public let temperature: Double?
    public let maxTokens: Int?
    /// JSON schema text sent to providers that support structured output.
    public internal(set) var jsonSchema: String?
    /// The schema with its lists bounded to `rewriteCountMarker` items (see `rewriting`).
    let rewriteSchema: String?
    /// With a document, the items are made from its key sentences (`SentenceItems`), the model
    /// asked only when they give too little (`from_sentences: true`).
    public internal(set) var fromSentences = false
    public let gateNames: [String]
    public internal(set) var gates: GateChain
    /// Hash of the family file: stored with everything the family generated.
    public let contentHash: String
    /// Where the family was loaded from, for messages.
    public let file: String

    let base: FamilyTemplates
    let variants: [SubjectKind: FamilyTemplates]
    /// Set on the copy `rewriting(count:)` makes: the user message ends with the rewrite template.
    public internal(set) var rewriteCount: Int?

    public func templates(for kind: SubjectKind) -> FamilyTemplates {
        variants[kind] ?? base
    }

    /// Renders the conversation for one attempt. Attempt 1 is the plain prompt; a retry repeats
    /// it, shows the rejected answer, and adds the reminder with the concrete reasons.
    public func messages(
        kind: SubjectKind, values: [String: Any], retry: RetryNote? = nil
    ) -> [ChatMessage] {
        let templates = templates(for: kind)
        var user = templates.user.render(values).trimmedWhitespace
        if rewriteCount != nil, let rewrite = templates.rewrite {
            user += "\n\n" + rewrite.render(values).trimmedWhitespace
        }
        var messages = [
            ChatMessage(role: .system, content: templates.system.render(values).trimmedWhitespace),
            ChatMessage(role: .user, content: user),
        ]
        if let retry {
            if !retry.previousAnswer.isEmpty {
                messages.append(ChatMessage(role: .assistant, content: retry.previousAnswer))
            }
            var reminderValues = values
            reminderValues["reasons"] = retry.reasons
            reminderValues["attempt"] = retry.attempt
            reminderValues["previous_answer"] = retry.previousAnswer
            messages.append(ChatMessage(role: .user, content: templates.reminder.render(reminderValues).trimmedWhitespace))
        }
        return messages
    }
}

/// Why the previous attempt was rejected, carried into the next one.
public struct RetryNote: Sendable, Equatable {
    public var attempt: Int
    public var reasons: [String]
    /// The rejected answer, shortened; empty when the provider failed before answering.
    public var previousAnswer: String
    public init(attempt: Int, reasons: [String], previousAnswer: String) {
        self.attempt = attempt
        self.reasons = reasons
        self.previousAnswer = previousAnswer
    }
}

extension PromptFamily {
    /// What the family makes, in the names of evaluation suites.
    public var contentKind: ContentKind { ContentKind(shape, role: role) }
}
