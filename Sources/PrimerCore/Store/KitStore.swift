import Foundation

/// The kit and its provenance: subjects, plans, generated content, and the generations that made
/// them. Every write that stores content stores its provenance in the same transaction.
public protocol KitStore: Sendable {
    func subject(titled title: String) async throws -> StoredSubject?
    /// Creates the subject, or updates notes, kind and instructions of the one with this title.
    func upsertSubject(title: String, notes: String, kind: SubjectKind, instructions: String) async throws -> StoredSubject
    /// Topics and subtopics in plan order; empty when there is no plan yet.
    func plan(subjectID: Int64) async throws -> [StoredTopic]
    /// Stores the plan and records its generation, in one transaction. With `replacing`, the plan
    /// and everything under it is replaced; without, a plan another run stored first is kept
    /// (this one is recorded as discarded) and returned.
    func storePlan(subjectID: Int64, plan: Plan, generation: GenerationRecord, replacing: Bool) async throws -> [StoredTopic]
    /// Families whose content is stored for this subtopic (status ok).
    func completedFamilies(subtopicID: Int64) async throws -> Set<String>
    /// The subtopic titled `subtopic` under the topic titled `topic` (case-insensitively), appended
    /// to the plan when missing (where an import writes, and where a new document's sections
    /// join a plan); returns its id.
    func placeSubtopic(subjectID: Int64, topic: String, subtopic: String) async throws -> Int64
    /// Stores a family's accepted output for a subtopic with its provenance, in one transaction.
    /// Without `replacing`, stored content is never replaced: when another run stored this family
    /// first, its content is kept, this generation is recorded as discarded and the result is
    /// false. With `replacing` (`generate --regenerate`), the family's content is replaced; the
    /// earlier generations stay as provenance.
    @discardableResult
    func saveContent(
        subjectID: Int64, subtopicID: Int64, output: GeneratedOutput, generation: GenerationRecord, replacing: Bool
    ) async throws -> Bool
    /// Stores several families' accepted outputs for one subtopic, in the order given, in one
    /// transaction, each as `saveContent` stores it; returns its result for each. Outputs that
    /// are ready together cost one commit (the pipeline stores a subtopic's families that
    /// finished together this way).
    func saveContents(
        subjectID: Int64, subtopicID: Int64, _ outputs: [(output: GeneratedOutput, generation: GenerationRecord)], replacing: Bool
    ) async throws -> [Bool]
    /// Stores items written again for leeches with the generation that wrote them, in one
    /// transaction: each new item takes its leech's place, the leech is deleted with its memory
    /// (its review log stays), and the new item's provenance records the leech (its fields, its
    /// lapses and reviews as stored at that moment, the reason) and every item the leech itself
    /// replaced. A rewrite is stored only over the leech it was written from: a leech deleted,
    /// edited or rated since `Leech` was read is left alone. Returns one outcome per replacement.
    func rewriteItems(
        subjectID: Int64, subtopicID: Int64, replacements: [(leech: Leech, content: ItemContent)], generation: GenerationRecord
    ) async throws -> [RewriteOutcome]
    /// Records a failed generation (its attempts and error); stores no content.
    func recordFailure(subjectID: Int64, subtopicID: Int64?, generation: GenerationRecord) async throws
    /// The lesson `family` stored for a subtopic, if any (the pipeline names the family whose
    /// role is the lesson).
    func lesson(subtopicID: Int64, family: String) async throws -> String?
    /// The fronts `family` stored in the subtopics before `subtopicID` in plan order (the
    /// glossary family's terms), so a subtopic does not define them again. Earlier ones only:
    /// what a subtopic is written from does not depend on which subtopics finished first.
    func glossary(subjectID: Int64, family: String, before subtopicID: Int64) async throws -> [String]
    /// What a subtopic's generation starts from, read at once: its completed families, the
    /// lesson `lessonFamily` stored for it and the terms `glossaryFamily` stored before it
    /// (each as its own read gives it; nil family: none read).
    func subtopicStart(subjectID: Int64, subtopicID: Int64, lessonFamily: String?, glossaryFamily: String?) async throws -> SubtopicStart
    /// The items stored for the subject (no lessons), in kit order, for the `near-duplicate`
    /// gate: what a new answer must not repeat. With `seenFrom`, only what a run in plan order
    /// has stored when it reaches that subtopic — the earlier subtopics' items — and the
    /// learner's own items anywhere; nil: all.
    func subjectItems(subjectID: Int64, seenFrom subtopicID: Int64?) async throws -> [SubjectItem]
}

extension KitStore {
    /// Every item stored for the subject (no lessons), in kit order.
    public func subjectItems(subjectID: Int64) async throws -> [SubjectItem] {
        try await subjectItems(subjectID: subjectID, seenFrom: nil)
    }
}

/// One stored item of a subject as the `near-duplicate` gate reads it: where it is, which
/// family made it, whether the learner owns it (a regeneration keeps it), and its content.
public struct SubjectItem: Sendable, Equatable {
    public var subtopicID: Int64
    public var family: String
    public var learnerOwned: Bool
    public var content: ItemContent
    public init(subtopicID: Int64, family: String, learnerOwned: Bool, content: ItemContent) {
        self.subtopicID = subtopicID
        self.family = family
        self.learnerOwned = learnerOwned
        self.content = content
    }
}

extension KitStore {
    /// Stores a family's content unless another run stored it first (see the requirement).
    @discardableResult
    public func saveContent(subjectID: Int64, subtopicID: Int64, output: GeneratedOutput, generation: GenerationRecord) async throws -> Bool {
        try await saveContent(subjectID: subjectID, subtopicID: subtopicID, output: output, generation: generation, replacing: false)
    }

    /// One `saveContent` after another: for a store without a transaction of its own around
    /// several (a worker's, whose every write checks its lease).
    public func saveContents(
        subjectID: Int64, subtopicID: Int64, _ outputs: [(output: GeneratedOutput, generation: GenerationRecord)], replacing: Bool
    ) async throws -> [Bool] {
        var stored: [Bool] = []
        for (output, generation) in outputs {
            stored.append(try await saveContent(
                subjectID: subjectID, subtopicID: subtopicID, output: output, generation: generation, replacing: replacing))
        }
        return stored
    }

    /// The three reads one after another.
    public func subtopicStart(
        subjectID: Int64, subtopicID: Int64, lessonFamily: String?, glossaryFamily: String?
    ) async throws -> SubtopicStart {
        var start = SubtopicStart(completed: try await completedFamilies(subtopicID: subtopicID), lesson: nil, terms: [])
        if let lessonFamily { start.lesson = try await lesson(subtopicID: subtopicID, family: lessonFamily) }
        if let glossaryFamily { start.terms = try await glossary(subjectID: subjectID, family: glossaryFamily, before: subtopicID) }
        return start
    }

    /// Replaces the plan and everything under it (`--regenerate-plan`), in one transaction.
    public func replacePlan(subjectID: Int64, plan: Plan, generation: GenerationRecord) async throws -> [StoredTopic] {
        try await storePlan(subjectID: subjectID, plan: plan, generation: generation, replacing: true)
    }
}

/// What a subtopic's generation starts from (`KitStore.subtopicStart`).
public struct SubtopicStart: Sendable, Equatable {
    /// The families whose content is stored for the subtopic.
    public var completed: Set<String>
    /// The subtopic's stored lesson, if any.
    public var lesson: String?
    /// The glossary's terms of the subtopics before it, in plan order.
    public var terms: [String]
    public init(completed: Set<String>, lesson: String?, terms: [String]) {
        self.completed = completed
        self.lesson = lesson
        self.terms = terms
    }
}
