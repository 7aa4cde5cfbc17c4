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
/// thread keeping the last stderr lines (both through a bounded `LineReader`), and a serial
/// queue writing requests to stdin (so a child that stops reading blocks that queue, never a
/// cooperative thread). `ChildWatchdog` ends it if Primer dies without stopping it.
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
    /// A stdout line longer than `maxLineBytes` arrives as `.tooLong` instead of being held.
    init(executable: URL, arguments: [String], environment: [String: String], maxLineBytes: Int) throws {
        _ = Self.ignoreSIGPIPE
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        // Foundation calls this once it has reaped the child: the watchdog forgets the pid.
        process.terminationHandler = { ended in ChildWatchdog.shared.forget(ended.processIdentifier) }
        ChildWatchdog.shared.prepare()
        try process.run()
        // A child that hangs must not outlive Primer, even a Primer killed with SIGKILL.
        ChildWatchdog.shared.watch(process.processIdentifier)
        PrimerLog.server.info("started the exec provider \(executable.path) (pid \(process.processIdentifier))")
        self.process = process
        self.input = stdinPipe.fileHandleForWriting

        let lines = self.lines, stderr = self.stderr
        LineReader.start(reading: stdoutPipe.fileHandleForReading, name: "primer.exec.stdout", maxLineBytes: maxLineBytes) { piece in
            lines.push(piece)
        } end: {
            lines.close()
        }
        LineReader.start(reading: stderrPipe.fileHandleForReading, name: "primer.exec.stderr", maxLineBytes: Self.maxStderrLineBytes) { piece in
            switch piece {
            case .line(let line): stderr.append(line)
            case .tooLong: stderr.append("(a line longer than \(Self.maxStderrLineBytes / 1024) KB, left out)")
            }
        } end: {
            stderr.finish()
        }
    }

    /// Only the start of a stderr line is kept (`StderrTail`): a longer one is not worth holding.
    static let maxStderrLineBytes = 64 * 1024

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
}

/// `kill(2)`, callable inside types that have their own `kill`.
@inline(__always) func posixKill(_ pid: Int32, _ signal: Int32) {
    _ = kill(pid, signal)
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
