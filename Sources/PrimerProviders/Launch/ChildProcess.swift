import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, with an empty signal mask and default signal
/// handlers. Foundation's `Process` spawns from whatever thread calls it, and Swift concurrency's
/// threads block most signals: its children inherit a blocked SIGTERM and never see `terminate()`.
/// Only used from inside `LocalServer` (not thread-safe on its own).
final class ChildProcess: @unchecked Sendable {  // only touched under LocalServer's isolation (and its deinit)
    let pid: pid_t
    private var exitStatus: Int32?

    private init(pid: pid_t) { self.pid = pid }

    /// Starts `executable` (a path) with stdin from /dev/null and stdout and stderr to `outputFD`.
    static func spawn(executable: String, arguments: [String], outputFD: Int32) throws -> ChildProcess {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputFD, 1)
        posix_spawn_file_actions_adddup2(&actions, outputFD, 2)

        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        ChildWatchdog.shared.prepare()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw LocalServerError.launchFailed(executable: executable, reason: String(cString: strerror(result)))
        }
        // The server must not outlive Primer, even a Primer killed with SIGKILL.
        ChildWatchdog.shared.watch(pid)
        return ChildProcess(pid: pid)
    }

    /// False once the process has exited (it is reaped here).
    var isRunning: Bool {
        reap()
        return exitStatus == nil
    }

    /// The exit code, or 128 + the signal number when a signal ended it; nil while running.
    var terminationStatus: Int32? {
        reap()
        return exitStatus
    }

    func signal(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    private func reap() {
        guard exitStatus == nil else { return }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            let signal = status & 0x7f
            exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        } else if result == -1, errno == ECHILD {
            exitStatus = -1  // reaped elsewhere
        }
        if exitStatus != nil { ChildWatchdog.shared.forget(pid) }
    }
}
