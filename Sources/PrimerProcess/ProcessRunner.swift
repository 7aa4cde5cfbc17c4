import Foundation
import Subprocess

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// The one way Primer runs a program to completion (pdftotext, pdftoppm, tesseract, zstd, the
/// Python of the optimizer and of speech recognition): through swift-subprocess, which watches
/// the child and its pipes on threads of its own, so waiting never holds a thread of the async
/// pool that serves every request. Each run has a time limit (past it the child gets SIGTERM,
/// then SIGKILL) and output limits (past them it is stopped and the run refused).
public enum ProcessRunner {
    public struct Result: Sendable {
        /// The exit code, or 128 + the signal number when a signal ended the program.
        public var status: Int32
        public var standardOutput: Data
        public var standardError: String
    }

    /// How long and how much a run may take.
    public struct Limits: Sendable {
        public var timeout: Duration
        public var outputBytes: Int
        public var errorBytes: Int

        public init(timeout: Duration = .seconds(300), outputBytes: Int = 64 << 20, errorBytes: Int = 1 << 20) {
            self.timeout = timeout
            self.outputBytes = outputBytes
            self.errorBytes = errorBytes
        }
    }

    /// Runs `executable` with stdin from /dev/null (or `input`) and collects both outputs; the
    /// child inherits Primer's environment with `environment` set over it.
    public static func run(
        _ executable: URL, arguments: [String], environment: [String: String] = [:], input: Data? = nil, limits: Limits = Limits()
    ) async throws -> Result {
        let program = executable.lastPathComponent
        let outcome = try await withTimeout(limits.timeout, program: program) {
            do {
                let environment = Environment.inherit.updating(
                    Dictionary(uniqueKeysWithValues: environment.compactMap { name, value in Environment.Key(rawValue: name).map { ($0, value) } }))
                let result: ExecutionResult<Void, BytesOutput, BytesOutput>
                if let input {
                    result = try await Subprocess.run(
                        .path(FilePath(executable.path)), arguments: Arguments(arguments), environment: environment,
                        platformOptions: platformOptions, input: .data(input), output: .bytes(limit: limits.outputBytes),
                        error: .bytes(limit: limits.errorBytes))
                } else {
                    result = try await Subprocess.run(
                        .path(FilePath(executable.path)), arguments: Arguments(arguments), environment: environment,
                        platformOptions: platformOptions, output: .bytes(limit: limits.outputBytes), error: .bytes(limit: limits.errorBytes))
                }
                return Result(
                    status: status(result.terminationStatus), standardOutput: Data(result.standardOutput),
                    standardError: String(decoding: result.standardError, as: UTF8.self))
            } catch let error as SubprocessError where error.code == .outputLimitExceeded {
                throw ProcessRunError(program: program, problem: .outputTooLarge(limits.outputBytes))
            }
        }
        return outcome
    }

    /// Runs `executable` and hands its standard output, chunk by chunk, to `consume` as it comes
    /// (zstd unpacking into a file it counts); stderr is discarded.
    public static func stream(
        _ executable: URL, arguments: [String], timeout: Duration = .seconds(300),
        consume: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> Int32 {
        let program = executable.lastPathComponent
        return try await withTimeout(timeout, program: program) {
            let result = try await Subprocess.run(
                .path(FilePath(executable.path)), arguments: Arguments(arguments), platformOptions: platformOptions, input: .none,
                output: .sequence, error: .discarded
            ) { execution in
                for try await chunk in execution.standardOutput {
                    try chunk.withUnsafeBytes { try consume($0) }
                }
            }
            return status(result.terminationStatus)
        }
    }

    /// SIGTERM first, SIGKILL two seconds later, when a run is cancelled or its time is up.
    private static var platformOptions: PlatformOptions {
        var options = PlatformOptions()
        options.teardownSequence = [.gracefulShutDown(allowedDurationToNextStep: .seconds(2))]
        return options
    }

    private static func status(_ status: TerminationStatus) -> Int32 {
        switch status {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
    }

    /// `body`, or `ProcessRunError.timedOut` once `timeout` has passed (the run is cancelled,
    /// which stops the child).
    private static func withTimeout<T: Sendable>(
        _ timeout: Duration, program: String, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw ProcessRunError(program: program, problem: .timedOut(timeout))
            }
            return value
        }
    }
}

/// A run the runner stopped: too long, or too much output.
public struct ProcessRunError: Error, CustomStringConvertible, Equatable {
    public enum Problem: Equatable, Sendable {
        case timedOut(Duration)
        case outputTooLarge(Int)
    }

    public var program: String
    public var problem: Problem

    public var description: String {
        switch problem {
        case .timedOut(let limit): "\(program) ran longer than \(limit.components.seconds) seconds and was stopped"
        case .outputTooLarge(let bytes): "\(program) wrote more output than Primer reads (\(bytes / 1_048_576) MB) and was stopped"
        }
    }
}
