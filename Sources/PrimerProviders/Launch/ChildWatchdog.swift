import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the processes Primer started (exec providers, local servers) when Primer itself ends,
/// however it ends — `kill -9` included, when no code of Primer's runs any more.
///
/// The mechanism is one small `/bin/sh` process per Primer process, started with the first child.
/// Its stdin is a pipe whose only write end Primer holds (close-on-exec, so no child inherits it).
/// Primer writes each child's pid to it when the child starts and `-pid` when it has ended. When
/// Primer dies, the kernel closes the write end, the watchdog reads end of file, and the children
/// still listed get a second to leave on their own (their stdin closed too), then SIGTERM, then
/// SIGKILL — each to the child's process group when it leads one (Foundation's `Process` puts
/// every child in its own group, so a provider's own subprocesses go with it), else to the pid.
///
/// Why not `prctl(PR_SET_PDEATHSIG)`: it must run in the child between fork and exec, which
/// `posix_spawn` (used by Foundation and `ChildProcess`) cannot do, and it fires when the *thread*
/// that spawned the child exits — Swift's pool threads come and go, which would kill healthy
/// children. The watchdog also works on macOS.
final class ChildWatchdog: @unchecked Sendable {
    static let shared = ChildWatchdog()

    /// The watchdog's program (a POSIX shell script, builtins only apart from `sleep`).
    static let script = """
        trap '' HUP INT
        pids=
        while IFS= read -r line; do
          case $line in
            -*) keep=; for p in $pids; do [ "$p" = "${line#-}" ] || keep="$keep $p"; done; pids=$keep ;;
            *[!0-9]*|'') ;;
            *) pids="$pids $line" ;;
          esac
        done
        [ -n "$pids" ] || exit 0
        alive() { for p in $pids; do kill -0 "$p" 2>/dev/null && return 0; done; return 1; }
        signal() { for p in $pids; do kill "-$1" -- "-$p" 2>/dev/null || kill "-$1" "$p" 2>/dev/null; done; }
        sleep 1; alive || exit 0
        signal TERM
        sleep 1; alive || exit 0
        signal KILL
        """

    private let lock = NSLock()
    /// The write end of the watchdog's stdin; -1 before the first child or after it failed.
    private var input: Int32 = -1
    private var watchdog: Process?
    /// The children being watched, to tell a restarted watchdog.
    private var watched: Set<Int32> = []

    /// Starts the watchdog if it is not running. Called before a child is spawned, so that the
    /// moment between the spawn and `watch` (when a SIGKILL would leave the child behind) is as
    /// short as one write.
    func prepare() {
        lock.withLock {
            if input < 0 || watchdog?.isRunning != true { restart() }
        }
    }

    /// Watch `pid` (call right after starting it).
    func watch(_ pid: Int32) {
        lock.withLock {
            watched.insert(pid)
            send("\(pid)\n")
        }
    }

    /// Stop watching `pid` (it has ended), so a later process given the same pid is never signalled.
    func forget(_ pid: Int32) {
        lock.withLock {
            guard watched.remove(pid) != nil else { return }
            // A watchdog that died is not restarted for this: the next one is told the current list.
            guard input >= 0, watchdog?.isRunning == true else { return }
            send("-\(pid)\n")
        }
    }

    /// The pid of the watchdog process, if one runs (tests use it).
    var watchdogPID: Int32? { lock.withLock { watchdog.map(\.processIdentifier) } }

    /// Writes `line`, starting the watchdog (again) when needed. A watchdog that cannot be started
    /// costs only this protection: the children still run, and Primer still stops them itself.
    private func send(_ line: String) {
        if input < 0 || watchdog?.isRunning != true {
            restart()
        }
        guard input >= 0 else { return }
        if !writeAll(line) {
            // The watchdog died (someone killed it): start another and tell it everything.
            restart()
        }
    }

    /// Starts a watchdog and sends it every watched pid.
    private func restart() {
        if input >= 0 { close(input) }
        input = -1
        watchdog = nil
        guard let (process, writeEnd) = Self.launch() else { return }
        watchdog = process
        input = writeEnd
        if !watched.isEmpty, !writeAll(watched.map { "\($0)\n" }.joined()) {
            close(input)
            input = -1
        }
    }

    private func writeAll(_ text: String) -> Bool {
        _ = Self.ignoreSIGPIPE
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// A write to a watchdog that died must fail with EPIPE, not kill Primer.
    private static let ignoreSIGPIPE: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// Starts `/bin/sh -c script` with its stdin on a new pipe (a socket pair on Linux); returns it
    /// and the write end.
    private static func launch() -> (Process, Int32)? {
        var ends: [Int32] = [-1, -1]
        #if os(Linux)
            // Close-on-exec from the start: a child spawned by another thread meanwhile must not
            // inherit the write end, or the pipe would outlive Primer. (`pipe2` is not visible
            // to Swift; a socket pair reads the same way and takes the flag at creation.)
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
            shutdown(ends[0], Int32(SHUT_WR))
            shutdown(ends[1], Int32(SHUT_RD))
        #else
            guard pipe(&ends) == 0 else { return nil }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let readEnd = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)
        process.standardInput = readEnd
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            close(ends[0])
            close(ends[1])
            return nil
        }
        close(ends[0])
        return (process, ends[1])
    }
}
