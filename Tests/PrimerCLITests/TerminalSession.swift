import Foundation

/// The `primer` binary in a real terminal: a detached tmux session (its own pseudo-terminal),
/// driven by `send` as a person types and read back with `screen`.
struct TerminalSession {
    let name: String
    let cli: CLIRunner

    /// Starts `primer arguments` in a new tmux session in the runner's folder and store; when
    /// the command ends the session prints `EXIT=<status>` and stays open to be read. NO_COLOR
    /// is unset first: a tmux server keeps the environment of whoever started it (a test runner
    /// may set NO_COLOR), and `environment` may set it again.
    init(_ cli: CLIRunner, _ arguments: [String], environment: String = "") throws {
        self.cli = cli
        name = "primer-\(UUID().uuidString.prefix(8))"
        let quoted = ([CLIRunner.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = "unset NO_COLOR; cd '\(cli.directory.path)' && PRIMER_STORE='\(cli.storePath)' PRIMER_PROVIDER=mock \(environment) \(quoted.joined(separator: " ")); echo EXIT=$?; sleep 600"
        try Self.tmux(["new-session", "-d", "-s", name, "-x", "160", "-y", "60", command])
    }

    /// Types keys (tmux key names: "Space", "Enter", "q", "3").
    func send(_ keys: String...) throws {
        for key in keys {
            try Self.tmux(["send-keys", "-t", name, key])
            // One key at a time, as a person types: the program reads each before the next.
            Thread.sleep(forTimeInterval: 0.15)
        }
    }

    /// What the terminal shows, the scrollback included; with `escapes`, with its colours as
    /// escape sequences.
    func screen(escapes: Bool = false) throws -> String {
        try Self.tmux(["capture-pane", "-p", "-S", "-2000"] + (escapes ? ["-e"] : []) + ["-t", name])
    }

    /// Waits until the screen contains `text` (up to `seconds`), and returns the screen.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 20) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var shown = ""
        while Date() < deadline {
            shown = try screen()
            if shown.contains(text) { return shown }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw CLIRunnerError("the terminal never showed '\(text)'; it shows:\n\(shown)")
    }

    func close() { _ = try? Self.tmux(["kill-session", "-t", name]) }

    /// Runs tmux and returns its output. Spawned and reaped with posix_spawn and waitpid, and
    /// its output read from a file: the first `new-session` forks the tmux server, and
    /// Foundation's `Process` then never saw the client exit (the test hung in waitUntilExit).
    @discardableResult
    static func tmux(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("primer-tmux-\(UUID().uuidString)").path
        defer { unlink(output); unlink(output + ".err") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, output + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw CLIRunnerError("could not start tmux (\(String(cString: strerror(spawned)))); install tmux (scripts/install-test-tools.sh does)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let stdout = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let stderr = (try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? ""
            throw CLIRunnerError("tmux \(arguments.first ?? "") failed (status \(status)): \(stderr)")
        }
        return stdout
    }
}
