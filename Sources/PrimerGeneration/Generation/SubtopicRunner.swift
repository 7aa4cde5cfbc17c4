import Foundation
import PrimerCore

/// Runs the families of one subtopic in order (lesson first), skipping what is stored. Each
/// accepted output is stored with its provenance at once; a failure stores only its attempts.
struct SubtopicRunner: Sendable {
    enum Entry: Sendable {
        case skipped(family: String)
        case generated(GenerationOutcome, items: Int)
        /// Accepted, but another run stored this family first; its content was kept.
        case discarded(GenerationOutcome)
        case failed(GenerationOutcome, subtopic: String)
        /// Leeches written again (`generate --rewrite-leeches`).
        case rewritten(GenerationOutcome, [RewrittenItem])
    }

    let subjectID: Int64
    let facts: SubjectFacts
    let families: [PromptFamily]
    /// The families whose roles are the lesson and the glossary for this subject kind (read by
    /// role: no family name is special).
    let lessonFamily: String?
    let glossaryFamily: String?
    let generator: Generator
    let store: any KitStore & ClaimStore
    let context: ContextBuilder
    let grounding: (any GroundingSource)?
    let claims: WorkClaims
    let progress: @Sendable (ProgressEvent) -> Void
    /// Subtopics in the run, for step numbers.
    let total: Int
    /// Generate the families again and replace what is stored (`generate --regenerate`).
    var regenerating = false
    /// The leeches to write again, by subtopic id (`generate --rewrite-leeches`): only their
    /// families run, for the subtopics that have some.
    var rewrites: [Int64: [Leech]] = [:]
    /// `PipelineOptions.stopRequested`.
    var stopRequested: (@Sendable () -> Bool)? = nil
    /// The run's subtopics in plan order, when several run side by side: each reads what the
    /// ones before it stored only once they have (`PlanOrder`).
    var order: PlanOrder? = nil

    /// Generates what is missing of the subtopic at `index` of the run (see `runClaimed`), and
    /// tells the plan order it is done, however it ends.
    func run(_ topic: StoredTopic, _ subtopic: StoredSubtopic, index: Int, waitForOtherRuns: Bool) async throws -> [Entry]? {
        do {
            let entries = try await runClaimed(topic, subtopic, index: index, waitForOtherRuns: waitForOtherRuns)
            await order?.settle(index, .finished)
            return entries
        } catch {
            await order?.settle(index, .finished)
            throw error
        }
    }

    /// Generates what is missing of the subtopic, holding its claim. When another run holds
    /// the claim, returns nil at once, or with `waitForOtherRuns` waits for that run to finish.
    func runClaimed(_ topic: StoredTopic, _ subtopic: StoredSubtopic, index: Int, waitForOtherRuns: Bool) async throws -> [Entry]? {
        let work = WorkKey.subtopic(subtopicID: subtopic.id)
        if let leeches = rewrites[subtopic.id] {
            let claimed = waitForOtherRuns
                ? try await claims.claim(work, onWait: { progress(.waitingForOtherRun(work: subtopic.title)) }, settled: { false })
                : try await claims.tryClaim(work)
            if !claimed { return nil }
            let jobs = families.compactMap { family -> Job? in
                let own = leeches.filter { $0.family == family.name }
                return own.isEmpty ? nil : Job(family: family, leeches: own)
            }
            return try await claims.holding(work) { try await generate(topic, subtopic, index: index, jobs: jobs) }
        }
        let done = try await completed(subtopic)
        let missing = { (done: Set<String>) in families.contains { !done.contains($0.name) } }
        if missing(done) {
            let claimed: Bool
            if waitForOtherRuns {
                claimed = try await claims.claim(
                    work, onWait: { progress(.waitingForOtherRun(work: subtopic.title)) },
                    settled: { !missing(try await completed(subtopic)) })
            } else {
                claimed = try await claims.tryClaim(work)
                if !claimed { return nil }
            }
            return try await claims.holding(work, claimed: claimed) {
                // What another run stored before this one held the claim is not generated again;
                // read with the lesson and terms the families are written from (one read).
                let start = try await start(subtopic, index: index)
                return try await generate(
                    topic, subtopic, index: index, jobs: jobs(skipping: regenerating ? [] : start.completed), start: start)
            }
        }
        return try await generate(topic, subtopic, index: index, jobs: jobs(skipping: done))
    }

    private func jobs(skipping done: Set<String>) -> [Job] {
        families.map { Job(family: $0, skip: done.contains($0.name)) }
    }

