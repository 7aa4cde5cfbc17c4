import PrimerCore

/// One family's part of a case: the content kind that picks its metrics, its accepted output
/// (nil when every attempt failed) and the provenance of its generations.
public struct FamilyOutput: Sendable, Equatable {
    public var family: String
    public var kind: ContentKind
    public var output: GeneratedOutput?
    public var generations: [GenerationRecord]

    public init(family: String, kind: ContentKind, output: GeneratedOutput?, generations: [GenerationRecord] = []) {
        self.family = family
        self.kind = kind
        self.output = output
        self.generations = generations
    }
}

/// What a run produced for one case: every family that ran, in the order it ran.
public struct CaseOutputs: Sendable, Equatable {
    public var families: [FamilyOutput]

    public init(_ families: [FamilyOutput] = []) {
        self.families = families
    }

    /// One family per kind, named after the kind (as the shipped families are); a kind with
    /// neither an output nor records did not run.
    public init(
        plan: Plan? = nil, notes: String? = nil, flashcards: [PairItem]? = nil, quiz: [ChoiceItem]? = nil,
        cloze: [ClozeItem]? = nil, terms: [PairItem]? = nil, generations: [ContentKind: [GenerationRecord]] = [:]
    ) {
        let outputs: [(ContentKind, GeneratedOutput?)] = [
            (.plan, plan.map(GeneratedOutput.plan)), (.lesson, notes.map(GeneratedOutput.lesson)),
            (.flashcards, flashcards.map(GeneratedOutput.pairs)), (.quiz, quiz.map(GeneratedOutput.choices)),
            (.cloze, cloze.map(GeneratedOutput.clozes)), (.terms, terms.map(GeneratedOutput.pairs)),
        ]
        families = outputs.compactMap { kind, output in
            let records = generations[kind] ?? []
            guard output != nil || !records.isEmpty else { return nil }
            return FamilyOutput(family: kind.rawValue, kind: kind, output: output, generations: records)
        }
    }

    /// The plan, when a plan family ran and was accepted.
    public var plan: Plan? {
        for family in families { if case .plan(let plan)? = family.output { return plan } }
        return nil
    }

    /// The lesson, when a lesson family ran and was accepted: later families read it.
    public var lesson: String? {
        for family in families where family.kind == .lesson { if case .lesson(let text)? = family.output { return text } }
        return nil
    }
}

/// Runs every deterministic scorer that applies to a case (no model calls; see `JudgeScorer`
/// for the judged scores, which the runner merges in with `CaseScores.merge`).
///
/// Per family that ran, by its content kind, under the family's name (metrics in
/// Evaluations/README.md; a `mnemonics` pair family gets the flashcard metrics as `mnemonics.*`):
/// - plan: `PlanCoverageScorer`;
/// - lesson: `lesson_term_coverage` (`TermScorer.coverage`) and `objective_coverage`
///   (`ReferenceScorer.objectiveCoverage`); the rest of a lesson's quality is the judge's;
/// - flashcards: `FlashcardScorer` + `leakage` + `ReferenceScorer`;
/// - quiz: `QuizScorer` + `leakage` + `ReferenceScorer`;
/// - terms: `TermScorer` + `leakage` + `reference_overlap`;
/// - cloze: `ClozeScorer` + `leakage` + `ReferenceScorer`;
/// - a registered shape (matching, ordering): `items`, `leakage` and `ReferenceScorer` over its
///   task and its whole text;
/// - every family: `GenerationStatsScorer` over its records, with `keptItems` = the output's
///   `itemCount` (0 when it failed).
/// A family that produced nothing scores the worst value of every quality metric it would have
/// had (`MetricDirection.worst`) and is listed in `CaseScores.failed`, so the aggregate counts
/// every case and `EvalScores.accepted` the accepted outputs only.
public struct CaseScorer: Sendable {
    public init() {}

    public func score(_ evalCase: EvalCase, outputs: CaseOutputs) -> CaseScores {
        var scores = CaseScores(caseID: evalCase.id, kind: evalCase.kind)
        for family in outputs.families {
            var metrics: MetricValues
            if let output = family.output {
                metrics = quality(family.kind, output, evalCase)
            } else {
                // Every case counts: a family that produced nothing scores the worst value of
                // each quality metric it would have had in this case.
                metrics = Self.worst(of: quality(family.kind, Self.oneItem(family.kind), evalCase))
                scores.failed.append(family.family)
            }
            if !family.generations.isEmpty {
                let kept = family.output?.itemCount ?? 0
                metrics.merge(GenerationStatsScorer().score(records: family.generations, keptItems: kept)) { $1 }
            }
            scores.merge(metrics, into: family.family)
        }
        return scores
    }

