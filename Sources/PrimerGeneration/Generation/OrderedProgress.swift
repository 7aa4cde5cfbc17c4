import Foundation
import PrimerCore

/// Progress of jobs that run side by side, reported in their order: the earliest unfinished
/// job's events pass at once, a later job's wait until every job before it has finished, so
/// the lines read as if the jobs had run one after another.
final class OrderedProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let forward: @Sendable (ProgressEvent) -> Void
    private var held: [[ProgressEvent]]
    private var finished: [Bool]
    /// The earliest job not finished: its events are forwarded live.
    private var current = 0

    init(count: Int, forward: @escaping @Sendable (ProgressEvent) -> Void) {
        self.forward = forward
        held = Array(repeating: [], count: count)
        finished = Array(repeating: false, count: count)
    }

    func report(_ job: Int, _ event: ProgressEvent) {
        lock.withLock {
            if job == current { forward(event) } else { held[job].append(event) }
        }
    }

    /// Job `job` sent its last event: the jobs after it come forward, in order.
    func finish(_ job: Int) {
        lock.withLock {
            finished[job] = true
            while current < finished.count && finished[current] {
                current += 1
                if current < held.count {
                    held[current].forEach(forward)
                    held[current] = []
                }
            }
        }
    }
}
