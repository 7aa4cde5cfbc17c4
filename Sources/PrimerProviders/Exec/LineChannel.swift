import Foundation

/// The lines a child wrote to stdout, handed to one waiting reader at a time, with a timeout.
final class LineChannel: @unchecked Sendable {
    enum Event: Equatable {
        case line(String)
        /// A line longer than the reader's limit (its bytes were dropped).
        case tooLong
        /// End of file: the child closed stdout (it exited, most likely).
        case closed
        case timedOut
        case cancelled
    }

    private let lock = NSLock()
    /// Lines (and too-long lines) nobody has read yet.
    private var buffered: [Event] = []
    private var closed = false
    private var waiter: (token: UInt64, continuation: CheckedContinuation<Event, Never>)?
    /// The token of the `next` call in progress, and an event that arrived before it started waiting.
    private var currentToken: UInt64 = 0
    private var early: (token: UInt64, event: Event)?

    func push(_ piece: LineReader.Piece) {
        switch piece {
        case .line(let line): deliver(.line(line))
        case .tooLong: deliver(.tooLong)
        }
    }

    private func deliver(_ event: Event) {
        lock.lock()
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.continuation.resume(returning: event)
        } else {
            buffered.append(event)
            lock.unlock()
        }
    }

    func close() {
        lock.lock()
        closed = true
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.continuation.resume(returning: .closed)
        } else {
            lock.unlock()
        }
    }

    /// Takes every line written so far that nobody read: before a request is sent there should be
    /// none, since each answer was read with its request.
    func drain() -> [Event] {
        lock.withLock {
            defer { buffered = [] }
            return buffered
        }
    }

    /// Ends the wait of call `token` with `event` (timeout, cancellation), if it is still waiting.
    private func interrupt(_ token: UInt64, with event: Event) {
        lock.lock()
        if let waiter, waiter.token == token {
            self.waiter = nil
            lock.unlock()
            waiter.continuation.resume(returning: event)
        } else {
            if token == currentToken, early == nil { early = (token, event) }
            lock.unlock()
        }
    }

    /// The next line, `.closed` at end of file, or `.timedOut` after `seconds`.
    func next(timeout seconds: Double) async -> Event {
        let token: UInt64 = lock.withLock {
            currentToken += 1
            early = nil
            return currentToken
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            if !Task.isCancelled { self?.interrupt(token, with: .timedOut) }
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Event, Never>) in
                lock.lock()
                if !buffered.isEmpty {
                    let event = buffered.removeFirst()
                    lock.unlock()
                    continuation.resume(returning: event)
                } else if closed {
                    lock.unlock()
                    continuation.resume(returning: .closed)
                } else if let early, early.token == token {
                    self.early = nil
                    lock.unlock()
                    continuation.resume(returning: early.event)
                } else {
                    waiter = (token, continuation)
                    lock.unlock()
                }
            }
        } onCancel: {
            interrupt(token, with: .cancelled)
        }
    }
}