    /// The quality metrics of one family's output in this case.
    func quality(_ kind: ContentKind, _ output: GeneratedOutput, _ evalCase: EvalCase) -> MetricValues {
        let golden = evalCase.subtopic
        let scope = Self.scope(evalCase)
        let references = golden.map(ReferenceScorer.init)
        var metrics: MetricValues = [:]
        switch (kind, output) {
        case (.plan, .plan(let plan)):
            if let goldenPlan = evalCase.plan {
                metrics.merge(PlanCoverageScorer().score(plan: plan, golden: goldenPlan, subject: evalCase.subject.title).metrics) { $1 }
            }
        case (.lesson, .lesson(let lesson)):
            if let golden {
                metrics["lesson_term_coverage"] = TermScorer().coverage(lesson: lesson, golden: golden.terms)
                metrics["objective_coverage"] = references?.objectiveCoverage(lesson: lesson)
            }
        case (.flashcards, .pairs(let cards)):
            metrics.merge(FlashcardScorer().score(cards, subjectKind: evalCase.subject.kind).metrics) { $1 }
            metrics["leakage"] = scope?.leakage(cards: cards)
            metrics.merge(references?.score(cards.map { .init(prompt: $0.front, answer: $0.back) }) ?? [:]) { $1 }
        case (.quiz, .choices(let quiz)):
            metrics.merge(QuizScorer().score(quiz).metrics) { $1 }
            metrics["leakage"] = scope?.leakage(questions: quiz)
            metrics.merge(
                references?.score(quiz.map { .init(prompt: $0.question, answer: $0.choices.indices.contains($0.correctIndex) ? $0.choices[$0.correctIndex] : "") })
                    ?? [:]) { $1 }
        case (.cloze, .clozes(let cloze)):
            metrics.merge(ClozeScorer().score(cloze).metrics) { $1 }
            metrics["leakage"] = scope?.leakage(cloze.map { ClozeText.plain($0.text) })
            metrics.merge(references?.score(cloze.map { .init(prompt: ClozeText.plain($0.text), answer: "") }) ?? [:]) { $1 }
        case (.terms, .pairs(let terms)):
            metrics["items"] = Double(terms.count)
            if let golden, !golden.terms.isEmpty {
                metrics.merge(TermScorer().score(generated: terms, golden: golden.terms).metrics) { $1 }
            }
            metrics["leakage"] = scope?.leakage(cards: terms)
            // The terms family has its own recall and definition F1 (term against term).
            metrics["reference_overlap"] = references?.score(terms.map { .init(prompt: $0.front, answer: $0.back) })["reference_overlap"]
        case (_, .shaped(_, let items)):
            // A registered shape is scored by its fields: how many, off-scope leakage, and the
            // reference metrics over its task (prompt) and everything it says (answer).
            metrics["items"] = Double(items.count)
            let texts = items.map { item in (item.definition?.primaryText(item) ?? "", item.definition?.aboutText(item) ?? "") }
            metrics["leakage"] = scope?.leakage(texts.map(\.1))
            metrics.merge(references?.score(texts.map { .init(prompt: $0.0, answer: $0.1) }) ?? [:]) { $1 }
        default:
            break
        }
        return metrics
    }

    static func scope(_ evalCase: EvalCase) -> ScopeLeakageScorer? {
        evalCase.subtopic.map {
            ScopeLeakageScorer(subject: evalCase.subject.title, topic: $0.topic, subtopic: $0.subtopic, siblings: $0.siblings)
        }
    }

    /// An output of the kind with one item: scoring it names the metrics the kind has in a case
    /// (an empty one would leave out every rate, which is undefined over no items).
    static func oneItem(_ kind: ContentKind) -> GeneratedOutput {
        switch kind {
        case .plan: .plan(Plan(topics: [PlanTopic(title: "topic", subtopics: ["subtopic"])]))
        case .lesson: .lesson("lesson")
        case .flashcards, .terms: .pairs([PairItem(front: "front", back: "back")])
        case .quiz: .choices([ChoiceItem(question: "question", choices: ["a", "b", "c", "d"], correctIndex: 0, explanation: "why")])
        case .cloze: .clozes([ClozeItem(text: "a {{c1::note}}", extra: "")])
        default:
            .shaped(kind.shape, kind.shape.plugin.map { definition in
                var rng = SplitMix64(seed: 1)
                return Array(definition.sample(ShapeSampleRequest(subject: "subject", topic: "topic", subtopic: "subtopic"), rng: &rng).prefix(1))
            } ?? [])
        }
    }

    /// Each quality metric at its worst value (sizes left out).
    static func worst(of metrics: MetricValues) -> MetricValues {
        metrics.reduce(into: [:]) { result, entry in
            if let worst = MetricDirection.worst(metric: entry.key) { result[entry.key] = worst }
        }
    }
}
