import Foundation
import PrimerCore
import PrimerGeneration

/// What the runner reports while it works.
public enum EvalEvent: Sendable {
    case started(cases: Int)
    case family(caseID: String, family: String)
    case caseFinished(caseID: String, done: Int, total: Int)
}

/// Runs a suite's cases through the families and a provider, scores each case, and builds the
/// report. Plan cases run the plan family; subtopic cases run the lesson first, then the other
/// families with the lesson in their context. Every request is the `FamilyCall` the pipeline
/// makes for the same subtopic state (defined terms and document passages included). Nothing is
/// stored.
public struct EvalRunner: Sendable {
    public var families: FamilySet
    public var provider: any Provider
    public var judge: JudgeScorer?
    /// Only these family names (nil: all the case lists).
    public var familyFilter: Set<String>?
    public var repeatCount = 1
    public var concurrency = 1
    public var label = ""
    public var context = ContextBuilder()
    /// The passages (and syllabus outline) of a case's documents; the front end reads the files.
    public var grounding: @Sendable (EvalCase) throws -> (any GroundingSource)? = { _ in nil }
    /// The embedder of gates that read meaning (`relevance`), as `generate --embedder` uses it;
    /// nil: they keep every item. Cached answers are judged again with it, so a run with and
    /// one without an embedder compare the gates on the same answers.
    public var embedder: (any Embedder)?
    /// The off-topic and near-duplicate rates (`MeaningScorer`), when the run has an embedder.
    public var meanings: MeaningScorer?

    public init(families: FamilySet, provider: any Provider) {
        self.families = families
        self.provider = provider
    }

    public func run(
        _ suite: EvalSuite, cases: [EvalCase], cacheHits: @escaping @Sendable () -> Int = { 0 },
        progress: @escaping @Sendable (EvalEvent) -> Void = { _ in }
    ) async throws -> EvalRunReport {
        let clock = ContinuousClock()
        let start = clock.now
        let startedAt = Date()
        let work = (1...max(1, repeatCount)).flatMap { repetition in cases.map { (repetition, $0) } }
        progress(.started(cases: work.count))
        let done = Counter()
        let calls = Counter()
        let results = try await withThrowingTaskGroup(of: (Int, CaseScores, EvalRunReport.CaseResult).self) { group in
            var results = [(CaseScores, EvalRunReport.CaseResult)?](repeating: nil, count: work.count)
            var next = 0
            func startNext() {
                guard next < work.count else { return }
                let index = next
                next += 1
                group.addTask {
                    let (scores, result) = try await runCase(work[index].1, repetition: work[index].0, calls: calls, progress: progress)
                    progress(.caseFinished(caseID: work[index].1.id, done: done.increment(), total: work.count))
                    return (index, scores, result)
                }
            }
            for _ in 0..<max(1, concurrency) { startNext() }
            while let (index, scores, result) = try await group.next() {
                results[index] = (scores, result)
                startNext()
            }
            return results.compactMap { $0 }
        }
        let elapsed = clock.now - start
        let hits = cacheHits()
        var used: [String: EvalRunReport.FamilyInfo] = [:]
        for family in families.families where familyFilter?.contains(family.name) ?? true {
            used[family.name] = .init(version: family.version, hash: family.contentHash, file: URL(fileURLWithPath: family.file).lastPathComponent)
        }
        return EvalRunReport(
            suite: suite.name, label: label, provider: provider.name, model: provider.model, embedder: embedder?.name, startedAt: startedAt,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            providerCalls: calls.value - hits, cacheHits: hits, repeatCount: max(1, repeatCount),
            splits: Dictionary(grouping: cases, by: \.split.rawValue).mapValues(\.count), families: used,
            thresholds: suite.thresholds, scores: EvalScores(suite: suite.name, cases: results.map(\.0)), cases: results.map(\.1))
    }

    /// The families a case runs, in pipeline order.
    func families(for evalCase: EvalCase) -> [PromptFamily] {
        let kind = evalCase.subject.kind
        let wanted = Set(evalCase.families)
        let candidates: [PromptFamily] = evalCase.kind == .plan
            ? families.planFamily(for: kind).map { [$0] } ?? []
            : families.subtopicFamilies(for: kind)
        return candidates.filter { wanted.contains($0.contentKind) && (familyFilter?.contains($0.name) ?? true) }
    }

