import Foundation
import PrimerTestSupport

/// The `primer` binary in a real terminal: a detached tmux session (its own pseudo-terminal),
/// driven by `send` as a person types and read back with `screen`.
struct TerminalSession {
    let name: String
    let cli: CLIRunner

    /// Starts `primer arguments` in a new tmux session in the runner's folder and store; when
    /// the command ends the session prints `EXIT=<status>` and stays open to be read. NO_COLOR
    /// is unset first: a tmux server keeps the environment of whoever started it (a test runner
    /// may set NO_COLOR), and `environment` may set it again.
    init(_ cli: CLIRunner, _ arguments: [String], environment: String = "") async throws {
        self.cli = cli
        name = "primer-\(UUID().uuidString.prefix(8))"
        let quoted = ([CLIRunner.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = "unset NO_COLOR; cd '\(cli.directory.path)' && PRIMER_STORE='\(cli.storePath)' PRIMER_PROVIDER=mock \(environment) \(quoted.joined(separator: " ")); echo EXIT=$?; sleep 600"
        try await Self.tmux(["new-session", "-d", "-s", name, "-x", "160", "-y", "60", command])
    }

    /// Starts a session as `init` does, runs `body` with it and closes it, whether or not `body`
    /// threw (a `defer` cannot wait for the close).
    static func with<T>(
        _ cli: CLIRunner, _ arguments: [String], environment: String = "", _ body: (TerminalSession) async throws -> T
    ) async throws -> T {
        let session = try await TerminalSession(cli, arguments, environment: environment)
        do {
            let value = try await body(session)
            await session.close()
            return value
        } catch {
            await session.close()
            throw error
        }
    }

    /// Types keys (tmux key names: "Space", "Enter", "q", "3").
    func send(_ keys: String...) async throws {
        for key in keys {
            try await Self.tmux(["send-keys", "-t", name, key])
            // One key at a time, as a person types: the program reads each before the next.
            try await Task.sleep(for: .milliseconds(150))
        }
    }

    /// What the terminal shows, the scrollback included; with `escapes`, with its colours as
    /// escape sequences.
    func screen(escapes: Bool = false) async throws -> String {
        try await Self.tmux(["capture-pane", "-p", "-S", "-2000"] + (escapes ? ["-e"] : []) + ["-t", name])
    }

    /// Waits until the screen contains `text` (up to `seconds`), and returns the screen.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 20) async throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var shown = ""
        while Date() < deadline {
            shown = try await screen()
            if shown.contains(text) { return shown }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw CLIRunnerError("the terminal never showed '\(text)'; it shows:\n\(shown)")
    }

    func close() async { _ = try? await Self.tmux(["kill-session", "-t", name]) }

    /// Runs tmux (through `TestPrograms.run`: no thread of the async pool is held) and returns its
    /// output. tmux runs under `sh`, its three standard files redirected to /dev/null and two
    /// files: the first `new-session` forks the tmux server, which must not inherit a pipe of
    /// ours (Foundation's `Process` then never saw the client exit: the test hung in
    /// waitUntilExit).
    @discardableResult
    static func tmux(_ arguments: [String]) async throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("primer-tmux-\(UUID().uuidString)").path
        defer { unlink(output); unlink(output + ".err") }
        let run = try await TestPrograms.run(
            "/bin/sh", ["-c", "exec tmux \"$@\" </dev/null >\"$0\" 2>\"$0.err\"", output] + arguments, timeout: .seconds(120))
        let stdout = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard run.status == 0 else {
            let stderr = ((try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? "") + run.stderr
            if run.status == 127 {
                throw CLIRunnerError("could not start tmux (\(stderr)); install tmux (scripts/install-test-tools.sh does)")
            }
            throw CLIRunnerError("tmux \(arguments.first ?? "") failed (status \(run.status)): \(stderr)")
        }
        return stdout
    }
}
