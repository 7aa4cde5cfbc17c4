import PrimerCore

/// What the pipeline reports while it works, for a live progress line.
public enum ProgressEvent: Sendable {
    case classified(kind: SubjectKind, reason: String)
    case planStarted
    /// The plan is made from the documents' outline (the model is not asked); `OutlineUse`
    /// says what was left out of it and why.
    case outlineFollowed(OutlineUse)
    case planReady(topics: Int, subtopics: Int, generated: Bool)
    /// A family started for a subtopic; `step` of `total` steps of the run.
    case familyStarted(family: String, subtopic: String, step: Int, total: Int)
    case attempt(family: String, subtopic: String?, attempt: AttemptRecord)
    case familyFinished(family: String, subtopic: String, ok: Bool)
    /// Another run on the same store is generating this work (the plan, or a subtopic's
    /// families): this run waits for it instead of generating it twice.
    case waitingForOtherRun(work: String)
}
