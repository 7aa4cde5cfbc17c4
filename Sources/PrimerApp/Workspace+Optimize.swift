import Foundation
import PrimerCore

extension Workspace {
    /// The scheduler for a subject: the FSRS parameters fitted to it (`study optimize "<subject>"`),
    /// else those fitted to the learner's whole log (`study optimize`), else primer.yaml's; the
    /// other settings (retention, steps, fuzz) always primer.yaml's.
    public func scheduler(forSubject title: String) async throws -> FSRSScheduler {
        guard let fitted = try await readingStore().fittedParametersInEffect(subjectTitle: title) else { return studyPolicy.scheduler }
        return studyPolicy.scheduler.with(parameters: fitted.parameters)
    }

    /// The scheduler of these fitted parameters; nil: primer.yaml's.
    func scheduler(parameters: [Double]?) -> FSRSScheduler {
        parameters.map(studyPolicy.scheduler.with(parameters:)) ?? studyPolicy.scheduler
    }

    /// As `scheduler(forSubject:)`, by id.
    public func scheduler(forSubjectID subjectID: Int64) async throws -> FSRSScheduler {
        guard let fitted = try await readingStore().fittedParameters(subjectID: subjectID) else { return try await learnerScheduler() }
        return studyPolicy.scheduler.with(parameters: fitted.parameters)
    }

    /// The scheduler of a subject without parameters of its own: the learner's fitted ones, else
    /// primer.yaml's.
    public func learnerScheduler() async throws -> FSRSScheduler {
        guard let fitted = try await readingStore().fittedParameters(subjectID: nil) else { return studyPolicy.scheduler }
        return studyPolicy.scheduler.with(parameters: fitted.parameters)
    }
}

extension FSRSScheduler {
    /// The same settings with other parameters (w0…w20).
    public func with(parameters: [Double]) -> FSRSScheduler {
        FSRSScheduler(
            parameters: parameters, desiredRetention: desiredRetention, learningSteps: learningSteps, relearningSteps: relearningSteps,
            maximumInterval: maximumInterval, fuzz: fuzz)
    }
}
