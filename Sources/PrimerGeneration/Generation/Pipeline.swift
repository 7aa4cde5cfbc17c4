import Foundation
import PrimerCore

public struct PipelineOptions: Sendable {
    /// Stop after the plan.
    public var planOnly = false
    /// Generate kits for the first N subtopics of the plan only.
    public var maxSubtopics: Int?
    /// Replace the stored plan and everything under it.
    public var regeneratePlan = false
    /// Subtopics generated side by side (their families still run in order).
    public var concurrency = 1
    /// Only this subtopic of the plan (its title, case and spacing aside).
    public var subtopic: String?
    /// Only the stored subtopic with this id (a queued subtopic task: `primer worker`).
    public var subtopicID: Int64?
    /// Asked before each family of a subtopic starts: true stops the run there with
    /// `PipelineStopped` (a worker told to stop finishes the call it is in, then hands the
    /// rest of the subtopic back to the queue).
    public var stopRequested: (@Sendable () -> Bool)?
    /// Only this subtopic family (by name; an earlier name, `FamilyAlias`, names it too).
    public var family: String? {
        didSet { if let family, family != FamilyAlias.canonical(family) { self.family = FamilyAlias.canonical(family) } }
    }
    /// Replace what is stored of the chosen subtopic (and family) instead of keeping it.
    public var regenerate = false
    /// Write these leeches again instead of generating (`generate --rewrite-leeches`): only
    /// their subtopics and families run.
    public var rewrites: [Leech] = []
    /// Topics a plan takes from the documents' outline at most (nil: `OutlinePlan.defaultMaxTopics`).
    public var maxTopics: Int?
    /// Generate the first N subtopics of the plan that are not complete yet (a family missing):
    /// a subject grows N subtopics at a time.
    public var nextSubtopics: Int?
    /// Add the sections of the subject's documents the stored plan lacks (a document attached
    /// after the plan was made) as subtopics, under their sections' topics, before generating.
    public var addDocumentSections = false
    public init(
        planOnly: Bool = false, maxSubtopics: Int? = nil, regeneratePlan: Bool = false, concurrency: Int = 1,
        subtopic: String? = nil, family: String? = nil, regenerate: Bool = false
    ) {
        self.planOnly = planOnly
        self.maxSubtopics = maxSubtopics
        self.regeneratePlan = regeneratePlan
        self.concurrency = concurrency
        self.subtopic = subtopic
        self.family = family.map(FamilyAlias.canonical)
        self.regenerate = regenerate
    }
}

public struct PipelineError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// A run stopped between two families because `PipelineOptions.stopRequested` said so; what was
/// stored before stays stored.
public struct PipelineStopped: Error, Sendable, CustomStringConvertible {
    public var description: String { "stopped between two families, as asked; what was generated before is stored" }
}

/// Plan, then for each subtopic the lesson, flashcards, quiz and terms. Idempotent: what is
/// stored is not generated again; a failed family stores nothing and leaves the rest in place.
public struct Pipeline: Sendable {
    public let families: FamilySet
    public let provider: any Provider
    public let store: any KitStore & ClaimStore
    public var context = ContextBuilder()
    /// Called once the subject is stored: attaches new documents and returns the grounding built
    /// from all of the subject's documents (passages per subtopic, a syllabus outline), if any.
    public var prepareGrounding: (@Sendable (StoredSubject) async throws -> (any GroundingSource)?)?
    /// The embedder of gates that read meaning (`relevance`, `near-duplicate`); nil: they keep every item.
    public var embedder: (any Embedder)?

    public init(families: FamilySet, provider: any Provider, store: any KitStore & ClaimStore) {
        self.families = families
        self.provider = provider
        self.store = store
    }

    /// The same pipeline writing through `store` (a worker's writes under its lease).
    public func writing(to store: any KitStore & ClaimStore) -> Pipeline {
        var copy = Pipeline(families: families, provider: provider, store: store)
        copy.context = context
        copy.prepareGrounding = prepareGrounding
        copy.embedder = embedder
        return copy
    }

