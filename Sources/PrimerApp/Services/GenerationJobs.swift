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
/// owner), and followed by `jobEvents`.
///
/// The store is the queue, so several servers on one store share it: a server runs a job only
/// while it holds the job's claim (`WorkKey.job`, renewed by a heartbeat), and looks for jobs
/// to take every `poll`: new ones, and ones whose server stopped or died — a claim of a killed
/// process on this machine is taken at once, one from another machine when its heartbeat is
/// `staleAfter` old. The pipeline keeps what was stored and makes only the rest, so a job taken
/// over mid-way makes nothing twice. A follower of a job another server runs reads its progress
/// from the store.
public actor GenerationJobs: Service {
    private let workspace: Workspace
    private let store: any Store
    private let policy: ServerPolicy
    private let logger: Logger
    /// Jobs run at once on this server, whoever started them.
    private let slots: Int
    /// This server as the holder of job claims.
    private let owner = WorkOwner.newRun()
    static let poll: Duration = .seconds(1)
    static let heartbeat: Duration = .seconds(5)
    static let staleAfter: TimeInterval = 30
    private var running: [Int64: (subjectID: Int64, task: Task<Void, Never>)] = [:]
    private var listeners: [Int64: [UUID: Follower]] = [:]
    /// Starts in flight per owner, counted with the stored jobs against the policy's limits.
    private var starting: [SubjectOwner: Int] = [:]
    private var stopping = false
    /// One `takeJobs` at a time (it awaits the store between its checks and its start of a run);
    /// a call meanwhile asks the running one to look again.
    private var taking = false
    private var takeAgain = false
    /// Subjects deleted while this server ran: their jobs are not taken again before the
    /// store's delete removes them.
    private var deletedSubjects: Set<Int64> = []

    /// A client following a job, and the last progress line it was sent.
    private struct Follower {
        var continuation: AsyncStream<JobUpdate>.Continuation
        var last: String
    }

    init(workspace: Workspace, store: any Store, policy: ServerPolicy, logger: Logger, slots: Int = 2) {
        self.workspace = workspace
        self.store = store
        self.policy = policy
        self.logger = logger
        self.slots = slots
    }

    /// Takes the store's jobs (those a previous server left, those other servers cannot run,
    /// those started here) until the server shuts down, when the running jobs are cancelled and
    /// their claims released: they stay running in the store, for this or another server.
    public nonisolated func run() async throws {
        let store = store, owner = owner
        let heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.heartbeat)
                try? await store.renewClaims(of: owner)
            }
        }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await self.takeJobs()
                await self.followOtherServers()
                try? await Task.sleep(for: Self.poll)
            }
        }
        await stop()
        // After the runs have stopped: a run slow to see its cancellation keeps its claim.
        heartbeat.cancel()
    }

    /// Stores a job for the subject and takes it when this server has a free slot; refused (429)
    /// past the account's limits.
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
        Task { await self.takeJobs() }
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
        let first = job.message.isEmpty ? job.status.rawValue : job.message
        continuation.yield(JobUpdate(message: first))
        let id = UUID()
        listeners[job.id, default: [:]][id] = Follower(continuation: continuation, last: first)
        continuation.onTermination = { _ in Task { await self.stopListening(job.id, id) } }
        return stream
    }

    /// Cancels this server's runs of a deleted subject's jobs (their work has nowhere to go; the
    /// store deleted the jobs with the subject).
    public func cancel(subjectID: Int64) {
        deletedSubjects.insert(subjectID)
        for (id, run) in running where run.subjectID == subjectID {
            run.task.cancel()
            running[id] = nil
            release(id)
            endFollowing(id, "The job's subject was deleted.")
        }
        meter(queued: nil)
    }

    /// Ends the streams of a job's followers with a last line (the job has gone with its subject).
    private func endFollowing(_ jobID: Int64, _ message: String) {
        for follower in (listeners.removeValue(forKey: jobID) ?? [:]).values {
            follower.continuation.yield(JobUpdate(message: message))
            follower.continuation.finish()
        }
    }

    private func stopListening(_ jobID: Int64, _ id: UUID) {
        listeners[jobID]?[id] = nil
        if listeners[jobID]?.isEmpty == true { listeners[jobID] = nil }
    }

    /// Claims unfinished jobs, oldest first, while this server has free slots.
    private func takeJobs() async {
        guard !taking else {
            takeAgain = true
            return
        }
        taking = true
        defer { taking = false }
        repeat {
            takeAgain = false
            await takeJobsOnce()
        } while takeAgain && !stopping
    }

    private func takeJobsOnce() async {
        guard !stopping else { return }
        let unfinished: [GenerationJob]
        do { unfinished = try await store.unfinishedJobs() } catch {
            return logger.error("could not read the queued jobs: \(error)")
        }
        meter(queued: unfinished.filter { $0.status == .queued }.count)
        for job in unfinished where running.count < slots && running[job.id] == nil && !deletedSubjects.contains(job.subjectID) && !stopping {
            var claimed = false
            do {
                guard try await store.claim(.job(id: job.id), for: owner, staleAfter: Self.staleAfter) else { continue }
                claimed = true
                // Another server may have finished it since the list was read; this one may be
                // stopping, or the subject deleted, since.
                guard let fresh = try await store.job(id: job.id), !fresh.status.isFinished, !stopping,
                    !deletedSubjects.contains(job.subjectID), running[job.id] == nil
                else {
                    release(job.id)
                    continue
                }
                logger.info(fresh.status == .running ? "job \(job.id): running here, taking over where its last server stopped" : "job \(job.id): running here")
                running[job.id] = (job.subjectID, Task { await self.execute(fresh) })
            } catch {
                logger.error("job \(job.id): could not claim it: \(error)")
                if claimed { release(job.id) }
            }
        }
        meter(queued: nil)
    }

    /// Sends the followers of jobs other servers run what the store says of them.
    private func followOtherServers() async {
        for jobID in Array(listeners.keys) where running[jobID] == nil {
            let read: GenerationJob?
            do { read = try await store.job(id: jobID) } catch { continue }
            guard let job = read else {
                endFollowing(jobID, "The job's subject was deleted.")
                continue
            }
            if job.status.isFinished {
                publish(jobID, JobUpdate(message: job.message, finished: job))
                for follower in (listeners.removeValue(forKey: jobID) ?? [:]).values { follower.continuation.finish() }
            } else if !job.message.isEmpty {
                publish(jobID, JobUpdate(message: job.message))
            }
        }
    }

    /// The jobs queued in the store and running on this server (`/metrics`: `primer_jobs`).
    private func meter(queued: Int?) {
        if let queued { Gauge(label: "primer_jobs", dimensions: [("state", "queued")]).record(queued) }
        Gauge(label: "primer_jobs", dimensions: [("state", "running")]).record(running.count)
    }

    /// Gives up the job's claim, in a task of its own (a cancelled task's store call is refused).
    private func release(_ jobID: Int64) {
        let store = store, owner = owner
        Task.detached { try? await store.releaseClaim(.job(id: jobID), of: owner) }
    }

    private func stop() async {
        stopping = true
        let runs = running
        for run in runs.values { run.task.cancel() }
        for run in runs.values { await run.task.value }
        // Released, so another server takes them over at once instead of after `staleAfter`.
        let store = store, owner = owner
        for id in runs.keys { try? await Task.detached { try await store.releaseClaim(.job(id: id), of: owner) }.value }
        meter(queued: nil)
        // Event streams end with the server (without an `end`: the job is not done), so the
        // requests that follow them finish and the server can stop.
        for follower in listeners.values.flatMap(\.values) { follower.continuation.finish() }
        listeners.removeAll()
    }

    private func execute(_ job: GenerationJob) async {
        defer {
            if running[job.id] != nil {
                running[job.id] = nil
                release(job.id)
            }
            if !stopping { Task { await self.takeJobs() } }
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
        // No longer running here before anyone hears it ended: a scrape after the end event
        // must not count it running.
        if running[job.id] != nil {
            running[job.id] = nil
            release(job.id)
        }
        meter(queued: nil)
        var finished = job
        (finished.status, finished.message, finished.updatedAt) = (status, message, now)
        publish(job.id, JobUpdate(message: message, finished: finished))
        for follower in (listeners.removeValue(forKey: job.id) ?? [:]).values { follower.continuation.finish() }
    }

    /// Sends an update to the job's followers: a progress line only to those not sent it yet
    /// (a follower of another server's job hears of it from the store, maybe more than once).
    private func publish(_ jobID: Int64, _ update: JobUpdate) {
        guard var followers = listeners[jobID] else { return }
        for (id, follower) in followers where update.finished != nil || follower.last != update.message {
            follower.continuation.yield(update)
            followers[id]?.last = update.message
        }
        listeners[jobID] = followers
    }
}
