import Foundation

/// A subject as the user gives it. Nil fields keep what is stored (or are classified).
public struct SubjectRequest: Sendable {
    public var title: String
    public var notes: String?
    public var kind: SubjectKind?
    public var instructions: String?
    public init(title: String, notes: String? = nil, kind: SubjectKind? = nil, instructions: String? = nil) {
        self.title = title
        self.notes = notes
        self.kind = kind
        self.instructions = instructions
    }
}

public struct PipelineOptions: Sendable {
    /// Stop after the plan.
    public var planOnly = false
    /// Generate kits for the first N subtopics of the plan only.
    public var maxSubtopics: Int?
    /// Replace the stored plan and everything under it.
    public var regeneratePlan = false
    public init(planOnly: Bool = false, maxSubtopics: Int? = nil, regeneratePlan: Bool = false) {
        self.planOnly = planOnly
        self.maxSubtopics = maxSubtopics
        self.regeneratePlan = regeneratePlan
    }
}

public struct PipelineError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// Plan, then for each subtopic the lesson, flashcards, quiz and terms. Idempotent: what is
/// stored is not generated again; a failed family stores nothing and leaves the rest in place.
public struct Pipeline: Sendable {
    public let families: FamilySet
    public let provider: any Provider
    public let store: any KitStore
    public var context = ContextBuilder()
    /// Called once the subject is stored: attaches new documents and returns the grounding built
    /// from all of the subject's documents (passages per subtopic, a syllabus outline), if any.
    public var prepareGrounding: (@Sendable (StoredSubject) throws -> (any GroundingSource)?)?

    public init(families: FamilySet, provider: any Provider, store: any KitStore) {
        self.families = families
        self.provider = provider
        self.store = store
    }

    public func run(
        _ request: SubjectRequest, options: PipelineOptions = PipelineOptions(),
        progress: @escaping @Sendable (ProgressEvent) -> Void = { _ in }
    ) async throws -> RunSummary {
        let title = request.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw PipelineError(description: "the subject title is empty; give a title such as \"Linear Algebra\"") }

        let existing = try store.subject(titled: title)
        let notes = request.notes ?? existing?.notes ?? ""
        let classification = SubjectClassifier.classify(title: title, notes: notes)
        let kind = request.kind ?? (request.notes == nil ? existing?.kind : nil) ?? classification.kind
        let reason = request.kind != nil ? "set with --kind" : (kind == classification.kind ? classification.reason : "kept from the stored subject")
        progress(.classified(kind: kind, reason: reason))
        let subject = try store.upsertSubject(
            title: existing?.title ?? title, notes: notes, kind: kind,
            instructions: request.instructions ?? existing?.instructions ?? "")
        let grounding = try prepareGrounding?(subject)
        let facts = SubjectFacts(
            title: subject.title, notes: subject.notes, kind: kind,
            language: kind == .language ? (classification.language ?? "") : "", instructions: subject.instructions,
            outline: grounding?.outline ?? [])

        var summary = RunSummary(
            subject: subject.title, kind: kind, language: facts.language, kindReason: reason,
            provider: provider.name, model: provider.model)
        let generator = Generator(provider: provider)
        summary.familyOrder = families.planFamily(for: kind).map { [$0.name] } ?? []

        // The plan.
        var topics = try store.plan(subjectID: subject.id)
        if topics.isEmpty || options.regeneratePlan {
            guard let planFamily = families.planFamily(for: kind) else {
                throw PipelineError(description: "no plan family for \(kind.rawValue) subjects in the prompts folder; add one with `scope: plan`")
            }
            progress(.planStarted)
            let outcome = try await generator.run(
                family: planFamily, kind: kind, values: context.values(subject: facts),
                purpose: purpose(planFamily, facts), gateContext: GateContext(subject: facts.title, subjectKind: kind),
                onAttempt: { progress(.attempt(family: planFamily.name, subtopic: nil, attempt: $0.attempt)) })
            guard case .plan(let plan)? = outcome.output else {
                try store.recordFailure(subjectID: subject.id, subtopicID: nil, generation: outcome.record)
                summary.add(outcome, items: 0)
                throw PipelineError(description: outcome.record.error ?? "the plan could not be generated")
            }
            topics = try store.replacePlan(subjectID: subject.id, plan: plan, generation: outcome.record)
            summary.add(outcome, items: outcome.output?.itemCount ?? 0)
            progress(.planReady(topics: topics.count, subtopics: topics.reduce(0) { $0 + $1.subtopics.count }, generated: true))
        } else {
            summary.skip(families.planFamily(for: kind)?.name ?? "plan")
            progress(.planReady(topics: topics.count, subtopics: topics.reduce(0) { $0 + $1.subtopics.count }, generated: false))
        }
        summary.topics = topics.map { PlanTopic(title: $0.title, overview: $0.overview, subtopics: $0.subtopics.map(\.title)) }
        if options.planOnly { return summary }

