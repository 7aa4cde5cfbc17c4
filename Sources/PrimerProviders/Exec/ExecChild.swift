import Foundation
import PrimerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One running provider process: its pipes, a thread reading stdout into a `LineChannel`, a
/// thread keeping the last stderr lines, and a serial queue writing requests to stdin (so a child
/// that stops reading blocks that queue, never a cooperative thread).
final class ExecChild: @unchecked Sendable {
    let process: Process
    let lines = LineChannel()
    let stderr = StderrTail(limit: 20)
    private let input: FileHandle
    private let writer = DispatchQueue(label: "primer.exec.stdin")
    private let stdinLock = NSLock()
    private var stdinOpen = true
    /// Answers read so far; the first one may take the startup timeout on top. Only touched by
    /// the provider while it holds its request lock.
    var answered = 0

    var pid: Int32 { process.processIdentifier }

    /// Starts the process. Throws what `Process.run` throws (not found, not executable…).
    init(executable: URL, arguments: [String], environment: [String: String]) throws {
        _ = Self.ignoreSIGPIPE
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try process.run()
        PrimerLog.server.info("started the exec provider \(executable.path) (pid \(process.processIdentifier))")
        self.process = process
        self.input = stdinPipe.fileHandleForWriting

        let lines = self.lines, stderr = self.stderr
        Self.readLines(from: stdoutPipe.fileHandleForReading, name: "primer.exec.stdout") { line in
            lines.push(line)
        } end: {
            lines.close()
        }
        Self.readLines(from: stderrPipe.fileHandleForReading, name: "primer.exec.stderr") { line in
            stderr.append(line)
        } end: {
            stderr.finish()
        }
    }

    /// A write to a pipe whose reader died must fail with EPIPE, not kill Primer.
    private static let ignoreSIGPIPE: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// Queues one line (the newline is added) for the child's stdin. Failures (the child died)
    /// show up as the end of its stdout, which the reader reports.
    func send(_ data: Data) {
        let line = data + [0x0A]
        writer.async { [self] in
            stdinLock.lock()
            let open = stdinOpen
            stdinLock.unlock()
            guard open else { return }
            line.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                var offset = 0
                while offset < raw.count {
                    let written = write(input.fileDescriptor, base + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
            }
        }
    }

    /// Closes stdin (after any queued write), which tells a well-behaved child to exit.
    func closeInput() {
        writer.async { [self] in
            stdinLock.lock()
            defer { stdinLock.unlock() }
            guard stdinOpen else { return }
            stdinOpen = false
            try? input.close()
        }
    }

    var isRunning: Bool { process.isRunning }

    /// Waits up to `seconds` for the process to end; true when it has.
    func waitForExit(seconds: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            if Date() >= deadline { return false }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return true
    }

    /// The blocking twin of `waitForExit`, for `deinit`.
    func waitForExitBlocking(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            if Date() >= deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// "exited with code 3", "was killed by signal 9 (SIGKILL)"; nil while it still runs.
    var exitDescription: String? {
        guard !process.isRunning else { return nil }
        let status = process.terminationStatus
        switch process.terminationReason {
        case .exit: return "exited with code \(status)"
        case .uncaughtSignal: return "was killed by signal \(status)\(Self.signalName(status).map { " (\($0))" } ?? "")"
        @unknown default: return "ended with status \(status)"
        }
    }

    static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGSEGV: "SIGSEGV"
        case SIGABRT: "SIGABRT"
        case SIGINT: "SIGINT"
        case SIGPIPE: "SIGPIPE"
        case SIGBUS: "SIGBUS"
        default: nil
        }
    }

    /// Ends the process: close stdin and give it `grace` seconds to leave on its own, then
    /// SIGTERM, then SIGKILL. Foundation reaps it, so no zombie is left behind.
    func stop(grace: Double) async {
        closeInput()
        if await waitForExit(seconds: grace) { return }
        if process.isRunning { process.terminate() }
        if await waitForExit(seconds: 1) { return }
        if process.isRunning { posixKill(process.processIdentifier, SIGKILL) }
        _ = await waitForExit(seconds: 2)
    }