    public func run(
        _ request: SubjectRequest, options: PipelineOptions = PipelineOptions(),
        progress: @escaping @Sendable (ProgressEvent) -> Void = { _ in }
    ) async throws -> RunSummary {
        let title = SubjectTitle.normalized(request.title)
        guard !title.isEmpty else { throw PipelineError(description: "the subject title is empty; give a title such as \"Linear Algebra\"") }

        let existing = try await store.subject(titled: title)
        let notes = request.notes ?? existing?.notes ?? ""
        let classification = SubjectClassifier.classify(title: title, notes: notes)
        let kind = request.kind ?? (request.notes == nil ? existing?.kind : nil) ?? classification.kind
        let reason = request.kind != nil ? "set with --kind" : (kind == classification.kind ? classification.reason : "kept from the stored subject")
        progress(.classified(kind: kind, reason: reason))
        // Refused before anything is written.
        let subtopicFamilies = try Self.chosenFamilies(families.subtopicFamilies(for: kind), options.family, kind: kind)
        try Self.checkRewritable(options.rewrites, by: subtopicFamilies, kind: kind)
        let subject = try await store.upsertSubject(
            title: existing?.title ?? title, notes: notes, kind: kind,
            instructions: request.instructions ?? existing?.instructions ?? "")
        let grounding = try await prepareGrounding?(subject)
        let (facts, outlineUse) = SubjectFacts.forRun(
            title: subject.title, notes: subject.notes, kind: kind, instructions: subject.instructions, grounding: grounding,
            planFamily: families.planFamily(for: kind), maxTopics: options.maxTopics)

        var summary = RunSummary(
            subject: subject.title, kind: kind, language: facts.language, kindReason: reason,
            provider: provider.name, model: provider.model)
        var generator = Generator(provider: provider)
        generator.embedder = embedder
        summary.familyOrder = families.planFamily(for: kind).map { [$0.name] } ?? []

        // The plan: one run at a time generates it; the others wait and use it.
        let claims = WorkClaims(store: store, owner: WorkOwner.newRun())
        let heartbeat = claims.keepAlive()
        defer { heartbeat.cancel() }
        var topics = try await store.plan(subjectID: subject.id)
        if topics.isEmpty || options.regeneratePlan {
            guard let planFamily = families.planFamily(for: kind) else {
                throw PipelineError(description: "no plan family for \(kind.rawValue) subjects in the prompts folder; add one with `scope: plan`")
            }
            let work = WorkKey.plan(subjectID: subject.id)
            let claimed = try await claims.claim(
                work, onWait: { progress(.waitingForOtherRun(work: "the plan")) },
                settled: { options.regeneratePlan ? false : try await !store.plan(subjectID: subject.id).isEmpty })
            try await claims.holding(work, claimed: claimed) {
                // Claimed: another run may have stored a plan while this one waited for the claim.
                if claimed { topics = try await store.plan(subjectID: subject.id) }
                if claimed && (topics.isEmpty || options.regeneratePlan) {
                    // A document's outline is the plan (`OutlinePlan`); else the plan family writes one.
                    let outcome: GenerationOutcome
                    if let outlineUse, !facts.outline.isEmpty {
                        summary.outline = outlineUse
                        progress(.outlineFollowed(outlineUse))
                        outcome = OutlinePlan.outcome(facts.outline, planFamily: planFamily)
                    } else {
                        progress(.planStarted)
                        outcome = try await generator.run(
                            FamilyCall(planFamily, subject: facts, context: context),
                            onAttempt: { progress(.attempt(family: planFamily.name, subtopic: nil, attempt: $0.attempt)) })
                    }
                    guard case .plan(let plan)? = outcome.output else {
                        try await store.recordFailure(subjectID: subject.id, subtopicID: nil, generation: outcome.record)
                        summary.add(outcome, items: 0)
                        throw PipelineError(description: outcome.record.error ?? "the plan could not be generated")
                    }
                    topics = try await store.storePlan(
                        subjectID: subject.id, plan: plan, generation: outcome.record, replacing: options.regeneratePlan)
                    summary.add(outcome, items: outcome.output?.itemCount ?? 0)
                    progress(.planReady(topics: topics.count, subtopics: topics.reduce(0) { $0 + $1.subtopics.count }, generated: true))
                } else {
                    topics = try await store.plan(subjectID: subject.id)
                    summary.skip(planFamily.name)
                    progress(.planReady(topics: topics.count, subtopics: topics.reduce(0) { $0 + $1.subtopics.count }, generated: false))
                }
            }
        } else {
            summary.skip(families.planFamily(for: kind)?.name ?? "plan")
            progress(.planReady(topics: topics.count, subtopics: topics.reduce(0) { $0 + $1.subtopics.count }, generated: false))
        }
        if options.addDocumentSections, !options.regeneratePlan {
            let added = try await Self.addSections(facts.outline, to: topics, subjectID: subject.id, store: store)
            if added > 0 {
                topics = try await store.plan(subjectID: subject.id)
                progress(.planReady(topics: topics.count, subtopics: topics.reduce(0) { $0 + $1.subtopics.count }, generated: false))
            }
        }
        summary.topics = topics.map { PlanTopic(title: $0.title, overview: $0.overview, subtopics: $0.subtopics.map(\.title)) }
        if options.planOnly { return summary }

        // The subtopics in scope, in plan order.
        var work: [(topic: StoredTopic, subtopic: StoredSubtopic)] = []
        for topic in topics { for subtopic in topic.subtopics { work.append((topic, subtopic)) } }
        if let id = options.subtopicID {
            work = work.filter { $0.subtopic.id == id }
            if work.isEmpty { throw PipelineError(description: "subtopic #\(id) is no longer in the plan of “\(subject.title)” (it was planned again or deleted)") }
        } else if let name = options.subtopic {
            work = try Self.chosenSubtopic(name, in: work, subject: subject.title)
        } else if let limit = options.maxSubtopics {
            work = Array(work.prefix(max(0, limit)))
        } else if let count = options.nextSubtopics {
            let wanted = Set(subtopicFamilies.map(\.name))
            var incomplete: [(topic: StoredTopic, subtopic: StoredSubtopic)] = []
            for entry in work where incomplete.count < count {
                if try await !wanted.isSubset(of: store.completedFamilies(subtopicID: entry.subtopic.id)) { incomplete.append(entry) }
            }
            work = incomplete
        }
        let rewrites = Dictionary(grouping: options.rewrites, by: \.subtopicID)
        if !options.rewrites.isEmpty { work = work.filter { rewrites[$0.subtopic.id] != nil } }
        summary.subtopicsInScope = work.count

        var runner = SubtopicRunner(
            subjectID: subject.id, facts: facts, families: subtopicFamilies,
            lessonFamily: families.lessonFamily(for: kind)?.name, glossaryFamily: families.glossaryFamily(for: kind)?.name,
            generator: generator, store: store, context: context, grounding: grounding, claims: claims, progress: progress, total: work.count,
            regenerating: options.regenerate, rewrites: rewrites, stopRequested: options.stopRequested)
        if options.concurrency > 1 && work.count > 1 { runner.order = PlanOrder(count: work.count) }
        summary.familyOrder += runner.families.map(\.name)
        // Subtopics run side by side up to the concurrency limit; results merge in plan order.
        // A subtopic another run is generating is put off to a second pass, which waits for it.
        var reports = [[SubtopicRunner.Entry]](repeating: [], count: work.count)
        let deferred = try await Self.runSubtopics(
            Array(work.indices), of: work, with: runner, concurrency: options.concurrency, waiting: false, into: &reports)
        _ = try await Self.runSubtopics(
            deferred, of: work, with: runner, concurrency: options.concurrency, waiting: true, into: &reports)
        for entry in reports.joined() {
            switch entry {
            case .skipped(let family):
                summary.skip(family)
            case .generated(let outcome, let items):
                summary.add(outcome, items: items)
            case .discarded(let outcome):
                summary.add(outcome, items: 0, kept: false)
            case .failed(let outcome, let subtopic):
                summary.add(outcome, items: 0)
                summary.failures.append(RunFailure(family: outcome.record.family, subtopic: subtopic, error: outcome.record.error ?? "failed"))
            case .rewritten(let outcome, let items):
                summary.add(outcome, items: items.filter { $0.newKey != nil }.count)
                summary.rewrites += items
            }
        }
        return summary
    }

