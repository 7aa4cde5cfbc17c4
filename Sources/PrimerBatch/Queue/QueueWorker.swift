import Foundation
import PrimerCore
import PrimerGeneration

/// Asked by the signal handler, read by the worker: stop claiming, finish the calls in flight,
/// hand the rest back.
public final class WorkerStop: @unchecked Sendable {
    private let lock = NSLock()
    private var asked = false
    public init() {}
    public var requested: Bool { lock.withLock { asked } }
    public func request() { lock.withLock { asked = true } }
}

/// What a worker reports while it runs, for its log lines.
public enum WorkerEvent: Sendable {
    case claimed(QueueTask)
    /// The task ended: `outcome` says how; `subtopic` is its title (nil for a plan task).
    case finished(QueueTask, subtopic: String?, outcome: WorkerOutcome, seconds: Double, summary: RunSummary?)
    /// The queue could not be read or written (a database restart, a cut network); the worker
    /// tries again after `retryIn` seconds.
    case storeProblem(String, retryIn: Double)
}

public enum WorkerOutcome: Sendable, Equatable {
    case done
    /// Stored as failed, with why; `primer batch retry` queues it again.
    case failed(String)
    /// Handed back to the queue (the worker was told to stop).
    case released
    /// Another worker took the task over after this one's lease ran out; nothing was written.
    case leaseLost
}

/// What one worker did, when it stops.
public struct WorkerReport: Sendable, Equatable {
    public var done = 0
    public var failed = 0
    public var released = 0
    public var leaseLost = 0
    public var providerCalls = 0
    public var promptTokens = 0
    public var completionTokens = 0
}

/// A worker of the shared queue (`primer worker`): claims tasks — a subject's plan, or one
/// subtopic's families — `concurrency` at a time, runs each through the ordinary pipeline with
/// its results written under the task's lease, and renews its leases while it works. A worker
/// killed at any moment loses nothing: its leases run out (at once for a dead process on the same
/// host), another worker claims the tasks, and the pipeline makes only what is not stored.
public struct QueueWorker: Sendable {
    public var concurrency: Int
    /// Seconds a claim holds without a heartbeat; the heartbeat renews it every third of that.
    public var lease: TimeInterval
    /// Return once no task is queued or running anywhere, instead of waiting for more.
    public var exitWhenEmpty: Bool
    /// How long an idle worker waits before it asks again.
    public var idlePoll: Duration = .milliseconds(250)
    public let owner: WorkOwner
    let queue: any WorkQueue
    let store: any KitStore & ClaimStore
    let makePipeline: @Sendable (QueuedSubject) async throws -> Pipeline

    public init(
        queue: any WorkQueue, store: any KitStore & ClaimStore, concurrency: Int = 1, lease: TimeInterval = 30, exitWhenEmpty: Bool = false,
        owner: WorkOwner = .newRun(), makePipeline: @escaping @Sendable (QueuedSubject) async throws -> Pipeline
    ) {
        self.queue = queue
        self.store = store
        self.concurrency = concurrency
        self.lease = lease
        self.exitWhenEmpty = exitWhenEmpty
        self.owner = owner
        self.makePipeline = makePipeline
    }

    /// Works until `stop` is requested (then finishes the calls in flight and hands back the
    /// rest), until the task is cancelled, or with `exitWhenEmpty` until the queue is empty.
    public func run(stop: WorkerStop, progress: @escaping @Sendable (WorkerEvent) -> Void = { _ in }) async -> WorkerReport {
        let queue = queue, owner = owner, lease = lease
        // The heartbeat renews this worker's leases and ends those of dead workers on this
        // machine (a worker restarted after kill -9 takes its predecessor's tasks at once).
        let heartbeat = Task {
            while !Task.isCancelled {
                _ = try? await queue.expireLeases(onHost: owner.host, whereDead: { !WorkOwner.processIsAlive($0) }, at: Date())
                try? await Task.sleep(for: .seconds(lease / 3))
                try? await queue.renewLeases(of: owner, lease: lease, at: Date())
            }
        }
        defer { heartbeat.cancel() }
        return await withTaskGroup(of: WorkerReport.self) { group in
            for _ in 0..<max(1, concurrency) { group.addTask { await self.loop(stop: stop, progress: progress) } }
            var total = WorkerReport()
            for await report in group { total.add(report) }
            return total
        }
    }