    /// Kills at once (timeouts, broken protocol): the child's state is no longer trusted.
    func terminateNow() async {
        closeInput()
        if process.isRunning { process.terminate() }
        if await waitForExit(seconds: 1) { return }
        if process.isRunning { posixKill(process.processIdentifier, SIGKILL) }
        _ = await waitForExit(seconds: 2)
    }

    /// `stop` for `deinit`, which cannot await: short waits.
    func stopBlocking() {
        closeInput()
        if waitForExitBlocking(seconds: 1) { return }
        if process.isRunning { process.terminate() }
        if waitForExitBlocking(seconds: 0.5) { return }
        if process.isRunning { posixKill(process.processIdentifier, SIGKILL) }
        _ = waitForExitBlocking(seconds: 1)
    }

    /// Reads `handle` on a dedicated thread, calling `line` for each line (without its newline or a
    /// trailing carriage return) and `end` once at end of file.
    static func readLines(
        from handle: FileHandle, name: String, line: @escaping @Sendable (String) -> Void, end: @escaping @Sendable () -> Void
    ) {
        let thread = Thread {
            let fd = handle.fileDescriptor
            var chunk = [UInt8](repeating: 0, count: 65_536)
            var pending: [UInt8] = []
            func emit(_ bytes: ArraySlice<UInt8>) {
                var bytes = bytes
                if bytes.last == 0x0D { bytes = bytes.dropLast() }
                line(String(decoding: bytes, as: UTF8.self))
            }
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                var start = pending.count
                pending.append(contentsOf: chunk[0..<count])
                var lineStart = 0
                while let newline = pending[start...].firstIndex(of: 0x0A) {
                    emit(pending[lineStart..<newline])
                    lineStart = newline + 1
                    start = lineStart
                }
                if lineStart > 0 { pending.removeFirst(lineStart) }
            }
            if !pending.isEmpty { emit(pending[...]) }
            try? handle.close()
            end()
        }
        thread.name = name
        thread.start()
    }
}

/// `kill(2)`, callable inside types that have their own `kill`.
@inline(__always) func posixKill(_ pid: Int32, _ signal: Int32) {
    _ = kill(pid, signal)
}

/// The lines a child wrote to stdout, handed to one waiting reader at a time, with a timeout.
final class LineChannel: @unchecked Sendable {
    enum Event: Equatable {
        case line(String)
        /// End of file: the child closed stdout (it exited, most likely).
        case closed
        case timedOut
        case cancelled
    }

    private let lock = NSLock()
    private var buffered: [String] = []
    private var closed = false
    private var waiter: (token: UInt64, continuation: CheckedContinuation<Event, Never>)?
    /// The token of the `next` call in progress, and an event that arrived before it started waiting.
    private var currentToken: UInt64 = 0
    private var early: (token: UInt64, event: Event)?

    func push(_ line: String) {
        lock.lock()
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.continuation.resume(returning: .line(line))
        } else {
            buffered.append(line)
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
                    let line = buffered.removeFirst()
                    lock.unlock()
                    continuation.resume(returning: .line(line))
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

/// The last lines a child wrote to stderr.
final class StderrTail: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var finished = false
    let limit: Int

    init(limit: Int) { self.limit = limit }

    func append(_ line: String) {
        let line = line.count > 500 ? String(line.prefix(500)) + "…" : line
        lock.withLock {
            lines.append(line)
            if lines.count > limit { lines.removeFirst(lines.count - limit) }
        }
    }

    func finish() { lock.withLock { finished = true } }

    var isFinished: Bool { lock.withLock { finished } }

    var snapshot: [String] { lock.withLock { lines } }

    /// The lines, after waiting up to `seconds` for the stream to end (so the last words of a
    /// child that just died are in).
    func settled(waitingUpTo seconds: Double) async -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while !isFinished, Date() < deadline {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return snapshot
    }
}
