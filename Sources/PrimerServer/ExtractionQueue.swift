/// Uploaded documents read a few at a time (`extractions` in `server:`, 2 by default): reading a
/// scanned PDF runs pdftoppm and tesseract page by page, each holding a core (tesseract is kept
/// to one thread), so a flood of uploads cannot take every core from the cheap routes. The
/// others wait their turn in order of arrival; a waiting request that is cancelled (its client
/// went away) leaves the line. BENCHMARKS.md (s) measures it.
actor ExtractionQueue {
    private let slots: Int
    private var busy = 0
    private var waiting: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID = 0

    init(slots: Int) { self.slots = max(1, slots) }

    /// Runs `body` once a slot is free.
    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await take()
        defer { give() }
        return try await body()
    }

    private func take() async throws {
        if busy < slots {
            busy += 1
            return
        }
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiting.append((id, continuation))
            }
        } onCancel: {
            Task { await self.leave(id) }
        }
    }

    private func leave(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Hands the slot to the first in line, or frees it.
    private func give() {
        if waiting.isEmpty {
            busy -= 1
        } else {
            waiting.removeFirst().continuation.resume()
        }
    }
}
