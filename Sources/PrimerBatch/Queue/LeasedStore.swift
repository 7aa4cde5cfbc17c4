import Foundation
import PrimerCore

/// The store as a worker's pipeline sees it while it holds a task: reads and claims go to the
/// store, and every result (a family's content or its failure) is written through the queue
/// under the task's lease, in the transaction that checks it. A worker whose lease ran out and
/// whose task another worker took writes nothing (`StoreError.leaseLost`).
struct LeasedStore: KitStore, ClaimStore {
    let base: any KitStore & ClaimStore
    let queue: any WorkQueue
    let lease: TaskLease

    func saveContent(
        subjectID: Int64, subtopicID: Int64, output: GeneratedOutput, generation: GenerationRecord, replacing: Bool
    ) async throws -> Bool {
        // A worker never regenerates; `replacing` is for `generate --regenerate`.
        guard !replacing else { throw StoreError.invalidWrite("a queued task does not replace stored content") }
        return try await queue.saveContent(lease, subjectID: subjectID, subtopicID: subtopicID, output: output, generation: generation)
    }

    func recordFailure(subjectID: Int64, subtopicID: Int64?, generation: GenerationRecord) async throws {
        try await queue.recordFailure(lease, subjectID: subjectID, subtopicID: subtopicID, generation: generation)
    }

    func placeSubtopic(subjectID: Int64, topic: String, subtopic: String) async throws -> Int64 {
        // A queued task generates a subtopic of a plan made before it was queued.
        throw StoreError.invalidWrite("a queued task does not add to the plan")
    }

    // Everything else is the store's.
    func subject(titled title: String) async throws -> StoredSubject? { try await base.subject(titled: title) }
    func upsertSubject(title: String, notes: String, kind: SubjectKind, instructions: String) async throws -> StoredSubject {
        try await base.upsertSubject(title: title, notes: notes, kind: kind, instructions: instructions)
    }
    func plan(subjectID: Int64) async throws -> [StoredTopic] { try await base.plan(subjectID: subjectID) }
    func storePlan(subjectID: Int64, plan: Plan, generation: GenerationRecord, replacing: Bool) async throws -> [StoredTopic] {
        try await base.storePlan(subjectID: subjectID, plan: plan, generation: generation, replacing: replacing)
    }
    func completedFamilies(subtopicID: Int64) async throws -> Set<String> { try await base.completedFamilies(subtopicID: subtopicID) }
    func rewriteItems(
        subjectID: Int64, subtopicID: Int64, replacements: [(leech: Leech, content: ItemContent)], generation: GenerationRecord
    ) async throws -> [RewriteOutcome] {
        try await base.rewriteItems(subjectID: subjectID, subtopicID: subtopicID, replacements: replacements, generation: generation)
    }
    func lesson(subtopicID: Int64, family: String) async throws -> String? { try await base.lesson(subtopicID: subtopicID, family: family) }
    func glossary(subjectID: Int64, family: String, before subtopicID: Int64) async throws -> [String] {
        try await base.glossary(subjectID: subjectID, family: family, before: subtopicID)
    }
    func subtopicStart(subjectID: Int64, subtopicID: Int64, lessonFamily: String?, glossaryFamily: String?) async throws -> SubtopicStart {
        try await base.subtopicStart(subjectID: subjectID, subtopicID: subtopicID, lessonFamily: lessonFamily, glossaryFamily: glossaryFamily)
    }
    func subjectItems(subjectID: Int64, seenFrom subtopicID: Int64?) async throws -> [SubjectItem] {
        try await base.subjectItems(subjectID: subjectID, seenFrom: subtopicID)
    }
    func claim(_ work: WorkKey, for owner: WorkOwner, staleAfter: TimeInterval) async throws -> Bool {
        try await base.claim(work, for: owner, staleAfter: staleAfter)
    }
    func renewClaims(of owner: WorkOwner) async throws { try await base.renewClaims(of: owner) }
    func releaseClaim(_ work: WorkKey, of owner: WorkOwner) async throws { try await base.releaseClaim(work, of: owner) }
}
