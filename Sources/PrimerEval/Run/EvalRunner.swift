import Foundation
import PrimerCore

/// What the runner reports while it works.
public enum EvalEvent: Sendable {
    case started(cases: Int)
    case family(caseID: String, family: String)
    case caseFinished(caseID: String, done: Int, total: Int)
}

/// Runs a suite's cases through the families and a provider, scores each case, and builds the
/// report. Plan cases run the plan family; subtopic cases run the lesson first, then the other
/// families with the lesson in their context, as the pipeline does. Nothing is stored.
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
            suite: suite.name, label: label, provider: provider.name, model: provider.model, startedAt: startedAt,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            providerCalls: calls.value - hits, cacheHits: hits, repeatCount: max(1, repeatCount), families: used,
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
        let classification = SubjectClassifier.classify(title: evalCase.subject.title, notes: evalCase.subject.notes)
        let facts = SubjectFacts(
            title: evalCase.subject.title, notes: evalCase.subject.notes, kind: evalCase.subject.kind,
            language: evalCase.subject.kind == .language ? (classification.language ?? "") : "")
        let generator = Generator(provider: provider)
        var outputs = CaseOutputs()
        var result = EvalRunReport.CaseResult(id: evalCase.id, repetition: repetition, errors: [:], judge: [:])
        var judged: [(output: GeneratedOutput, kind: ContentKind)] = []
        for family in families(for: evalCase) {
            progress(.family(caseID: evalCase.id, family: family.name))
            var purpose = RequestPurpose(
                family: family.name, shape: family.shape, role: family.role, labels: family.labels, subjectKind: facts.kind, language: facts.language,
                subject: facts.title, subjectNotes: facts.notes)
            let values: [String: Any]
            var gateContext = GateContext(subject: facts.title, subjectKind: facts.kind)
            if let golden = evalCase.subtopic, evalCase.kind == .subtopic {
                purpose.topic = golden.topic
                purpose.subtopic = golden.subtopic
                purpose.siblings = golden.siblings
                values = context.values(subject: facts, subtopic: SubtopicFacts(
                    topic: golden.topic, subtopic: golden.subtopic, siblings: golden.siblings, notes: outputs.notes ?? ""))
                gateContext = GateContext(subject: facts.title, subjectKind: facts.kind, topic: golden.topic, subtopic: golden.subtopic, siblings: golden.siblings)
            } else {
                values = context.values(subject: facts)
            }
            let outcome = try await generator.run(family: family, kind: facts.kind, values: values, purpose: purpose, gateContext: gateContext)
            calls.add(outcome.providerCalls)
            outputs.generations[family.contentKind, default: []].append(outcome.record)
            if let output = outcome.output {
                outputs.set(output, kind: family.contentKind)
                judged.append((output, family.contentKind))
            } else {
                result.errors[family.name] = outcome.record.error ?? "failed"
            }
        }
        var scores = CaseScorer().score(evalCase, outputs: outputs)
        if let judge {
            for (output, kind) in judged {
                do {
                    let (score, _) = try await judge.score(evalCase, output: output, kind: kind)
                    scores.merge(score.metrics, into: kind)
                    result.judge[kind.rawValue] = score.rationale
                } catch {
                    result.judge[kind.rawValue] = "not judged: \(error)"
                }
            }
        }
        result.plan = outputs.plan
        result.notes = outputs.notes
        result.flashcards = outputs.flashcards
        result.quiz = outputs.quiz
        result.terms = outputs.terms
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
