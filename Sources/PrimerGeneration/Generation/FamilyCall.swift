import PrimerCore

/// Everything one family's request is made of: the template values (the context block among
/// them), what the provider is told the request is for, and what the gates check against, all
/// from the subject and, for a subtopic family, the subtopic's state. `generate` and `eval` both
/// build their requests here, so the prompts tuned on evaluation are byte for byte the prompts
/// users get for the same subtopic state.
public struct FamilyCall: Sendable {
    public let family: PromptFamily
    public let subject: SubjectFacts
    /// The subtopic's place in the plan, its lesson once written, the terms the subject already
    /// defines and the passages of the learner's documents; nil for the plan family.
    public let subtopic: SubtopicFacts?
    public let context: ContextBuilder
    /// The items to write again, in order (a family made with `PromptFamily.rewriting`); else empty.
    public let rewrites: [Leech]
    /// The subject's stored items the answer must not repeat (`GateContext.storedItems`).
    public var storedItems: [ItemContent] = []

    public init(
        _ family: PromptFamily, subject: SubjectFacts, subtopic: SubtopicFacts? = nil, context: ContextBuilder, rewrites: [Leech] = []
    ) {
        self.family = family
        self.subject = subject
        self.subtopic = subtopic
        self.context = context
        self.rewrites = rewrites
    }

    public var values: [String: Any] {
        var values = subtopic.map { context.values(subject: subject, subtopic: $0) } ?? context.values(subject: subject)
        if !rewrites.isEmpty {
            values["rewrites"] = rewrites.map { ["item": AnswerFormat.text($0.content, pairLines: family.pairLines), "lapses": $0.lapses, "reviews": $0.reviews] as [String: Any] }
            values["count"] = rewrites.count
        }
        return values
    }

    public var purpose: RequestPurpose {
        var purpose = RequestPurpose(
            family: family.name, shape: family.shape, role: family.role, labels: family.labels, subjectKind: subject.kind,
            language: subject.language, subject: subject.title, subjectNotes: subject.notes)
        purpose.outline = subject.outline
        if let subtopic {
            purpose.topic = subtopic.topic
            purpose.subtopic = subtopic.subtopic
            purpose.siblings = subtopic.siblings
            purpose.passages = subtopic.passages.map(\.label)
        }
        if !rewrites.isEmpty { purpose.rewriting = rewrites.map(\.content) }
        return purpose
    }

    public var gateContext: GateContext {
        guard let subtopic else {
            return GateContext(subject: subject.title, subjectKind: subject.kind, notes: subject.notes, instructions: subject.instructions)
        }
        var context = GateContext(
            subject: subject.title, subjectKind: subject.kind, topic: subtopic.topic, subtopic: subtopic.subtopic,
            siblings: subtopic.siblings)
        context.storedItems = storedItems
        return context
    }

    /// The first attempt's messages (a retry adds the answer and the reminder).
    public var messages: [ChatMessage] { family.messages(kind: subject.kind, values: values) }
}

extension Generator {
    /// Runs one family's call with retry-with-reminder.
    public func run(_ call: FamilyCall, onAttempt: @Sendable (AttemptEvent) -> Void = { _ in }) async throws -> GenerationOutcome {
        try await run(
            family: call.family, kind: call.subject.kind, values: call.values, purpose: call.purpose,
            gateContext: call.gateContext, onAttempt: onAttempt)
    }
}
