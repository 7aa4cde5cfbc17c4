import Foundation
import PrimerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C during a batch: no new subject starts, the running one stops, and the summary and the
/// report are still written, with the unfinished subjects marked `interrupted`; exit status 130.
@Suite(.timeLimit(.minutes(2))) struct BatchInterruptTests {
    /// Collects a pipe's text as it arrives.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
        var value: String { lock.withLock { text } }
    }

    @Test func ctrlCAfterTheFirstSubjectWritesTheReportAndExits130() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        // A slow mock: each call takes 600 ms, a subject (plan + five families) about 3.6 s, so
        // two more subjects cannot finish between the first one's line and the signal even on a
        // loaded machine.
        let plugins = try cli.writeSlowMockPlugin(latencyMs: 600)
        let titles = ["Roman History", "Cell Biology", "Music Theory", "Plate Tectonics", "Game Theory"]
        let batch = try cli.write(titles.map { "- \($0)" }.joined(separator: "\n") + "\n", to: "batch.yaml")
        let report = cli.directory.appendingPathComponent("report.json")

        let primer = try cli.makeProcess(
            ["batch", batch.path, "--jobs", "1", "--max-subtopics", "1", "--report", report.path],
            environment: ["PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "mock-slow"])
        let out = Pipe(), err = Pipe()
        primer.standardOutput = out
        primer.standardError = err
        let stdout = Collected(), stderr = Collected()
        out.fileHandleForReading.readabilityHandler = { stdout.append($0.availableData) }
        err.fileHandleForReading.readabilityHandler = { stderr.append($0.availableData) }
        try primer.run()

        // Ctrl-C the moment the first subject is done.
        let pid = primer.processIdentifier
        await CLIRunner.waitOffThePool(
            timeout: 60, until: { stderr.value.contains("[1/5] Roman History: complete") || !primer.isRunning },
            then: { kill(pid, SIGINT) })
        #expect(stderr.value.contains("[1/5] Roman History: complete"), "\(stderr.value)")
        await CLIRunner.waitOffThePool(timeout: 60, until: { !primer.isRunning })
        await TestPrograms.exit(of: primer)
        out.fileHandleForReading.readabilityHandler = nil
        err.fileHandleForReading.readabilityHandler = nil
        // What is left in the pipes, read on a thread of its own.
        stdout.append(await TestPrograms.readToEnd(out.fileHandleForReading))
        stderr.append(await TestPrograms.readToEnd(err.fileHandleForReading))

        #expect(primer.terminationReason == .exit, "primer ended on its own, not killed by the signal")
        #expect(primer.terminationStatus == 130)
        #expect(stdout.value.contains("5 subjects: "), "the summary: \(stdout.value)")
        #expect(stdout.value.contains("interrupted"))
        #expect(stderr.value.contains("Run the same command again to continue"), "\(stderr.value)")

        let data = try Data(contentsOf: report)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let subjects = try #require(json["subjects"] as? [[String: Any]])
        #expect(subjects.map { $0["title"] as? String } == titles, "every subject is in the report")
        #expect(subjects.first?["status"] as? String == "complete")
        let statuses = subjects.dropFirst().map { $0["status"] as? String ?? "" }
        #expect(statuses.allSatisfy { $0 == "interrupted" || $0 == "complete" }, "\(statuses)")
        #expect(statuses.contains("interrupted"))
        let totals = try #require(json["totals"] as? [String: Any])
        // The subject running when Ctrl-C arrived may just have finished; the rest never started.
        #expect((totals["interrupted"] as? Int ?? 0) >= 3, "\(totals)")
        #expect((totals["complete"] as? Int ?? 0) + (totals["interrupted"] as? Int ?? 0) == 5)

        // The next run continues: the stored subject is not generated again.
        let rerun = try await cli.run(
            ["batch", batch.path, "--jobs", "2", "--max-subtopics", "1", "--report", report.path],
            environment: ["PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "mock-slow"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stdout.contains("5 subjects: 5 complete"), "\(rerun.stdout)")
    }
}
