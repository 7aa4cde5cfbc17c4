import PrimerCore

/// What a run produced for one case: the accepted outputs (nil when the family failed or did not
/// run) and the provenance records of each family's generations.
public struct CaseOutputs: Sendable, Equatable {
    public var plan: Plan?
    public var notes: String?
    public var flashcards: [PairItem]?
    public var quiz: [ChoiceItem]?
    public var terms: [PairItem]?
    public var cloze: [ClozeItem]?
    /// Provenance per output kind (the runner knows which family made which kind: a grammar
    /// lesson is `.notes`).
    public var generations: [ContentKind: [GenerationRecord]]

    public init(
        plan: Plan? = nil, notes: String? = nil, flashcards: [PairItem]? = nil, quiz: [ChoiceItem]? = nil,
        terms: [PairItem]? = nil, generations: [ContentKind: [GenerationRecord]] = [:]
    ) {
        self.plan = plan
        self.notes = notes
        self.flashcards = flashcards
        self.quiz = quiz
        self.terms = terms
        self.generations = generations
    }

    /// Stores an accepted output in the slot of the family's kind.
    public mutating func set(_ output: GeneratedOutput, kind: ContentKind) {
        switch (output, kind) {
        case (.plan(let plan), _): self.plan = plan
        case (.lesson(let text), _): notes = text
        case (.pairs(let items), .terms): terms = items
        case (.pairs(let items), _): flashcards = items
        case (.choices(let questions), _): quiz = questions
        case (.clozes(let items), _): cloze = items
        }
    }

    /// The accepted output of a family, if any.
    public func output(_ kind: ContentKind) -> GeneratedOutput? {
        switch kind {
        case .plan: plan.map(GeneratedOutput.plan)
        case .notes: notes.map(GeneratedOutput.lesson)
        case .flashcards: flashcards.map(GeneratedOutput.pairs)
        case .quiz: quiz.map(GeneratedOutput.choices)
        case .terms: terms.map(GeneratedOutput.pairs)
        case .cloze: cloze.map(GeneratedOutput.clozes)
        }
    }
}

/// Runs every deterministic scorer that applies to a case (no model calls; see `JudgeScorer`
/// for the judged scores, which the runner merges in with `CaseScores.merge`).
///
/// Per family listed in the case (metrics in Evaluations/README.md):
/// - plan: `PlanCoverageScorer`;
/// - notes: `notes_term_coverage` (`TermScorer.coverage`); the rest of a lesson's quality is
///   the judge's;
/// - flashcards: `FlashcardScorer` + `leakage`;
/// - quiz: `QuizScorer` + `leakage`;
/// - terms: `TermScorer` + `leakage`;
/// - cloze: `ClozeScorer` + `leakage`;
/// - every family: `GenerationStatsScorer` over its records, with `keptItems` = the output's
///   `itemCount` (0 when it failed).
/// A family that produced nothing gets its generation stats only; its content metrics are
/// absent, so the aggregate is over the cases that produced something (`failure_rate` shows the rest).
public struct CaseScorer: Sendable {
    public init() {}

    public func score(_ evalCase: EvalCase, outputs: CaseOutputs) -> CaseScores {
        var scores = CaseScores(caseID: evalCase.id, kind: evalCase.kind)
        let golden = evalCase.subtopic
        let scope = golden.map {
            ScopeLeakageScorer(subject: evalCase.subject.title, topic: $0.topic, subtopic: $0.subtopic, siblings: $0.siblings)
        }
        for family in evalCase.families {
            var metrics: MetricValues = [:]
            switch family {
            case .plan:
                if let plan = outputs.plan, let goldenPlan = evalCase.plan {
                    metrics.merge(PlanCoverageScorer().score(plan: plan, golden: goldenPlan).metrics) { $1 }
                }
            case .notes:
                if let notes = outputs.notes, let golden {
                    metrics["notes_term_coverage"] = TermScorer().coverage(notes: notes, golden: golden.terms)
                }
            case .flashcards:
                if let cards = outputs.flashcards {
                    metrics.merge(FlashcardScorer().score(cards, subjectKind: evalCase.subject.kind).metrics) { $1 }
                    metrics["leakage"] = scope?.leakage(cards: cards)
                }
            case .quiz:
                if let quiz = outputs.quiz {
                    metrics.merge(QuizScorer().score(quiz).metrics) { $1 }
                    metrics["leakage"] = scope?.leakage(questions: quiz)
                }
            case .cloze:
                if let cloze = outputs.cloze {
                    metrics.merge(ClozeScorer().score(cloze).metrics) { $1 }
                    metrics["leakage"] = scope?.leakage(cloze.map { ClozeText.plain($0.text) })
                }
            case .terms:
                if let terms = outputs.terms {
                    metrics["items"] = Double(terms.count)
                    if let golden, !golden.terms.isEmpty {
                        metrics.merge(TermScorer().score(generated: terms, golden: golden.terms).metrics) { $1 }
                    }
                    metrics["leakage"] = scope?.leakage(cards: terms)
                }
            }
            if let records = outputs.generations[family], !records.isEmpty {
                let kept = outputs.output(family)?.itemCount ?? 0
                metrics.merge(GenerationStatsScorer().score(records: records, keptItems: kept)) { $1 }
            }
            scores.merge(metrics, into: family)
        }
        return scores
    }
}
