import Foundation
import PrimerCore
import PrimerEval

/// What `primer eval agreement` found: each metric's agreement with the suite's hand labels.
public struct AgreementOutcome: Sendable {
    public var suite: EvalSuite
    public var labels: LabelSet
    public var file: URL
    public var agreements: [MetricAgreement]
    /// Outputs the judge could not score (its answer was unreadable), when a judge was asked.
    public var judgeFailures: Int
}

extension Workspace {
    /// Scores every hand-labelled output of a suite with the deterministic metrics (and the
    /// judge, through `judge`, when given; and the off-topic and near-duplicate rates with an
    /// embedder, `--embedder`) and measures how well each metric agrees with the labels.
    public func agreement(suite name: String, judge: String?) async throws -> AgreementOutcome {
        let suiteURL = suiteDirectory(name)
        let suite: EvalSuite
        let labels: LabelSet?
        do {
            suite = try EvalSuite.load(directory: suiteURL)
            labels = try LabelSet.load(suiteDirectory: suiteURL, suite: suite)
        } catch let error as EvalSuiteError { throw WorkspaceError("\(error)") }
        guard let labels else {
            throw WorkspaceError("suite '\(suite.name)' has no \(LabelSet.fileName): label outputs from a run by hand first (Evaluations/README.md says how)")
        }
        let judgeScorer = try judge.map { JudgeScorer(provider: try provider(named: $0)) }
        var meanings: MeaningScorer?
        if let embedder = try embedder() { meanings = MeaningScorer(embedder: CachingEmbedder(base: embedder, cache: try await store())) }
        return try await LocalServers.stoppingAfter {
            var scored: [Agreement.Scored] = []
            var judgeFailures = 0
            for entry in labels.labels {
                // `LabelSet.load` checked both.
                guard let evalCase = suite.cases.first(where: { $0.id == entry.caseID }), let (kind, output) = entry.output else { continue }
                let outputs = CaseOutputs([FamilyOutput(family: entry.family, kind: kind, output: output)])
                var scores = CaseScorer().score(evalCase, outputs: outputs)
                if let meanings {
                    for (family, metrics) in try await meanings.score(evalCase, outputs: outputs) { scores.merge(metrics, into: family) }
                }
                if let judgeScorer {
                    do {
                        scores.merge(try await judgeScorer.score(evalCase, output: output, kind: kind).score.metrics, into: entry.family)
                    } catch {
                        judgeFailures += 1
                    }
                }
                scored.append(Agreement.Scored(family: entry.family, label: entry.label, metrics: scores.families[entry.family] ?? [:]))
            }
            return AgreementOutcome(
                suite: suite, labels: labels, file: suiteURL.appendingPathComponent(LabelSet.fileName),
                agreements: Agreement.compute(scored), judgeFailures: judgeFailures)
        }
    }
}
