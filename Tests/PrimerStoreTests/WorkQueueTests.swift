import Foundation
import PrimerCore
import PrimerPostgres
import PrimerTestSupport
import Testing

/// The PostgreSQL work queue (`WorkQueue`) at the store: claims never hand one task to two
/// workers, a lease that ran out passes the task on, and a worker that lost its task writes
/// nothing — neither content nor a failure — and cannot finish it.
@Suite struct WorkQueueTests {
    static func store() async throws -> PostgresStore {
        try await PostgresStore.open(try PostgresURL(try await PostgresTestServer.shared.newDatabase(), environment: [:]))
    }

    static let worker1 = WorkOwner(id: "worker-1", host: "host-a", pid: 1)
    static let worker2 = WorkOwner(id: "worker-2", host: "host-b", pid: 2)

    @Test func concurrentClaimsHandEachTaskToOneWorker() async throws {
        let store = try await Self.store()
        defer { store.close() }
        let subjects = (0..<40).map { QueuedSubject(title: "Subject \($0)") }
        _ = try await store.enqueueBatch(name: "b", subjects: subjects, at: Date())
        // 8 workers claim at once until the queue is empty.
        let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for n in 0..<8 {
                group.addTask {
                    var mine: [Int64] = []
                    let owner = WorkOwner(id: "w\(n)", host: "h", pid: Int32(100 + n))
                    while let task = try await store.claimTask(for: owner, lease: 30, at: Date()) { mine.append(task.id) }
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(claimed.count == 40 && Set(claimed).count == 40)
    }

    @Test func aLostLeaseWritesNothingAndCannotFinish() async throws {
        let store = try await Self.store()
        defer { store.close() }
        _ = try await store.enqueueBatch(name: "b", subjects: [QueuedSubject(title: "Cells")], at: Date())
        let subject = try await store.upsertSubject(title: "Cells", notes: "", kind: .general, instructions: "")
        let topics = try await store.storePlan(subjectID: subject.id, plan: samplePlan, generation: generation("plan"), replacing: false)
        let subtopic = topics[0].subtopics[0]

        // Worker 1 claims the plan task with a lease of 1 s and goes silent.
        let start = Date()
        let first = try #require(try await store.claimTask(for: Self.worker1, lease: 1, at: start))
        #expect(try await store.claimTask(for: Self.worker2, lease: 30, at: start) == nil, "a held task is not claimed")
        // Its lease runs out; worker 2 claims it (again from the start: tries 2).
        let later = start.addingTimeInterval(2)
        let second = try #require(try await store.claimTask(for: Self.worker2, lease: 30, at: later))
        #expect(second.id == first.id && second.tries == 2)

        // Worker 1 comes back: every write for the task is refused, and nothing of it is stored.
        let stale = TaskLease(task: first.id, worker: Self.worker1)
        let cards = GeneratedOutput.pairs([PairItem(front: "Membrane", back: "A boundary")])
        await #expect(throws: StoreError.leaseLost(task: first.id)) {
            _ = try await store.saveContent(stale, subjectID: subject.id, subtopicID: subtopic.id, output: cards, generation: generation("flashcards"))
        }
        await #expect(throws: StoreError.leaseLost(task: first.id)) {
            try await store.recordFailure(stale, subjectID: subject.id, subtopicID: subtopic.id, generation: generation("quiz", status: .failed))
        }
        await #expect(throws: StoreError.leaseLost(task: first.id)) { try await store.finishTask(stale, error: nil, at: later) }
        await #expect(throws: StoreError.leaseLost(task: first.id)) { try await store.finishPlanTask(stale, subtopics: [subtopic.id], at: later) }
        #expect(try await store.completedFamilies(subtopicID: subtopic.id).isEmpty)
        #expect(try await store.generations(subjectTitle: "Cells").count == 1, "only the plan's generation")

        // Worker 2 holds it: its result and the finished plan (with its subtopic task) are stored.
        let current = TaskLease(task: first.id, worker: Self.worker2)
        #expect(try await store.saveContent(current, subjectID: subject.id, subtopicID: subtopic.id, output: cards, generation: generation("flashcards")))
        try await store.finishPlanTask(current, subtopics: [subtopic.id], at: later)
        let next = try #require(try await store.claimTask(for: Self.worker1, lease: 30, at: later))
        #expect(next.subtopicID == subtopic.id && next.subject.title == "Cells")
        let status = try #require(try await store.queueStatus(batch: nil, at: later).first)
        #expect(status.tasks == QueueStatus.Counts(running: 1, done: 1) && status.subjects == QueueStatus.Counts(running: 1))
    }

    @Test func deadWorkersOnThisHostLoseTheirLeasesAtOnce() async throws {
        let store = try await Self.store()
        defer { store.close() }
        _ = try await store.enqueueBatch(name: "b", subjects: [QueuedSubject(title: "A"), QueuedSubject(title: "B")], at: Date())
        let now = Date()
        _ = try #require(try await store.claimTask(for: Self.worker1, lease: 300, at: now))
        _ = try #require(try await store.claimTask(for: Self.worker2, lease: 300, at: now))
        // Only host-a's worker with pid 1 is dead: its task alone is claimable again.
        #expect(try await store.expireLeases(onHost: "host-a", whereDead: { $0 == 1 }, at: now) == 1)
        let again = try #require(try await store.claimTask(for: WorkOwner(id: "worker-3", host: "host-a", pid: 3), lease: 30, at: now))
        #expect(again.subject.title == "A" && again.tries == 2)
        #expect(try await store.claimTask(for: WorkOwner(id: "worker-3", host: "host-a", pid: 3), lease: 30, at: now) == nil)
    }
}