    /// Runs the subtopics at `indices` of `work`, `concurrency` at a time, filling `reports`;
    /// returns the indices put off because another run holds them (none when `waiting`).
    static func runSubtopics(
        _ indices: [Int], of work: [(topic: StoredTopic, subtopic: StoredSubtopic)], with runner: SubtopicRunner,
        concurrency: Int, waiting: Bool, into reports: inout [[SubtopicRunner.Entry]]
    ) async throws -> [Int] {
        try await withThrowingTaskGroup(of: (Int, [SubtopicRunner.Entry]?).self) { group in
            var deferred: [Int] = []
            var next = 0
            func startNext() {
                guard next < indices.count else { return }
                let index = indices[next]
                next += 1
                group.addTask {
                    (index, try await runner.run(work[index].topic, work[index].subtopic, index: index, waitForOtherRuns: waiting))
                }
            }
            for _ in 0..<max(1, concurrency) { startNext() }
            while let (index, entries) = try await group.next() {
                if let entries { reports[index] = entries } else { deferred.append(index) }
                startNext()
            }
            return deferred.sorted()
        }
    }

    /// The subtopic families of the run: all of them, or the one `--family` names.
    /// Adds the outline's subtopics the plan has no subtopic of (by title, case-insensitively)
    /// under their sections' topics; returns how many were added.
    static func addSections(_ outline: [PlanTopic], to topics: [StoredTopic], subjectID: Int64, store: any KitStore) async throws -> Int {
        var known = Set(topics.flatMap(\.subtopics).map { $0.title.lowercased() })
        var added = 0
        for section in outline {
            for subtopic in section.subtopics where known.insert(subtopic.lowercased()).inserted {
                _ = try await store.placeSubtopic(subjectID: subjectID, topic: section.title, subtopic: subtopic)
                added += 1
            }
        }
        return added
    }

