import Foundation

/// Requests of one kind that arrive while others are being answered, answered together: a
/// statement a batch where each request alone takes its own. What a statement costs PostgreSQL
/// and the server whatever its rows (a round trip, starting a plan, a commit and its WAL flush)
/// is then paid once a batch — group commit, for reads and writes alike: at load (64 learners at
/// once) PostgreSQL rated 2.4 times as many cards a second (BENCHMARKS.md (ag)). A request made
/// when none waits is a batch of one, answered at once.
///
/// Up to `concurrent` batches are answered at once, each of up to `largest` requests. Two and
/// 32 by default: with four batches at once (half the pool) PostgreSQL's backends and the server
/// contended on two cores (3,300 ratings a second and a p99 of 35 ms against 4,000 and 26 ms;
/// `next`'s p99 44–77 ms against 35–37), and a batch of 64 `next`s kept its last ones waiting
/// (BENCHMARKS.md (ag)). A request with a `key` (a rating's item) joins no batch while another
/// of that key is being answered, so one server's batches never wait on each other's rows. `run`
/// answers a batch, an outcome a request in order; a request whose outcome is `again` goes first
/// into the next batch, up to `attempts` times, then fails with `exhausted`.
final class StatementBatches<Job: Sendable, Answer: Sendable>: @unchecked Sendable {
    enum Outcome: Sendable {
        case answered(Answer)
        case failed(Error)
        /// What it read changed before its write: read and answered again.
        case again
    }

    private struct Waiting {
        let job: Job
        let done: CheckedContinuation<Answer, Error>
        var attempts = 0
    }

    private let concurrent: Int
    private let largest: Int
    private let attempts: Int
    private let key: @Sendable (Job) -> Int64?
    private let exhausted: @Sendable (Job) -> Error
    private let run: @Sendable ([Job]) async -> [Outcome]

    private let lock = NSLock()
    // Guarded by `lock`.
    private var waiting: [Waiting] = []
    private var busyKeys: Set<Int64> = []
    private var running = 0

    init(
        concurrent: Int = 2, largest: Int = 32, attempts: Int = 1, key: @escaping @Sendable (Job) -> Int64? = { _ in nil },
        exhausted: @escaping @Sendable (Job) -> Error = { _ in CancellationError() }, run: @escaping @Sendable ([Job]) async -> [Outcome]
    ) {
        self.concurrent = concurrent
        self.largest = largest
        self.attempts = attempts
        self.key = key
        self.exhausted = exhausted
        self.run = run
    }

    /// Answers `job` with the next batch.
    func answer(_ job: Job) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            let start = lock.withLock {
                waiting.append(Waiting(job: job, done: continuation))
                guard running < concurrent else { return false }
                running += 1
                return true
            }
            if start { Task { await self.drain() } }
        }
    }

    /// Answers batches while requests wait. A runner whose requests all wait for keys being
    /// answered stops: the runner answering those keys takes them next.
    private func drain() async {
        while let batch = nextBatch() {
            finish(batch, await run(batch.map(\.job)))
        }
    }

    /// The waiting requests in order, none of a key being answered and one a key, up to
    /// `largest`; nil (one runner fewer) when there are none.
    private func nextBatch() -> [Waiting]? {
        lock.withLock {
            var batch: [Waiting] = []
            var rest: [Waiting] = []
            for request in waiting {
                let free = key(request.job).map { busyKeys.insert($0).inserted } ?? true
                if batch.count < largest, free {
                    batch.append(request)
                } else {
                    if free, let key = key(request.job) { busyKeys.remove(key) }
                    rest.append(request)
                }
            }
            waiting = rest
            if batch.isEmpty { running -= 1 }
            return batch.isEmpty ? nil : batch
        }
    }

    /// Answers each request of a batch, and puts those to answer again first in line.
    private func finish(_ batch: [Waiting], _ outcomes: [Outcome]) {
        var again: [Waiting] = []
        for (index, request) in batch.enumerated() {
            switch index < outcomes.count ? outcomes[index] : .failed(CancellationError()) {
            case .answered(let answer): request.done.resume(returning: answer)
            case .failed(let error): request.done.resume(throwing: error)
            case .again:
                var request = request
                request.attempts += 1
                if request.attempts < attempts { again.append(request) } else { request.done.resume(throwing: exhausted(request.job)) }
            }
        }
        lock.withLock {
            for request in batch { if let key = key(request.job) { busyKeys.remove(key) } }
            waiting.insert(contentsOf: again, at: 0)
        }
    }
}