        // The subtopics in scope, in plan order.
        var work: [(topic: StoredTopic, subtopic: StoredSubtopic)] = []
        for topic in topics { for subtopic in topic.subtopics { work.append((topic, subtopic)) } }
        if let limit = options.maxSubtopics { work = Array(work.prefix(max(0, limit))) }
        summary.subtopicsInScope = work.count

        let subtopicFamilies = families.subtopicFamilies(for: kind)
        summary.familyOrder += subtopicFamilies.map(\.name)
        let total = work.count * subtopicFamilies.count
        var step = 0
        for (topic, subtopic) in work {
            let done = try store.completedFamilies(subtopicID: subtopic.id)
            let siblings = topic.subtopics.filter { $0.id != subtopic.id }.map(\.title)
            for family in subtopicFamilies {
                step += 1
                if done.contains(family.name) {
                    summary.skip(family.name)
                    continue
                }
                progress(.familyStarted(family: family.name, subtopic: subtopic.title, step: step, total: total))
                let passages = grounding?.passages(subject: facts.title, topic: topic.title, subtopic: subtopic.title) ?? []
                let subtopicFacts = SubtopicFacts(
                    topic: topic.title, topicOverview: topic.overview, subtopic: subtopic.title, siblings: siblings,
                    notes: try store.notes(subtopicID: subtopic.id) ?? "", terms: try store.terms(subjectID: subject.id),
                    passages: passages)
                var familyPurpose = purpose(family, facts)
                familyPurpose.topic = topic.title
                familyPurpose.subtopic = subtopic.title
                familyPurpose.siblings = siblings
                familyPurpose.passages = passages.map(\.label)
                var outcome = try await generator.run(
                    family: family, kind: kind, values: context.values(subject: facts, subtopic: subtopicFacts),
                    purpose: familyPurpose,
                    gateContext: GateContext(subject: facts.title, subjectKind: kind, topic: topic.title, subtopic: subtopic.title, siblings: siblings),
                    onAttempt: { progress(.attempt(family: family.name, subtopic: subtopic.title, attempt: $0.attempt)) })
                // The passages that grounded the content are stored as its sources.
                outcome.record.citations += passages.map(\.citation)
                if let output = outcome.output {
                    try store.saveContent(subjectID: subject.id, subtopicID: subtopic.id, output: output, generation: outcome.record)
                    summary.add(outcome, items: output.itemCount)
                } else {
                    try store.recordFailure(subjectID: subject.id, subtopicID: subtopic.id, generation: outcome.record)
                    summary.add(outcome, items: 0)
                    summary.failures.append(RunFailure(family: family.name, subtopic: subtopic.title, error: outcome.record.error ?? "failed"))
                    if outcome.fatal {
                        // Another call would fail the same way (bad key, bad request): stop here.
                        throw PipelineError(description: "\(outcome.record.error ?? "the provider refused the request"). Stopped; everything generated so far is stored. Fix the problem and run the same command again.")
                    }
                }
                progress(.familyFinished(family: family.name, subtopic: subtopic.title, ok: outcome.output != nil))
            }
        }
        return summary
    }

    func purpose(_ family: PromptFamily, _ facts: SubjectFacts) -> RequestPurpose {
        var purpose = RequestPurpose(
            family: family.name, output: family.output, subjectKind: facts.kind, language: facts.language,
            subject: facts.title, subjectNotes: facts.notes)
        purpose.outline = facts.outline
        return purpose
    }
}
