/// Lets the subtopics of one run, running side by side, read the subject as a run one
/// subtopic at a time would: subtopic `i` reads the glossary only after every subtopic before it
/// in the run has stored its terms, and, for near-duplicates, the stored items only after they
/// have stored all of their content. So a kit does not depend on which subtopic finished first, at any
/// `--concurrency`.
///
/// A subtopic settles a stage when it stores that family, skips it, fails it, leaves the run
/// (stopped, an error) or is put off because another run holds it: another run's order is that
/// run's own (the queue orders its workers in the store, `claimTask`).
actor PlanOrder {
    enum Stage: Int, Comparable, Sendable {
        /// The glossary family's terms are stored (or will not be).
        case glossary
        /// Every family of the subtopic is done.
        case finished
        static func < (a: Stage, b: Stage) -> Bool { a.rawValue < b.rawValue }
    }

    private var reached: [Stage?]
    private var waiters: [(index: Int, stage: Stage, continuation: CheckedContinuation<Void, Never>)] = []

    init(count: Int) { reached = Array(repeating: nil, count: count) }

    /// Records that the subtopic at `index` reached `stage` (a later stage implies the earlier).
    func settle(_ index: Int, _ stage: Stage) {
        guard reached.indices.contains(index), reached[index].map({ $0 < stage }) ?? true else { return }
        reached[index] = stage
        let woken = waiters.filter { isReady($0.index, $0.stage) }
        waiters.removeAll { isReady($0.index, $0.stage) }
        for waiter in woken { waiter.continuation.resume() }
    }

    /// Returns once every subtopic before `index` reached `stage`.
    func waitForEarlier(_ index: Int, _ stage: Stage) async {
        guard !isReady(index, stage) else { return }
        await withCheckedContinuation { waiters.append((index, stage, $0)) }
    }

    private func isReady(_ index: Int, _ stage: Stage) -> Bool {
        reached.prefix(max(0, index)).allSatisfy { ($0.map { $0 >= stage }) ?? false }
    }
}