    /// One family's turn in a subtopic: skipped (stored already), generated, or rewriting leeches.
    struct Job {
        var family: PromptFamily
        var skip = false
        var leeches: [Leech] = []
    }

    /// What the subtopic's families start from (`KitStore.subtopicStart`), read once the
    /// subtopics before it in the run have stored their terms (`PlanOrder`).
    private func start(_ subtopic: StoredSubtopic, index: Int) async throws -> SubtopicStart {
        if glossaryFamily != nil { await order?.waitForEarlier(index, .glossary) }
        return try await store.subtopicStart(
            subjectID: subjectID, subtopicID: subtopic.id, lessonFamily: lessonFamily, glossaryFamily: glossaryFamily)
    }

    /// The families stored for the subtopic that this run keeps (none when regenerating).
    private func completed(_ subtopic: StoredSubtopic) async throws -> Set<String> {
        regenerating ? [] : try await store.completedFamilies(subtopicID: subtopic.id)
    }

    /// What every family of one subtopic is written from: the stored subtopic, its place in the
    /// run, and its facts (passages, and the lesson and terms as stored when the first family ran).
    private struct Shared: Sendable {
        var subtopic: StoredSubtopic
        var index: Int
        var facts: SubtopicFacts
        /// The subject's stored items, read only when a family's gates compare with them.
        var storedItems: [SubjectItem] = []
    }

    /// Whether a family's gates read the subject's stored items: `near-duplicate`, with an
    /// embedder to read meaning.
    private var comparesStoredItems: Bool {
        generator.embedder != nil && families.contains { $0.gates.gates.contains { $0 is NearDuplicateGate } }
    }

