import Foundation
import PrimerBatch
import PrimerCore
import PrimerGeneration

/// What `primer worker` asks for.
public struct WorkerRequest: Sendable {
    /// The provider for subjects whose batch named none; nil: the workspace's choice.
    public var provider: String?
    /// Tasks worked on side by side.
    public var concurrency: Int
    /// Seconds a task's lease holds without a heartbeat.
    public var lease: TimeInterval
    public var exitWhenEmpty: Bool

    public init(provider: String? = nil, concurrency: Int = 1, lease: TimeInterval = 30, exitWhenEmpty: Bool = false) {
        self.provider = provider
        self.concurrency = concurrency
        self.lease = lease
        self.exitWhenEmpty = exitWhenEmpty
    }
}

/// Batches shared by many workers (`primer batch --enqueue`, `primer worker`, `primer batch
/// status` and `retry`): the queue is the store's, and only a PostgreSQL store has one.
extension Workspace {
    /// Records the batch's subjects as queued work and returns at once. Everything that can be
    /// refused here is, before anything is queued: unknown providers, unreadable documents
    /// (attached now, so that workers on other machines read them from the store).
    public func enqueue(_ request: BatchRequest, name: String) async throws -> (batch: Int64, subjects: Int) {
        let queue = try await workQueue(for: "--enqueue")
        for name in Set(request.items.compactMap(\.provider) + [request.provider].compactMap { $0 }) {
            _ = try resolver.manifest(named: name)
        }
        for item in request.items where !item.documents.isEmpty {
            _ = try await attachDocuments(item.documents, to: item.title)
        }
        let subjects = request.items.map { item in
            QueuedSubject(
                title: item.title, notes: item.notes, kind: item.kind, instructions: item.instructions,
                provider: item.provider ?? request.provider, maxSubtopics: request.options.maxSubtopics,
                planOnly: request.options.planOnly, location: item.location)
        }
        return (try await queue.enqueueBatch(name: name, subjects: subjects, at: Date()), subjects.count)
    }

    /// Works on the shared queue until `stop` (or the queue is empty, when asked). A subject's
    /// provider is the one its batch named, else this worker's.
    public func work(
        _ request: WorkerRequest, stop: WorkerStop, progress: @escaping @Sendable (WorkerEvent) -> Void = { _ in }
    ) async throws -> WorkerReport {
        let queue = try await workQueue(for: "primer worker")
        let store = try await store()
        let defaultProvider = providerName(request.provider)
        // Refused before any claim: a worker that cannot run its own provider takes no task.
        _ = try families(forProvider: defaultProvider)
        _ = try provider(named: defaultProvider)
        // Families are read once per provider, not per task (reading them is YAML parsing).
        let familySets = FamilySets()
        let worker = QueueWorker(
            queue: queue, store: store, concurrency: request.concurrency, lease: request.lease, exitWhenEmpty: request.exitWhenEmpty
        ) { subject in
            let name = subject.provider ?? defaultProvider
            let families = try familySets.families(for: name) { try self.families(forProvider: name) }
            return try await self.pipeline(families: families, provider: try self.provider(named: name), documents: [])
        }
        return try await LocalServers.stoppingAfter { await worker.run(stop: stop, progress: progress) }
    }

    /// Where every batch of the queue stands, or the one with id `batch`.
    public func queueStatus(batch: Int64?) async throws -> [QueueStatus] {
        let statuses = try await workQueue(for: "primer batch status").queueStatus(batch: batch, at: Date())
        if let batch, statuses.isEmpty { throw WorkspaceError(.notFound, "no batch \(batch) in the queue; `primer batch status` lists them") }
        return statuses
    }

    /// Queues the failed tasks of `batch` (or of every batch) again; returns how many.
    public func retryFailed(batch: Int64?) async throws -> Int {
        if let batch { _ = try await queueStatus(batch: batch) }
        return try await workQueue(for: "primer batch retry").retryFailed(batch: batch)
    }

    /// The store's queue; a SQLite store has none, and says what to do instead.
    private func workQueue(for command: String) async throws -> any WorkQueue {
        guard let queue = try await store() as? any WorkQueue else {
            throw WorkspaceError(
                .invalid,
                "\(command) needs a PostgreSQL store (--store postgres://user@host:5432/db, PRIMER_STORE or `store:` in primer.yaml): the queue is shared by workers on many machines, which a SQLite file cannot serve. On one machine, run `primer batch FILE` without --enqueue")
        }
        return queue
    }
}

/// The prompt families a worker has read, by provider name.
private final class FamilySets: @unchecked Sendable {
    private let lock = NSLock()
    private var sets: [String: FamilySet] = [:]

    func families(for provider: String, load: () throws -> FamilySet) throws -> FamilySet {
        if let known = lock.withLock({ sets[provider] }) { return known }
        let loaded = try load()
        lock.withLock { sets[provider] = loaded }
        return loaded
    }
}