    static func chosenFamilies(_ all: [PromptFamily], _ name: String?, kind: SubjectKind) throws -> [PromptFamily] {
        guard let name else { return all }
        if let family = all.first(where: { $0.name == name }) { return [family] }
        let names = all.map(\.name).joined(separator: ", ")
        throw PipelineError(description: "no subtopic family “\(name)” for \(kind.rawValue) subjects; the families are: \(names) (the plan is made again with --regenerate-plan)")
    }

    /// Refuses, before any call, leeches whose family is not in the run or declares no
    /// `rewrite:` template.
    static func checkRewritable(_ leeches: [Leech], by families: [PromptFamily], kind: SubjectKind) throws {
        for name in Set(leeches.map(\.family)).sorted() {
            let count = leeches.filter { $0.family == name }.count
            guard let family = families.first(where: { $0.name == name }) else {
                throw PipelineError(description: "\(count) leech\(count == 1 ? " is" : "es are") in family “\(name)”, which this run does not load for \(kind.rawValue) subjects; choose the families to rewrite with --family (\(families.map(\.name).joined(separator: ", ")))")
            }
            guard family.canRewrite(kind: kind) else {
                throw PipelineError(description: "family “\(name)” (\(family.file)) declares no `rewrite:` template, so its \(count) leech\(count == 1 ? "" : "es") cannot be written again; add one (Prompts/flashcards.yaml has an example) or leave the family out with --family")
            }
        }
    }

    /// The one subtopic `--subtopic` names, matched without regard to case and spacing.
    static func chosenSubtopic(
        _ name: String, in work: [(topic: StoredTopic, subtopic: StoredSubtopic)], subject: String
    ) throws -> [(topic: StoredTopic, subtopic: StoredSubtopic)] {
        let key = { (title: String) in SubjectTitle.normalized(title).lowercased() }
        let chosen = work.filter { key($0.subtopic.title) == key(name) }
        guard chosen.isEmpty else { return Array(chosen.prefix(1)) }
        let titles = work.map { "“\($0.subtopic.title)”" }.joined(separator: ", ")
        throw PipelineError(description: "no subtopic “\(name)” in the plan of “\(subject)”; its subtopics are: \(titles)")
    }

}
