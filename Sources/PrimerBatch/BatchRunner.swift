import Foundation
import PrimerCore
import PrimerGeneration

/// What a batch reports while it runs, for the progress display.
public enum BatchEvent: Sendable {
    case started(total: Int)
    case subjectStarted(title: String)
    /// Something inside one subject's pipeline.
    case pipeline(title: String, event: ProgressEvent)
    case subjectFinished(BatchSubjectResult, done: Int, total: Int)
}

/// Runs many subjects, several at a time. Each subject is an ordinary idempotent pipeline run,
/// so running the same batch again after Ctrl-C or `kill -9` continues where it stopped:
/// what is stored is not generated again, and a transaction never half-writes. One subject's
/// failure never stops the others.
///
/// Cancelling the task that runs `run` (the CLI does on Ctrl-C) starts no new subject, cancels
/// the running ones, and still returns the report: subjects that did not finish are `interrupted`.
public struct BatchRunner: Sendable {
    /// Subjects generated side by side.
    public var jobs: Int
    /// Options for each subject's pipeline (its subtopic concurrency, limits…).
    public var options: PipelineOptions

    public init(jobs: Int = 2, options: PipelineOptions = PipelineOptions()) {
        self.jobs = jobs
        self.options = options
    }

    public func run(
        _ items: [BatchItem], makePipeline: @escaping @Sendable (BatchItem) async throws -> Pipeline,
        progress: @escaping @Sendable (BatchEvent) -> Void = { _ in }
    ) async -> BatchReport {
        let clock = ContinuousClock()
        let start = clock.now
        progress(.started(total: items.count))
        let options = self.options
        let counter = Counter()
        let results = await withTaskGroup(of: (Int, BatchSubjectResult).self) { group in
            var results = [BatchSubjectResult?](repeating: nil, count: items.count)
            var next = 0
            func startNext() {
                guard next < items.count, !Task.isCancelled else { return }
                let index = next
                next += 1
                group.addTask {
                    let result = await Self.runOne(items[index], options: options, makePipeline: makePipeline, progress: progress)
                    progress(.subjectFinished(result, done: counter.increment(), total: items.count))
                    return (index, result)
                }
            }
            for _ in 0..<max(1, jobs) { startNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                startNext()
            }
            return items.indices.map { index in
                results[index] ?? BatchSubjectResult(
                    title: items[index].title, status: .interrupted, summary: nil,
                    error: "not started: the batch was interrupted", seconds: 0)
            }
        }
        return BatchReport(subjects: results, seconds: Self.seconds(clock.now - start))
    }

    static func runOne(
        _ item: BatchItem, options: PipelineOptions, makePipeline: @Sendable (BatchItem) async throws -> Pipeline,
        progress: @escaping @Sendable (BatchEvent) -> Void
    ) async -> BatchSubjectResult {
        let clock = ContinuousClock()
        let start = clock.now
        progress(.subjectStarted(title: item.title))
        do {
            let pipeline = try await makePipeline(item)
            let summary = try await pipeline.run(item.request, options: options) { event in
                progress(.pipeline(title: item.title, event: event))
            }
            let failures = summary.failures.map { "\($0.subtopic.map { "\($0) › " } ?? "")\($0.error)" }
            return BatchSubjectResult(
                title: item.title, status: failures.isEmpty ? .complete : .partial, summary: summary,
                error: failures.isEmpty ? nil : failures.joined(separator: "; "), seconds: seconds(clock.now - start))
        } catch {
            // Cancelled: whatever the error says (a cancelled request, a stopped pipeline), the
            // subject was interrupted, not broken.
            if Task.isCancelled {
                return BatchSubjectResult(
                    title: item.title, status: .interrupted, summary: nil, error: "interrupted before it finished",
                    seconds: seconds(clock.now - start))
            }
            return BatchSubjectResult(title: item.title, status: .failed, summary: nil, error: "\(error)", seconds: seconds(clock.now - start))
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// Subjects finished so far, shared by the tasks of a batch.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
