import Foundation
import PrimerCore
import Yams

/// `study:` in primer.yaml: the scheduler's settings (py-fsrs's defaults when absent), the
/// score a quiz must reach and the lapses that make a leech.
///
/// ```yaml
/// study:
///   desired_retention: 0.9     # the recall probability reviews are scheduled for (0.7–0.99)
///   learning_steps: [1, 10]    # minutes between the first reviews of a new item
///   relearning_steps: [10]     # minutes between reviews of a forgotten item
///   maximum_interval: 36500    # days
///   fuzz: true                 # false: reproducible due dates
///   quiz_pass_percent: 70      # right answers a quiz needs to pass
///   leech_lapses: 8            # lapses that make an item a leech
/// ```
enum StudySettings {
    static let keys = [
        "desired_retention", "learning_steps", "relearning_steps", "maximum_interval", "fuzz", "quiz_pass_percent", "leech_lapses",
    ]

    static func parse(_ node: Node, file: URL) throws -> StudyPolicy {
        guard node.mapping != nil else {
            throw ProviderConfigError.badType(file: file.path, line: node.mark?.line, key: "study", expected: "a mapping of settings", got: ManifestSettings.show(node))
        }
        let reader = ManifestSettings(node: node, file: file, section: "study", line: node.mark?.line)
        try reader.rejectUnknownKeys(allowed: keys)
        var scheduler = FSRSScheduler()
        if let retention = try reader.double("desired_retention") {
            guard (0.7...0.99).contains(retention) else {
                throw ProviderConfigError.badValue(
                    file: file.path, line: reader.lineOf("desired_retention"), key: "study.desired_retention",
                    problem: "must be from 0.7 to 0.99, not \(retention); 0.9 asks for 90 % recall at each review")
            }
            scheduler.desiredRetention = retention
        }
        if let steps = try reader.intList("learning_steps", minimum: 1) { scheduler.learningSteps = steps.map { TimeInterval($0 * 60) } }
        if let steps = try reader.intList("relearning_steps", minimum: 1) { scheduler.relearningSteps = steps.map { TimeInterval($0 * 60) } }
        if let days = try reader.int("maximum_interval", minimum: 1) { scheduler.maximumInterval = days }
        if let fuzz = try reader.bool("fuzz") { scheduler.fuzz = fuzz }
        var policy = StudyPolicy(scheduler: scheduler)
        if let percent = try reader.int("quiz_pass_percent", minimum: 1) {
            guard percent <= 100 else {
                throw ProviderConfigError.badValue(
                    file: file.path, line: reader.lineOf("quiz_pass_percent"), key: "study.quiz_pass_percent",
                    problem: "must be from 1 to 100, not \(percent); 70 passes a quiz with 7 of 10 right")
            }
            policy.quizPassPercent = percent
        }
        if let lapses = try reader.int("leech_lapses", minimum: 1) { policy.leechLapses = lapses }
        return policy
    }
}