    /// One slot: claim, run, repeat.
    private func loop(stop: WorkerStop, progress: @escaping @Sendable (WorkerEvent) -> Void) async -> WorkerReport {
        var report = WorkerReport()
        var backoff = 0.5
        while !stop.requested && !Task.isCancelled {
            do {
                guard let task = try await queue.claimTask(for: owner, lease: lease, at: Date()) else {
                    if exitWhenEmpty, try await !queue.hasOpenTasks() { break }
                    // Nothing to claim: a task may be held by a worker of this machine that died
                    // (kill -9); its lease ends now rather than at the next heartbeat.
                    if try await queue.expireLeases(onHost: owner.host, whereDead: { !WorkOwner.processIsAlive($0) }, at: Date()) > 0 {
                        continue
                    }
                    try? await Task.sleep(for: idlePoll)
                    continue
                }
                backoff = 0.5
                progress(.claimed(task))
                report.add(await run(task, stop: stop, progress: progress))
            } catch {
                if Task.isCancelled { break }
                progress(.storeProblem("\(error)", retryIn: backoff))
                try? await Task.sleep(for: .seconds(backoff))
                backoff = min(backoff * 2, 10)
            }
        }
        return report
    }

    /// Runs one task to its end, and says how it ended.
    private func run(_ task: QueueTask, stop: WorkerStop, progress: @escaping @Sendable (WorkerEvent) -> Void) async -> WorkerReport {
        let lease = TaskLease(task: task.id, worker: owner)
        let clock = ContinuousClock()
        let start = clock.now
        let subtopic = SubtopicName()
        var summary: RunSummary?
        let outcome: WorkerOutcome
        do {
            let pipeline = try await makePipeline(task.subject).writing(to: LeasedStore(base: store, queue: queue, lease: lease))
            var options = PipelineOptions(planOnly: task.subtopicID == nil)
            options.subtopicID = task.subtopicID
            options.stopRequested = { stop.requested }
            summary = try await pipeline.run(task.subject.request, options: options) { event in
                if case .familyStarted(_, let title, _, _) = event { subtopic.set(title) }
            }
            if task.subtopicID == nil {
                try await queue.finishPlanTask(lease, subtopics: try await subtopics(of: task.subject), at: Date())
                outcome = .done
            } else {
                let failures = summary?.failures.map { "\($0.family): \($0.error)" } ?? []
                let error = failures.isEmpty ? nil : failures.joined(separator: "; ")
                try await queue.finishTask(lease, error: error, at: Date())
                outcome = error.map(WorkerOutcome.failed) ?? .done
            }
        } catch StoreError.leaseLost {
            outcome = .leaseLost
        } catch {
            outcome = await ended(lease, by: error, stopping: stop.requested)
        }
        let seconds = Double((clock.now - start).components.seconds) + Double((clock.now - start).components.attoseconds) / 1e18
        progress(.finished(task, subtopic: subtopic.value, outcome: outcome, seconds: seconds, summary: summary))
        var report = WorkerReport()
        report.count(outcome)
        report.providerCalls = summary?.providerCalls ?? 0
        report.promptTokens = summary?.promptTokens ?? 0
        report.completionTokens = summary?.completionTokens ?? 0
        return report
    }

    /// The subtopics a finished plan queues: in plan order, the first `maxSubtopics` of them, none
    /// for a plan-only subject.
    private func subtopics(of subject: QueuedSubject) async throws -> [Int64] {
        guard !subject.planOnly, let stored = try await store.subject(titled: subject.title) else { return [] }
        let all = try await store.plan(subjectID: stored.id).flatMap { $0.subtopics.map(\.id) }
        return subject.maxSubtopics.map { Array(all.prefix(max(0, $0))) } ?? all
    }

    /// A task that ended with `error`: handed back when the worker is stopping or the store is
    /// out of reach (its lease runs out if even that fails), else stored as failed.
    private func ended(_ lease: TaskLease, by error: Error, stopping: Bool) async -> WorkerOutcome {
        let queue = queue
        let unavailable = (error as? StoreError)?.kind == .unavailable
        if stopping || Task.isCancelled || error is PipelineStopped || error is CancellationError || unavailable {
            // In a task of its own: a cancelled worker still hands its task back.
            await Task.detached { try? await queue.releaseTask(lease) }.value
            return .released
        }
        let message = "\(error)"
        do {
            try await queue.finishTask(lease, error: message, at: Date())
        } catch StoreError.leaseLost {
            return .leaseLost
        } catch {
            // The failure could not be stored: the lease runs out and another worker tries.
        }
        return .failed(message)
    }
}

/// The subtopic a task's pipeline works on, as its progress names it.
private final class SubtopicName: @unchecked Sendable {
    private let lock = NSLock()
    private var title: String?
    func set(_ title: String) { lock.withLock { self.title = title } }
    var value: String? { lock.withLock { title } }
}

extension WorkerReport {
    mutating func add(_ other: WorkerReport) {
        done += other.done
        failed += other.failed
        released += other.released
        leaseLost += other.leaseLost
        providerCalls += other.providerCalls
        promptTokens += other.promptTokens
        completionTokens += other.completionTokens
    }

    mutating func count(_ outcome: WorkerOutcome) {
        switch outcome {
        case .done: done += 1
        case .failed: failed += 1
        case .released: released += 1
        case .leaseLost: leaseLost += 1
        }
    }
}
