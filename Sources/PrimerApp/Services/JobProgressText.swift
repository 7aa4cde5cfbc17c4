import PrimerCore
import PrimerGeneration

/// A generation's progress events and summary as the short lines a job shows its client.
enum JobProgressText {
    /// The line for an event, nil for events a client need not see (each attempt).
    static func update(_ event: ProgressEvent) -> JobUpdate? {
        switch event {
        case .classified(let kind, _):
            JobUpdate(message: "a \(kind.rawValue) subject")
        case .planStarted:
            JobUpdate(message: "planning")
        case .outlineFollowed(let use):
            JobUpdate(message: "the plan follows the document's outline (\(use.topics) topics)")
        case .planReady(let topics, let subtopics, _):
            JobUpdate(message: "plan: \(topics) topics, \(subtopics) subtopics")
        case .familyStarted(let family, let subtopic, let step, let total):
            JobUpdate(message: "\(step)/\(total) \(family): \(subtopic)", subtopic: subtopic, family: family)
        case .familyFinished(let family, let subtopic, let ok):
            JobUpdate(message: "\(family): \(subtopic) \(ok ? "done" : "failed")", subtopic: subtopic, family: family)
        case .waitingForOtherRun(let work):
            JobUpdate(message: "waiting for another run making \(work)")
        case .attempt:
            nil
        }
    }

    /// What a finished run made, and what failed.
    static func summary(_ run: RunSummary) -> String {
        let made = run.familyOrder.compactMap { family -> String? in
            guard let summary = run.families[family], summary.items > 0 else { return nil }
            return "\(family) \(summary.items)"
        }
        var line = "done: " + (made.isEmpty ? "nothing new" : made.joined(separator: ", "))
        if !run.failures.isEmpty {
            line += "; failed: " + run.failures.map { "\($0.family)\($0.subtopic.map { " (\($0))" } ?? ""): \($0.error)" }.joined(separator: "; ")
        }
        return line
    }
}
