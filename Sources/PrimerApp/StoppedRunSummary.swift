import Foundation
import PrimerCore
import PrimerGeneration

/// What `generate --json` prints when the run stops on an error (a provider that refuses the
/// request, a plan that cannot be made): the fields of the usual summary as far as the run got —
/// counted from its progress events, the plan read back from the store — and `error`. A program
/// reading `--json` thus always gets one JSON object, and the exit status is still non-zero.
public struct StoppedRunSummary: Encodable, Sendable {
    var subject: String
    var kind: SubjectKind?
    var kindReason: String?
    var provider: String
    var model: String
    var topics: [PlanTopic] = []
    var providerCalls = 0
    var attempts = 0
    var promptTokens = 0
    var completionTokens = 0
    var cost: Double = 0
    /// Why the run stopped.
    var error: String

    /// Counts the attempts of a run from its progress events, for the summary of a run that stops.
    public final class Tally: @unchecked Sendable {
        public init() {}

        private let lock = NSLock()
        private var kind: SubjectKind?
        private var kindReason: String?
        private var attempts: [AttemptRecord] = []

        public func record(_ event: ProgressEvent) {
            lock.withLock {
                switch event {
                case .classified(let kind, let reason):
                    self.kind = kind
                    kindReason = reason
                case .attempt(_, _, let attempt):
                    attempts.append(attempt)
                default:
                    break
                }
            }
        }

        /// The summary of the run so far, stopped by `error`.
        public func summary(title: String, provider: any Provider, store: any KitStore, error: any Error) async -> StoppedRunSummary {
            let (kind, reason, attempts) = lock.withLock { (self.kind, kindReason, self.attempts) }
            var summary = StoppedRunSummary(
                subject: title, kind: kind, kindReason: reason, provider: provider.name, model: provider.model, error: "\(error)")
            if let stored = try? await store.subject(titled: title) {
                summary.subject = stored.title
                let topics = (try? await store.plan(subjectID: stored.id)) ?? []
                summary.topics = topics.map {
                    PlanTopic(title: $0.title, overview: $0.overview, subtopics: $0.subtopics.map(\.title))
                }
            }
            // Every attempt reached the provider (an attempt is counted once it was asked).
            summary.providerCalls = attempts.count
            summary.attempts = attempts.count
            summary.promptTokens = attempts.reduce(0) { $0 + $1.usage.promptTokens }
            summary.completionTokens = attempts.reduce(0) { $0 + $1.usage.completionTokens }
            // A cost that is not a finite, non-negative number is unknown, not part of the total.
            let total = attempts.compactMap(\.cost).filter { $0.isFinite && $0 >= 0 }.reduce(0, +)
            summary.cost = total.isFinite ? total : .greatestFiniteMagnitude
            return summary
        }
    }

    public func render() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
