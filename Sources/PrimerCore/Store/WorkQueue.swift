import Foundation

/// A subject of an enqueued batch (`primer batch FILE --enqueue`), with the options every worker
/// runs it with. Documents are attached to the subject when it is enqueued, so a worker on
/// another machine reads them from the store, not from a path.
public struct QueuedSubject: Sendable, Equatable, Codable {
    public var title: String
    public var notes: String?
    public var kind: SubjectKind?
    public var instructions: String?
    /// The provider the batch file or `--provider` named; nil: the worker's own.
    public var provider: String?
    public var maxSubtopics: Int?
    public var planOnly: Bool
    /// Where the subject is in its batch file, for status lines.
    public var location: String

    public init(
        title: String, notes: String? = nil, kind: SubjectKind? = nil, instructions: String? = nil, provider: String? = nil,
        maxSubtopics: Int? = nil, planOnly: Bool = false, location: String = ""
    ) {
        self.title = title
        self.notes = notes
        self.kind = kind
        self.instructions = instructions
        self.provider = provider
        self.maxSubtopics = maxSubtopics
        self.planOnly = planOnly
        self.location = location
    }

    public var request: SubjectRequest {
        SubjectRequest(title: title, notes: notes, kind: kind, instructions: instructions)
    }

    /// As the store keeps it (`queue_tasks.request`): JSON with sorted keys.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    public static func decode(_ json: String) throws -> QueuedSubject {
        do { return try JSONDecoder().decode(QueuedSubject.self, from: Data(json.utf8)) } catch {
            throw StoreError.invalidWrite("a queued subject the store cannot read: \(json.prefix(200))")
        }
    }
}

/// One unit of queued work a worker claims: a subject's plan, or the families of one subtopic
/// of a planned subject. Subtopic tasks are what spread one large subject over many workers.
public struct QueueTask: Sendable, Equatable {
    public var id: Int64
    public var batchID: Int64
    public var subject: QueuedSubject
    /// Nil for the plan task; the stored subtopic otherwise.
    public var subtopicID: Int64?
    /// Claims of this task so far, this one included.
    public var tries: Int

    public init(id: Int64, batchID: Int64, subject: QueuedSubject, subtopicID: Int64?, tries: Int) {
        self.id = id
        self.batchID = batchID
        self.subject = subject
        self.subtopicID = subtopicID
        self.tries = tries
    }
}

/// A task held by a worker. Every write a worker makes for the task names its lease, and the
/// store refuses it (`StoreError.leaseLost`) once another worker has taken the task over.
public struct TaskLease: Sendable, Equatable {
    public var task: Int64
    public var worker: WorkOwner

    public init(task: Int64, worker: WorkOwner) {
        self.task = task
        self.worker = worker
    }
}

/// Where one enqueued batch stands, across every worker (`primer batch status`).
public struct QueueStatus: Sendable, Equatable, Codable {
    public struct Counts: Sendable, Equatable, Codable {
        public var queued = 0
        public var running = 0
        public var done = 0
        public var failed = 0
        public var total: Int { queued + running + done + failed }
        public init(queued: Int = 0, running: Int = 0, done: Int = 0, failed: Int = 0) {
            self.queued = queued
            self.running = running
            self.done = done
            self.failed = failed
        }
    }

    public struct Failure: Sendable, Equatable, Codable {
        public var subject: String
        /// Nil when the plan failed.
        public var subtopic: String?
        public var error: String
        public init(subject: String, subtopic: String?, error: String) {
            self.subject = subject
            self.subtopic = subtopic
            self.error = error
        }
    }

    public var batch: Int64
    public var name: String
    public var enqueuedAt: Date
    /// Per subject: done when its plan and every subtopic task are done; failed when one failed
    /// and nothing is left to run; running when a task of it runs; else queued.
    public var subjects: Counts
    /// Per task (plans and subtopics).
    public var tasks: Counts
    /// Workers holding a task of this batch now (`host:pid`).
    public var workers: [String]
    /// Tasks finished in the last minute, and the seconds left at that rate (nil: no rate yet).
    public var finishedLastMinute: Int
    public var etaSeconds: Double?
    public var failures: [Failure]

    public init(
        batch: Int64, name: String, enqueuedAt: Date, subjects: Counts, tasks: Counts, workers: [String], finishedLastMinute: Int,
        etaSeconds: Double?, failures: [Failure]
    ) {
        self.batch = batch
        self.name = name
        self.enqueuedAt = enqueuedAt
        self.subjects = subjects
        self.tasks = tasks
        self.workers = workers
        self.finishedLastMinute = finishedLastMinute
        self.etaSeconds = etaSeconds
        self.failures = failures
    }
}

/// The queue of batch work that many workers share (`primer batch --enqueue`, `primer worker`):
/// tasks in a table, claimed with `FOR UPDATE SKIP LOCKED`, held with leases that the worker's
/// heartbeat renews. A lease that runs out (a killed worker, a cut network) lets another worker
/// claim the task again; the idempotent pipeline then makes only what is missing.
public protocol WorkQueue: Sendable {
    /// Records the subjects as one batch of plan tasks, queued; returns the batch's id.
    func enqueueBatch(name: String, subjects: [QueuedSubject], at date: Date) async throws -> Int64
    /// Claims the next task (queued, or running with a lease run out), oldest batch and earliest
    /// subject first, so a planned subject's subtopics come before the next subject's plan.
    func claimTask(for worker: WorkOwner, lease: TimeInterval, at date: Date) async throws -> QueueTask?
    /// Extends the leases of every task `worker` holds.
    func renewLeases(of worker: WorkOwner, lease: TimeInterval, at date: Date) async throws
    /// Ends the leases of running tasks whose worker, on `host`, is no longer alive, so they are
    /// claimed at once instead of after their lease; returns how many.
    func expireLeases(onHost host: String, whereDead isDead: @Sendable (Int32) -> Bool, at date: Date) async throws -> Int
    /// Marks a plan task done and queues one task per subtopic in `subtopics`, in one transaction.
    func finishPlanTask(_ lease: TaskLease, subtopics: [Int64], at date: Date) async throws
    /// Marks the task done, or failed with `error`.
    func finishTask(_ lease: TaskLease, error: String?, at date: Date) async throws
    /// Puts the task back in the queue (a worker stopping before it finished it).
    func releaseTask(_ lease: TaskLease) async throws
    /// Stores a family's output for the task's subtopic only while `lease` holds, in the same
    /// transaction as the lease check (see `KitStore.saveContent`).
    func saveContent(
        _ lease: TaskLease, subjectID: Int64, subtopicID: Int64, output: GeneratedOutput, generation: GenerationRecord
    ) async throws -> Bool
    /// Records a failed generation only while `lease` holds (see `KitStore.recordFailure`).
    func recordFailure(_ lease: TaskLease, subjectID: Int64, subtopicID: Int64?, generation: GenerationRecord) async throws
    /// Whether any task of any batch is queued or running (a worker told to exit when the queue
    /// is empty waits while other workers' plans may still add subtopic tasks).
    func hasOpenTasks() async throws -> Bool
    /// Every batch (newest last), or the one with id `batch`.
    func queueStatus(batch: Int64?, at date: Date) async throws -> [QueueStatus]
    /// Queues the failed tasks of `batch` (or of every batch) again; returns how many.
    func retryFailed(batch: Int64?) async throws -> Int
}
