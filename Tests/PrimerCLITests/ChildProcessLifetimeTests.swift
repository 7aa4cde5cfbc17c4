import Foundation
import PrimerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What Primer starts ends with it, even when it is killed with SIGKILL (no code of Primer's runs
/// then: a watchdog process does the job), and a child's output costs Primer a bounded amount
/// of memory.
@Suite(.timeLimit(.minutes(3))) struct ChildProcessLifetimeTests {
    /// The pid a child wrote to `file`, once it is there.
    static func pid(in file: URL, within seconds: Double = 30) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw CLIRunnerError("no pid was written to \(file.path) within \(seconds) s")
    }

    /// True once `pid` is gone (or a zombie nobody has reaped yet: it no longer runs).
    static func gone(_ pid: Int32, within seconds: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if kill(pid, 0) != 0 { return true }
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "Z"
            {
                return true
            }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return false
    }

    /// Runs `arguments`, waits for the child to write its pid, kills primer with SIGKILL, and
    /// expects the child to be gone within a few seconds.
    static func expectChildDiesWithPrimer(_ cli: CLIRunner, _ arguments: [String], environment: [String: String], pidFile: URL) async throws {
        let primer = try cli.makeProcess(arguments, environment: environment)
        primer.standardOutput = FileHandle.nullDevice
        primer.standardError = FileHandle.nullDevice
        try primer.run()
        let child: Int32
        do {
            child = try await pid(in: pidFile)
        } catch {
            primer.terminate()
            throw error
        }
        #expect(kill(child, 0) == 0, "the child runs")
        // The child writes its pid as it starts; primer registers it with its watchdog just after.
        try await Task.sleep(nanoseconds: 300_000_000)
        kill(primer.processIdentifier, SIGKILL)
        let isGone = await gone(child, within: 8)
        if !isGone { kill(child, SIGKILL) }
        #expect(isGone, "the child \(child) outlived the killed primer")
        // Only now: Foundation sees primer end when every copy of its status pipe is closed, and
        // a surviving child holds one.
        await TestPrograms.exit(of: primer)
    }

    @Test func aHungExecProviderDiesWithAKilledPrimer() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let pidFile = cli.directory.appendingPathComponent("child.pid")
        let plugins = try cli.write("""
            name: hung
            adapter: exec
            settings: {command: [sh, -c, "echo $$ > '\(pidFile.path)'; exec sleep 300"]}
            """, to: "plugins/hung.yaml").deletingLastPathComponent()
        try await Self.expectChildDiesWithPrimer(
            cli, ["generate", "Hung Subject", "--plan-only"], environment: ["PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "hung"],
            pidFile: pidFile)
    }

    @Test func aLaunchedLocalServerDiesWithAKilledPrimer() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let pidFile = cli.directory.appendingPathComponent("server.pid")
        // A "server" that never becomes healthy: primer waits for it until it is killed.
        let port = Int.random(in: 30_000...39_000)
        let plugins = try cli.write("""
            name: local-hung
            adapter: openai-chat
            model: local
            settings: {base_url: "http://127.0.0.1:\(port)/v1"}
            launch:
              command: [sh, -c, "echo $$ > '\(pidFile.path)'; exec sleep 300"]
              port: \(port)
              startup_timeout_seconds: 120
            """, to: "plugins/local-hung.yaml").deletingLastPathComponent()
        try await Self.expectChildDiesWithPrimer(
            cli, ["generate", "Hung Subject", "--plan-only"],
            environment: [
                "PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "local-hung",
                "PRIMER_CACHE": cli.directory.appendingPathComponent("cache").path,
            ],
            pidFile: pidFile)
    }

    @Test func aHugeAnswerLineCostsPrimerAtMostTheLineLimit() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        // 128 MB without a newline until the end, written in 1 MB pieces (Python holds little).
        try cli.write("""
            import sys
            piece = "x" * (1024 * 1024)
            for line in sys.stdin:
                for _ in range(128):
                    sys.stdout.write(piece)
                sys.stdout.write("\\n")
                sys.stdout.flush()
            """, to: "plugins/flood.py")
        let plugins = try cli.write("""
            name: flood
            adapter: exec
            settings: {command: [python3, flood.py]}
            """, to: "plugins/flood.yaml").deletingLastPathComponent()
        let (status, stderr, peakKB) = try await Self.peakMemory(cli.makeProcess(
            ["generate", "Flooded Subject", "--plan-only"], environment: ["PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "flood"]))
        #expect(status != 0)
        #expect(stderr.contains("longer than 16 MB"), "\(stderr.prefix(2000))")
        #expect(peakKB > 0, "the memory was read")
        // A debug primer peaks near 100 MB on its own, and the line buffer is bounded at 16 MB;
        // holding the 128 MB line would take it past 220 MB (unbounded, a 200 MB line cost 538 MB).
        #expect(peakKB < 150 * 1024, "primer held \(peakKB / 1024) MB for a 128 MB line")
    }

    /// Runs `process` to its end, reading its peak resident memory while it runs (the kernel
    /// keeps the high-water mark): exit status, standard error, peak in KB.
    static func peakMemory(_ process: Process) async throws -> (Int32, String, Int) {
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        var peakKB = 0
        while process.isRunning {
            if let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kb = Int(line.split(separator: " ").dropFirst().first ?? "")
            {
                peakKB = max(peakKB, kb)
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        let stderr = String(decoding: await TestPrograms.readToEnd(errors.fileHandleForReading), as: UTF8.self)
        return (process.terminationStatus, stderr, peakKB)
    }
}
