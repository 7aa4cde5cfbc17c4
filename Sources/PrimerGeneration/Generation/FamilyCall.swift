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
            purpose.passageTexts = subtopic.passages.map(\.text)
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
        context.lesson = subtopic.lesson
        context.passages = subtopic.passages
        // The glossary too: a small model's lesson seldom defines a term by a pattern
        // `DefiningSentence` knows, so its terms are mostly the model's, and held to the lesson
        // they failed in 29 % of the golden test sections' runs (against 4 %) — a subtopic then
        // has no terms rather than terms its lesson does not say (38 % of the model's).
        context.heldToLesson = family.fromSentences && subtopic.passages.isEmpty
        return context
    }

    /// The first attempt's messages (a retry adds the answer and the reminder).
    public var messages: [ChatMessage] { family.messages(kind: subject.kind, values: values) }
}

extension Generator {
    /// Runs one family's call: from the documents' sentences when the family asks for it and
    /// they pass its gates (`SentenceItems`), else with the provider and retry-with-reminder.
    public func run(_ call: FamilyCall, onAttempt: @Sendable (AttemptEvent) -> Void = { _ in }) async throws -> GenerationOutcome {
        if let outcome = try await fromSentences(call) {
            onAttempt(AttemptEvent(family: call.family.name, attempt: outcome.record.attempts[0]))
            return outcome
        }
        return try await run(
            family: call.family, kind: call.subject.kind, values: call.values, purpose: call.purpose,
            gateContext: call.gateContext, onAttempt: onAttempt)
    }

    /// The name a generation made from the documents' sentences is recorded under, as its provider.
    public static let sentencesProvider = "document"
    /// … and one made from its lesson's sentences.
    public static let lessonProvider = "lesson"

    /// The lesson as the one passage items are made from; none for an empty lesson.
    static func lessonPassages(_ lesson: String) -> [GroundingPassage] {
        lesson.trimmedWhitespace.isEmpty ? [] : [GroundingPassage(document: "lesson", text: lesson)]
    }

    /// The family's items made from the subtopic's passages — or, without a document, from its
    /// lesson's sentences — gated like a model's answer; nil when the family does not ask for it,
    /// there is nothing to read, it gives too little, or the gates reject what it gives.
    ///
    /// Why the lesson: without a document the small model's own cards and questions drifted
    /// from what its lesson says ("the 3 main components of a computer" under "Matrix
    /// Operations"); made from the lesson's sentences, every item is one its lesson states.
    func fromSentences(_ call: FamilyCall) async throws -> GenerationOutcome? {
        guard call.family.fromSentences, call.rewrites.isEmpty, call.subject.kind == .general, let subtopic = call.subtopic else { return nil }
        let fromLesson = subtopic.passages.isEmpty
        let sources = fromLesson ? Self.lessonPassages(subtopic.lesson) : subtopic.passages
        guard !sources.isEmpty,
            let made = SentenceItems.output(
                shape: call.family.shape, role: call.family.role, passages: sources, subtopic: subtopic.subtopic,
                topic: subtopic.topic, siblings: subtopic.siblings, subjectTerms: subtopic.terms)
        else { return nil }
        var context = call.gateContext
        context.labels = context.labels ?? call.family.labels
        if let embedder {
            context.meanings = try await GateMeanings.make(for: made, context: context, chain: call.family.gates, embedder: embedder)
        }
        let verdict = call.family.gates.apply(made, context: context)
        guard verdict.rejections.isEmpty, verdict.output.itemCount > 0 else { return nil }
        let attempt = AttemptRecord(number: 1, status: .accepted, reasons: [], dropped: verdict.dropped, latencyMs: 0)
        var record = makeRecord(call.family, [attempt], status: .ok, error: nil, citations: [], model: fromLesson ? "lesson sentences" : "key sentences")
        record.provider = fromLesson ? Self.lessonProvider : Self.sentencesProvider
        return GenerationOutcome(output: verdict.output, record: record, providerCalls: 0)
    }
}
