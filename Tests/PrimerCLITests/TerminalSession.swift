import Foundation

/// The `primer` binary in a real terminal: a detached tmux session (its own pseudo-terminal),
/// driven by `send` as a person types and read back with `screen`.
struct TerminalSession {
    let name: String
    let cli: CLIRunner

    /// Starts `primer arguments` in a new tmux session in the runner's folder and store; when
    /// the command ends the session prints `EXIT=<status>` and stays open to be read.
    init(_ cli: CLIRunner, _ arguments: [String], environment: String = "") throws {
        self.cli = cli
        name = "primer-\(UUID().uuidString.prefix(8))"
        let quoted = ([CLIRunner.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = "cd '\(cli.directory.path)' && PRIMER_STORE='\(cli.storePath)' PRIMER_PROVIDER=mock \(environment) \(quoted.joined(separator: " ")); echo EXIT=$?; sleep 600"
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

    @discardableResult
    static func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        let result = try CLIRunner.collect(process)
        guard result.status == 0 else {
            throw CLIRunnerError("tmux \(arguments.first ?? "") failed (\(result.status)): \(result.stderr); install tmux (scripts/install-test-tools.sh does)")
        }
        return result.stdout
    }
}
