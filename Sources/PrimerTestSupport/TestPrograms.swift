import Dispatch
import Foundation
import PrimerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import PrimerProcess

/// Child programs run from tests without holding a thread of Swift's cooperative pool while they
/// run. Swift Testing runs every test, async or not, on that pool, and a test blocked in
/// `waitUntilExit`, `readDataToEndOfFile` or `Thread.sleep` starves every other test of it. So
/// tests run programs through `run` (swift-subprocess, via `ProcessRunner`), wait for a
/// Foundation `Process` with `exit(of:)`, and read its pipes with `readToEnd`/`availableData`,
/// which read on a thread of their own.
public enum TestPrograms {
    /// Runs `program` (a path, or a name looked up on the PATH as `/usr/bin/env` does) with
    /// `arguments`, `environment` set over the inherited one and `input` on its standard input
    /// (else /dev/null), and returns its exit status (128 + the signal for a signal) and both
    /// outputs. Past `timeout` the program is stopped and `ProcessRunError.timedOut` thrown.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil,
        timeout: Duration = .seconds(600)
    ) async throws -> (status: Int32, stdout: String, stderr: String) {
        let executable: URL
        let all: [String]
        if program.contains("/") {
            executable = URL(fileURLWithPath: program)
            all = arguments
        } else {
            executable = URL(fileURLWithPath: "/usr/bin/env")
            all = [program] + arguments
        }
        let result = try await ProcessRunner.run(
            executable, arguments: all, environment: environment, input: input,
            limits: ProcessRunner.Limits(timeout: timeout, outputBytes: 256 << 20, errorBytes: 16 << 20))
        return (result.status, String(decoding: result.standardOutput, as: UTF8.self), result.standardError)
    }

    /// Waits for a started Foundation `Process` to end, polling `isRunning` every 20 ms with
    /// `Task.sleep` (no thread is held), and returns its `terminationStatus`. A process still
    /// running after `timeout` (or when the waiting task is cancelled) gets SIGKILL, and the
    /// polling goes on until it has ended.
    @discardableResult
    public static func exit(of process: Process, timeout: Duration = .seconds(60)) async -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var killed = false
        while process.isRunning {
            if !killed && (clock.now >= deadline || Task.isCancelled) {
                kill(process.processIdentifier, SIGKILL)
                killed = true
            }
            if Task.isCancelled {
                // Task.sleep returns at once in a cancelled task: wait without it.
                await Self.idle(milliseconds: 20)
            } else {
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        return process.terminationStatus
    }

    /// Everything `handle` gives up to its end (every writer closed), read on a thread of its own.
    public static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { (continuation: CheckedContinuation<Data, Never>) in
            Thread.detachNewThread { continuation.resume(returning: handle.readDataToEndOfFile()) }
        }
    }

    /// Starts reading `handle` to its end now, on a thread of its own: the task's value is all of
    /// it. For a pipe that must be drained while its writer runs (so the writer never blocks on a
    /// full pipe); the task is never cancelled, the reading ends when the pipe does.
    public static func reading(_ handle: FileHandle) -> Task<Data, Never> {
        Task { await TestPrograms.readToEnd(handle) }
    }

    /// What `handle` has now, else its next chunk once one comes (empty at its end), read on a
    /// thread of its own.
    public static func availableData(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { (continuation: CheckedContinuation<Data, Never>) in
            Thread.detachNewThread { continuation.resume(returning: handle.availableData) }
        }
    }

    /// A pause that holds no thread and does not end early when the task is cancelled.
    private static func idle(milliseconds: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { continuation.resume() }
        }
    }
}
