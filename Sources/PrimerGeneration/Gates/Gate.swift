import PrimerCore

/// What a gate may look at besides the output itself.
public struct GateContext: Sendable, Equatable {
    public var subject: String
    public var subjectKind: SubjectKind
    public var topic: String
    public var subtopic: String
    /// The other subtopics of the plan (same topic first); content about them is off-scope here.
    public var siblings: [String]
    /// The family's names for its items, for reasons; nil: the shape's defaults.
    public var labels: ItemLabels?
    /// The learner's notes and instructions (a plan must not copy them in as titles).
    public var notes: String
    public var instructions: String
    /// The subject's stored items an answer must not repeat (`near-duplicate`): every family's,
    /// learner-owned ones included, without those the family's new answer replaces.
    public var storedItems: [ItemContent] = []
    /// The texts of the numbered sources a question family's answer cites (`citations`): source
    /// `[n]` is `sources[n - 1]`.
    public var sources: [String] = []
    /// What the answer was written from, which its items' answers must be supported by
    /// (`support`): the subtopic's lesson and the passages of the learner's documents.
    public var lesson: String = ""
    public var passages: [GroundingPassage] = []
    /// Whether `support` holds items to the lesson even where its options read only documents
    /// (`documents_only`): set for a family that makes its items from the lesson's sentences when there is no document, so what the model writes when they fall
    /// short is held to the same lesson.
    public var heldToLesson = false
    /// Vectors of the answer's items, the subtopic and the stored items, when the run has an
    /// embedder and the chain reads meaning (`relevance`, `near-duplicate`).
    public var meanings: GateMeanings?
    public init(
        subject: String, subjectKind: SubjectKind = .general, topic: String = "",
        subtopic: String = "", siblings: [String] = [], labels: ItemLabels? = nil, notes: String = "", instructions: String = ""
    ) {
        self.labels = labels
        self.notes = notes
        self.instructions = instructions
        self.subject = subject
        self.subjectKind = subjectKind
        self.topic = topic
        self.subtopic = subtopic
        self.siblings = siblings
    }
}

/// The result of one gate: the output it keeps, the items it dropped (one reason each), and
/// reasons to reject the whole answer (which makes the generator retry with a reminder).
public struct GateVerdict: Sendable, Equatable {
    public var output: GeneratedOutput
    public var dropped: [String]
    public var rejections: [String]
    public init(output: GeneratedOutput, dropped: [String] = [], rejections: [String] = []) {
        self.output = output
        self.dropped = dropped
        self.rejections = rejections
    }
}

/// A small named check configured per family in YAML (`gates:` list). A gate either drops bad
/// items from the output or rejects the answer as a whole.
public protocol Gate: Sendable {
    /// The name used in YAML, e.g. `dedupe`, `count`.
    var name: String { get }
    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict
}
