import Foundation
import PrimerCore

extension Workspace {
    /// The scheduler for a subject: the FSRS parameters fitted to it (`study optimize "<subject>"`),
    /// else those fitted to the learner's whole log (`study optimize`), else primer.yaml's; the
    /// other settings (retention, steps, fuzz) always primer.yaml's.
    public func scheduler(forSubject title: String) async throws -> FSRSScheduler {
        guard let subject = try await readingStore().subject(titled: title) else { return studyPolicy.scheduler }
        return try await scheduler(forSubjectID: subject.id)
    }

    /// As `scheduler(forSubject:)`, by id.
    public func scheduler(forSubjectID subjectID: Int64) async throws -> FSRSScheduler {
        let store = try await readingStore()
        let configured = studyPolicy.scheduler
        var fitted = try await store.fittedParameters(subjectID: subjectID)
        if fitted == nil { fitted = try await store.fittedParameters(subjectID: nil) }
        guard let fitted else { return configured }
        return FSRSScheduler(
            parameters: fitted.parameters, desiredRetention: configured.desiredRetention, learningSteps: configured.learningSteps,
            relearningSteps: configured.relearningSteps, maximumInterval: configured.maximumInterval, fuzz: configured.fuzz)
    }
}