    func runCase(_ evalCase: EvalCase, repetition: Int, calls: Counter, progress: @Sendable (EvalEvent) -> Void) async throws -> (CaseScores, EvalRunReport.CaseResult) {
        let source = try grounding(evalCase)
        let subject = evalCase.subject
        let (facts, outlineUse) = SubjectFacts.forRun(
            title: subject.title, notes: subject.notes, kind: subject.kind, instructions: subject.instructions, grounding: source,
            planFamily: families.planFamily(for: subject.kind))
        var passages: [GroundingPassage] = []
        if let part = evalCase.subtopic, let source {
            passages = try await source.passages(subject: facts.title, topic: part.topic, subtopic: part.subtopic)
        }
        var generator = Generator(provider: provider)
        generator.embedder = embedder
        // Each repetition is its own draw: a new seed at the provider, a new cache entry.
        generator.sample = repetition - 1
        var outputs = CaseOutputs()
        var result = EvalRunReport.CaseResult(id: evalCase.id, repetition: repetition, errors: [:], judge: [:])
        for family in families(for: evalCase) {
            progress(.family(caseID: evalCase.id, family: family.name))
            // The same call `generate` makes for a subtopic in this state: the lesson written
            // before the later families, the terms already defined, the document passages.
            let call = evalCase.subtopic.map { golden in
                FamilyCall(
                    family, subject: facts,
                    subtopic: SubtopicFacts(
                        topic: golden.topic, topicOverview: golden.topicOverview, subtopic: golden.subtopic, siblings: golden.siblings,
                        lesson: outputs.lesson ?? "", terms: golden.definedTerms, passages: passages),
                    context: context)
            } ?? FamilyCall(family, subject: facts, context: context)
            // A plan case with a document is planned from its outline, as `generate` does.
            let outcome = evalCase.kind == .plan && !facts.outline.isEmpty
                ? OutlinePlan.outcome(facts.outline, planFamily: family)
                : try await generator.run(call)
            calls.add(outcome.providerCalls)
            outputs.families.append(FamilyOutput(family: family.name, kind: family.contentKind, output: outcome.output, generations: [outcome.record]))
            if outcome.output == nil {
                result.errors[family.name] = outcome.record.error ?? "failed"
            }
        }
        var scores = CaseScorer().score(evalCase, outputs: outputs)
        scores.repetition = repetition
        if let golden = evalCase.subtopic {
            let support = SupportScorer(subtopic: golden.subtopic)
            for (family, metrics) in support.score(outputs, passages: passages) { scores.merge(metrics, into: family) }
            result.support = support.verdicts(outputs, passages: passages)
        }
        if let meanings {
            for (family, metrics) in try await meanings.score(evalCase, outputs: outputs) { scores.merge(metrics, into: family) }
        }
        if let judge {
            for family in outputs.families {
                guard let output = family.output else {
                    // Nothing to judge: the worst score on each criterion, as for every quality metric.
                    scores.merge(JudgeScore(accuracy: 1, scope: 1, clarity: 1, rationale: "").metrics, into: family.family)
                    continue
                }
                do {
                    let (score, _) = try await judge.score(evalCase, output: output, kind: family.kind)
                    scores.merge(score.metrics, into: family.family)
                    result.judge[family.family] = score.rationale
                } catch {
                    result.judge[family.family] = "not judged: \(error)"
                }
            }
        }
        result.plan = outputs.plan
        result.outline = outlineUse
        result.passages = passages.map(\.citation.title)
        result.content = outputs.families.compactMap { family in
            guard let output = family.output, case let items = ItemContent.items(of: output), !items.isEmpty else { return nil }
            let made = families.family(named: family.family)
            return KitContent(
                family: family.family, shape: output.shape, role: made?.role, labels: made?.labels,
                items: items.enumerated().map { KitItem(id: Int64($0.offset + 1), content: $0.element) })
        }
        return (scores, result)
    }
}

/// Cases finished so far, shared by the runner's tasks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() -> Int { add(1) }
    @discardableResult
    func add(_ amount: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += amount
        return count
    }
    var value: Int { add(0) }
}