    /// Runs the jobs: the lesson's first (every other family is written from it), then the
    /// others' calls side by side — they depend on nothing but the lesson, and the provider's
    /// limits (`limits.concurrent_requests`, a local server's slots) bound how many run at once.
    /// Whatever order the calls end in, their results are stored, their progress reported and
    /// their entries returned in plan order, so the store holds what a run one family at a time
    /// would (the same row order, and nothing after a fatal error).
    private func generate(
        _ topic: StoredTopic, _ subtopic: StoredSubtopic, index: Int, jobs: [Job], start: SubtopicStart? = nil
    ) async throws -> [Entry] {
        let passages = try await grounding?.passages(subject: facts.title, topic: topic.title, subtopic: subtopic.title) ?? []
        var shared = Shared(
            subtopic: subtopic, index: index,
            facts: SubtopicFacts(
                topic: topic.title, topicOverview: topic.overview, subtopic: subtopic.title,
                siblings: topic.subtopics.filter { $0.id != subtopic.id }.map(\.title), passages: passages))
        // Read when the first family runs, then kept: the lesson is followed in memory (only
        // this runner writes this subtopic's lesson, and what it stores is what it holds), and the
        // subject's terms are read once so the families share one context, byte-identical up to
        // the lesson (a server's prompt cache stays warm), even when other subtopics add terms.
        // What the subject holds is read as a run in plan order would find it: the terms and
        // items of the earlier subtopics, once they are stored (`PlanOrder`). The terms are
        // waited for before the lesson (every family's prompt holds them); the items only before
        // the families whose gates compare with them, so the next subtopic's lesson can be
        // written while this one's cards are.
        var read = false
        if let start {
            shared.facts.lesson = start.lesson ?? ""
            shared.facts.terms = start.terms
            read = true
        }
        func readShared() async throws {
            guard !read else { return }
            if glossaryFamily != nil { await order?.waitForEarlier(index, .glossary) }
            if let lessonFamily { shared.facts.lesson = try await store.lesson(subtopicID: subtopic.id, family: lessonFamily) ?? "" }
            if let glossaryFamily { shared.facts.terms = try await store.glossary(subjectID: subjectID, family: glossaryFamily, before: subtopic.id) }
            read = true
        }
        var readItems = false
        func readStoredItems() async throws {
            guard comparesStoredItems, !readItems else { return }
            await order?.waitForEarlier(index, .finished)
            shared.storedItems = try await store.subjectItems(subjectID: subjectID, seenFrom: subtopic.id)
            readItems = true
        }
        // The subtopics after this one wait for its terms: settled now when this run writes none.
        let glossaryJob = jobs.firstIndex { !$0.skip && $0.family.name == glossaryFamily }
        if glossaryJob == nil { await order?.settle(index, .glossary) }
        var entries: [Entry?] = Array(repeating: nil, count: jobs.count)
        let lessonJob = jobs.firstIndex { !$0.skip && $0.family.name == lessonFamily && $0.leeches.isEmpty }
        for (position, job) in jobs.enumerated() where job.skip { entries[position] = .skipped(family: job.family.name) }
        if let lessonJob {
            if stopRequested?() == true { throw PipelineStopped() }
            try await readShared()
            let outcome = try await call(jobs[lessonJob], shared, progress: progress)
            let (entry, lesson) = try await store(jobs[lessonJob], outcome, shared, progress: progress)
            entries[lessonJob] = entry
            if let lesson { shared.facts.lesson = lesson } else { read = false }  // another run's lesson was kept: read it again
        }
        let rest = jobs.indices.filter { !jobs[$0].skip && $0 != lessonJob }
        if !rest.isEmpty {
            if stopRequested?() == true { throw PipelineStopped() }
            try await readShared()
            try await readStoredItems()
            // The evidence every family's `support` gate and spans read, read here once: the
            // families run side by side, and two of them missing the memo at the same moment
            // each read it (1.8 times a subtopic, a tenth of Primer's own CPU a call).
            if !shared.facts.lesson.isEmpty || !shared.facts.passages.isEmpty {
                _ = ItemSupport.evidence(lesson: shared.facts.lesson, passages: shared.facts.passages)
            }
            let ordered = OrderedProgress(count: rest.count, forward: progress)
            let context = shared
            let finished = FinishedCalls()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (slot, position) in rest.enumerated() {
                    let job = jobs[position]
                    group.addTask { finished.add(slot, try await call(job, context, progress: { ordered.report(slot, $0) })) }
                }
                // Stored in plan order: each as soon as those before it are, and the ones that
                // finished together in one transaction (a commit each was a tenth of Primer's
                // own CPU a call).
                var next = 0
                while try await group.next() != nil {
                    let ready = finished.take(from: next)
                    guard !ready.isEmpty else { continue }
                    let first = next
                    try await store(
                        (first..<first + ready.count).map { jobs[rest[$0]] }, ready, context,
                        progress: { ordered.report(first + $0, $1) }
                    ) { offset, entry in
                        // Each one finished as soon as it is stored: a later one's fatal failure
                        // then reports its events live, after these.
                        let (slot, position) = (first + offset, rest[first + offset])
                        entries[position] = entry
                        if position == glossaryJob { await order?.settle(index, .glossary) }
                        ordered.finish(slot)
                    }
                    next += ready.count
                }
            }
        }
        return entries.compactMap { $0 }
    }

    /// One family's call (with its retries), and the passages it was grounded on as its sources.
    private func call(_ job: Job, _ shared: Shared, progress: @escaping @Sendable (ProgressEvent) -> Void) async throws -> GenerationOutcome {
        let family = job.family
        let subtopic = shared.subtopic
        let position = families.firstIndex { $0.name == family.name } ?? 0
        let step = shared.index * families.count + position + 1
        progress(.familyStarted(family: family.name, subtopic: subtopic.title, step: step, total: total * families.count))
        // The pipeline checked that every family with leeches can rewrite them.
        let asked = job.leeches.isEmpty ? family : family.rewriting(count: job.leeches.count, kind: facts.kind) ?? family
        var familyCall = FamilyCall(asked, subject: facts, subtopic: shared.facts, context: context, rewrites: job.leeches)
        // What this answer replaces is no repeat: the family's own generated items here, and the
        // leeches it writes again.
        familyCall.storedItems = shared.storedItems
            .filter { $0.learnerOwned || $0.subtopicID != subtopic.id || $0.family != family.name }.map(\.content)
            .filter { stored in !job.leeches.contains { $0.content == stored } }
        var outcome = try await generator.run(
            familyCall,
            onAttempt: { progress(.attempt(family: family.name, subtopic: subtopic.title, attempt: $0.attempt)) })
        // The passages that grounded the content are stored as its sources, and each item
        // keeps the ones it came from.
        let firstPassage = outcome.record.citations.count
        outcome.record.citations += shared.facts.passages.map(\.citation)
        if let output = outcome.output, !shared.facts.passages.isEmpty {
            outcome.record.itemSources = PassageMatch.sources(for: ItemContent.items(of: output), passages: shared.facts.passages)
                .map { $0.map { $0 + firstPassage } }
        }
        // Each item keeps the statement that supports it: "from ch05.md, p. 3".
        if let output = outcome.output, output.shape != .lesson, !shared.facts.lesson.isEmpty || !shared.facts.passages.isEmpty {
            // The evidence the `support` gate read for this subtopic, not read again.
            let evidence = ItemSupport.evidence(lesson: shared.facts.lesson, passages: shared.facts.passages)
            outcome.record.itemSpans = ItemContent.items(of: output).map { item in
                ItemSupport.claim(of: item)
                    .flatMap { ItemSupport.span(of: $0, in: evidence) }
                    .map { ItemSupport.citation($0, passages: shared.facts.passages) }
            }
        }
        return outcome
    }

    /// Results stored in their order: the outputs in a row that only need storing (no rewrites,
    /// no failures) in one transaction, every other result on its own. `stored` is told of each
    /// (its index here, its entry) once it is stored, in order.
    private func store(
        _ jobs: [Job], _ outcomes: [GenerationOutcome], _ shared: Shared, progress: @escaping @Sendable (Int, ProgressEvent) -> Void,
        stored: (Int, Entry) async -> Void
    ) async throws {
        var start = 0
        while start < jobs.count {
            var end = start
            while end < jobs.count, jobs[end].leeches.isEmpty, outcomes[end].output != nil { end += 1 }
            if end - start > 1 {
                let saved = try await store.saveContents(
                    subjectID: subjectID, subtopicID: shared.subtopic.id,
                    (start..<end).map { (outcomes[$0].output!, outcomes[$0].record) }, replacing: regenerating)
                for (offset, kept) in saved.enumerated() {
                    let slot = start + offset
                    progress(slot, .familyFinished(family: jobs[slot].family.name, subtopic: shared.subtopic.title, ok: true))
                    await stored(slot, kept ? .generated(outcomes[slot], items: outcomes[slot].output!.itemCount) : .discarded(outcomes[slot]))
                }
                start = end
            } else {
                let slot = start
                await stored(slot, try await store(jobs[slot], outcomes[slot], shared, progress: { progress(slot, $0) }).0)
                start += 1
            }
        }
    }

    /// One family's result stored: its content, its rewrites or its failure. Returns the entry,
    /// and the lesson's body when this family stored the lesson.
    private func store(
        _ job: Job, _ outcome: GenerationOutcome, _ shared: Shared, progress: @Sendable (ProgressEvent) -> Void
    ) async throws -> (Entry, String?) {
        let family = job.family
        let subtopic = shared.subtopic
        defer { progress(.familyFinished(family: family.name, subtopic: subtopic.title, ok: outcome.output != nil)) }
        if let output = outcome.output, !job.leeches.isEmpty {
            let written = ItemContent.items(of: output)
            let outcomes = try await store.rewriteItems(
                subjectID: subjectID, subtopicID: subtopic.id, replacements: Array(zip(job.leeches, written)), generation: outcome.record)
            let rewritten = zip(job.leeches, zip(written, outcomes)).map { leech, new in
                switch new.1 {
                case .stored(let itemID, let reason):
                    RewrittenItem(
                        replacedKey: leech.key, newKey: ItemKey.of(itemID), family: family.name, subtopic: subtopic.title,
                        reason: reason, before: leech.content, after: new.0)
                case .leftAlone(let conflict):
                    RewrittenItem(
                        replacedKey: leech.key, newKey: nil, leftAlone: conflict, family: family.name, subtopic: subtopic.title,
                        reason: leech.reason, before: leech.content, after: new.0)
                }
            }
            return (.rewritten(outcome, rewritten), nil)
        }
        if let output = outcome.output {
            guard try await store.saveContent(
                subjectID: subjectID, subtopicID: subtopic.id, output: output, generation: outcome.record, replacing: regenerating)
            else { return (.discarded(outcome), nil) }
            let lesson: String? = if case .lesson(let body) = output, family.name == lessonFamily { body } else { nil }
            return (.generated(outcome, items: output.itemCount), lesson)
        }
        try await store.recordFailure(subjectID: subjectID, subtopicID: subtopic.id, generation: outcome.record)
        if outcome.fatal {
            // Another call would fail the same way (bad key, bad request): stop the run.
            throw PipelineError(description: "\(outcome.record.error ?? "the provider refused the request"). Stopped; everything generated so far is stored. Fix the problem and run the same command again.")
        }
        return (.failed(outcome, subtopic: subtopic.title), nil)
    }
}

/// The calls of a subtopic that have finished, by slot, until the runner stores them.
private final class FinishedCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Int: GenerationOutcome] = [:]

    func add(_ slot: Int, _ outcome: GenerationOutcome) { lock.withLock { outcomes[slot] = outcome } }

    /// The finished calls from `slot` on with no gap, taken out.
    func take(from slot: Int) -> [GenerationOutcome] {
        lock.withLock {
            var taken: [GenerationOutcome] = []
            while let outcome = outcomes.removeValue(forKey: slot + taken.count) { taken.append(outcome) }
            return taken
        }
    }
}
