import Foundation
import Logging
import Metrics
import PrimerCore
import PrimerProviders
import ServiceLifecycle
import PrimerGeneration

/// One line of a running job's progress, as `jobEvents` sends it.
public struct JobUpdate: Sendable {
    public var message: String
    public var subtopic: String?
    public var family: String?
    /// Set on the last update: the finished job.
    public var finished: GenerationJob?

    init(message: String, subtopic: String? = nil, family: String? = nil, finished: GenerationJob? = nil) {
        (self.message, self.subtopic, self.family, self.finished) = (message, subtopic, family, finished)
    }
}

/// The generation jobs of `primer serve`: started by `startGeneration`, stored before they run,
/// run a few at a time through the application layer (`Workspace.generate`, as the account's
/// owner), and followed by `jobEvents`. A job the server did not finish (it was stopped or
/// killed) is still queued or running in the store, and runs again when the server starts: the
/// pipeline keeps what was stored and makes only the rest.
public actor GenerationJobs: Service {
    private let workspace: Workspace
    private let store: any Store
    private let policy: ServerPolicy
    private let logger: Logger
    /// Jobs run at once on this server, whoever started them.
    private let slots: Int
    private var running: [Int64: Task<Void, Never>] = [:]
    private var waiting: [GenerationJob] = []
    private var listeners: [Int64: [UUID: AsyncStream<JobUpdate>.Continuation]] = [:]
    /// Starts in flight per owner, counted with the stored jobs against the policy's limits.
    private var starting: [SubjectOwner: Int] = [:]
    private var stopping = false

    init(workspace: Workspace, store: any Store, policy: ServerPolicy, logger: Logger, slots: Int = 2) {
        self.workspace = workspace
        self.store = store
        self.policy = policy
        self.logger = logger
        self.slots = slots
    }

    /// Resumes the jobs a previous server left, then runs until the server shuts down, when the
    /// running jobs are cancelled: they stay running in the store, to be resumed.
    public nonisolated func run() async throws {
        let unfinished = try await store.unfinishedJobs()
        for job in unfinished { await enqueue(job) }
        if !unfinished.isEmpty { logger.info("resuming \(unfinished.count) unfinished generation job(s)") }
        try? await gracefulShutdown()
        await stop()
    }

    /// Stores a job for the subject and queues it; refused (429) past the account's limits.
    public func start(owner: SubjectOwner, subjectID: Int64, request: GenerationJobRequest) async throws -> GenerationJob {
        starting[owner, default: 0] += 1
        defer { starting[owner, default: 1] -= 1 }
        let counts = try await store.jobCounts(owner: owner, since: Date())
        let inFlight = (starting[owner] ?? 1) - 1
        if counts.unfinished + inFlight >= policy.concurrentJobs {
            throw RateLimited(
                "You have \(counts.unfinished + inFlight) generation(s) running (at most \(policy.concurrentJobs)); start this one when one is done.",
                retryAfter: 30)
        }
        // Counted when started, in the store: deleting the job's subject gives nothing back.
        let limits = AbuseLimits(store: store, policy: policy)
        let events = try await limits.admitJob(of: owner)
        let job: GenerationJob
        do { job = try await store.createJob(owner: owner, subjectID: subjectID, request: request, at: Date()) } catch {
            await limits.takeBack(events)
            throw error
        }
        enqueue(job)
        return job
    }

    /// The owner's job with this id; `.notFound` when there is none or it is another owner's.
    public func job(_ id: Int64, of owner: SubjectOwner) async throws -> GenerationJob {
        guard let job = try await store.job(id: id), job.owner == owner else { throw WorkspaceError(.notFound, "there is no job #\(id)") }
        return job
    }

    /// The job's updates from now on; a finished job sends its last update at once.
    public func updates(of job: GenerationJob) -> AsyncStream<JobUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: JobUpdate.self)
        // A server that is stopping answers a new follower at once: nothing will be published.
        if stopping {
            continuation.yield(JobUpdate(message: job.message.isEmpty ? job.status.rawValue : job.message))
            continuation.finish()
            return stream
        }
        if job.status.isFinished {
            continuation.yield(JobUpdate(message: job.message, finished: job))
            continuation.finish()
            return stream
        }
        continuation.yield(JobUpdate(message: job.message.isEmpty ? job.status.rawValue : job.message))
        let id = UUID()
        listeners[job.id, default: [:]][id] = continuation
        continuation.onTermination = { _ in Task { await self.stopListening(job.id, id) } }
        return stream
    }

    /// Cancels the jobs of a deleted subject (their work has nowhere to go).
    public func cancel(subjectID: Int64) {
        waiting.removeAll { $0.subjectID == subjectID }
        meter()
    }

    private func stopListening(_ jobID: Int64, _ id: UUID) {
        listeners[jobID]?[id] = nil
    }

    private func enqueue(_ job: GenerationJob) {
        guard !stopping else { return }
        waiting.append(job)
        startWaiting()
    }

    private func startWaiting() {
        while running.count < slots, !waiting.isEmpty, !stopping {
            let job = waiting.removeFirst()
            running[job.id] = Task { await self.execute(job) }
        }
        meter()
    }

    /// The jobs waiting for a slot and running on this server (`/metrics`: `primer_jobs`).
    private func meter() {
        Gauge(label: "primer_jobs", dimensions: [("state", "queued")]).record(waiting.count)
        Gauge(label: "primer_jobs", dimensions: [("state", "running")]).record(running.count)
    }

    private func stop() async {
        stopping = true
        waiting.removeAll()
        meter()
        let tasks = Array(running.values)
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        // Event streams end with the server (without an `end`: the job is not done), so the
        // requests that follow them finish and the server can stop.
        for continuation in listeners.values.flatMap(\.values) { continuation.finish() }
        listeners.removeAll()
    }

    private func execute(_ job: GenerationJob) async {
        defer {
            running[job.id] = nil
            startWaiting()
        }
        do {
            guard let subject = try await store.subject(id: job.subjectID) else {
                return await finish(job, .failed, "The subject was deleted before the job ran.")
            }
            try await store.updateJob(id: job.id, status: .running, message: "started", at: Date())
            publish(job.id, JobUpdate(message: "started"))
            let request = GenerateRequest(
                subject: SubjectRequest(title: subject.title, notes: subject.notes, kind: subject.kind, instructions: subject.instructions),
                provider: job.request.provider ?? policy.provider,
                options: Self.options(job.request))
            var outcome: (status: JobStatus, message: String)?
            for try await event in try await workspace.owned(by: job.owner).generate(request) {
                switch event {
                case .documentAttached(let line):
                    publish(job.id, JobUpdate(message: line))
                case .progress(let progress):
                    guard let update = JobProgressText.update(progress) else { continue }
                    try await store.updateJob(id: job.id, status: .running, message: update.message, at: Date())
                    publish(job.id, update)
                case .finished(let run):
                    // A run with failed families made the rest; starting it again completes it.
                    outcome = (run.succeeded ? .succeeded : .failed, JobProgressText.summary(run))
                }
            }
            // A cancelled run's events just end: the job stays running, to be resumed.
            if Task.isCancelled { return }
            let (status, message) = outcome ?? (.failed, "the generation ended without saying how; start it again")
            await finish(job, status, message)
        } catch {
            // A job cancelled because the server stops stays running in the store: the next
            // server resumes it.
            if Task.isCancelled { return }
            await finish(job, .failed, "\(error)")
        }
    }

    /// The pipeline's options for a job's request.
    static func options(_ request: GenerationJobRequest) -> PipelineOptions {
        var options = PipelineOptions(
            maxSubtopics: request.maxSubtopics, regeneratePlan: request.regeneratePlan ?? false, subtopic: request.subtopic,
            family: request.family, regenerate: request.regenerate ?? false)
        options.nextSubtopics = request.nextSubtopics
        options.addDocumentSections = request.addDocumentSections ?? false
        return options
    }

    private func finish(_ job: GenerationJob, _ status: JobStatus, _ message: String) async {
        let now = Date()
        do { try await store.updateJob(id: job.id, status: status, message: message, at: now) } catch {
            logger.error("job \(job.id): could not store its end: \(error)")
        }
        Counter(label: "primer_jobs_finished_total", dimensions: [("status", status.rawValue)]).increment()
        var finished = job
        (finished.status, finished.message, finished.updatedAt) = (status, message, now)
        publish(job.id, JobUpdate(message: message, finished: finished))
        for continuation in (listeners.removeValue(forKey: job.id) ?? [:]).values { continuation.finish() }
    }

    private func publish(_ jobID: Int64, _ update: JobUpdate) {
        for continuation in (listeners[jobID] ?? [:]).values { continuation.yield(update) }
    }
}
