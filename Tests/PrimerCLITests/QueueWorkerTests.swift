import Foundation
import PrimerTestSupport
import Testing

/// `primer batch --enqueue`, `primer worker`, `primer batch status` and `retry`, through the
/// binary on a real PostgreSQL server: workers share a batch and make the same kits one process
/// makes; a stopped worker hands its work back; failed tasks are retried; SQLite says what to do.
@Suite(.timeLimit(.minutes(5))) struct QueueWorkerTests {
    static func json(_ result: CLIRunner.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\(result.stderr)")
    }

    @Test func enqueueOnSQLiteSaysItNeedsPostgreSQL() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let file = try QueueChecks.batchFile(cli, subjects: 2)
        for arguments in [["batch", file, "--enqueue"], ["worker", "--exit-when-empty"], ["batch", "status"], ["batch", "retry"]] {
            let result = try await cli.run(arguments)
            #expect(result.status == 64, "primer \(arguments.joined(separator: " ")): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("needs a PostgreSQL store") && result.stderr.contains("without --enqueue"), "\(result.stderr)")
        }
        #expect(try await cli.run(["list"]).stdout.contains("Queued Subject") == false)
    }

    @Test func workersShareABatchAndMakeWhatOneProcessMakes() async throws {
        let cli = try await CLIRunner(.postgres)
        defer { cli.remove() }
        let file = try QueueChecks.batchFile(cli, subjects: 6)
        let queued = try await cli.run(["batch", file, "--enqueue", "--max-subtopics", "2"])
        #expect(queued.status == 0 && queued.stdout.contains("Queued batch 1: 6 subjects"), "\(queued.stdout)\(queued.stderr)")
        // Nothing runs until a worker does.
        let waiting = try Self.json(try await cli.run(["batch", "status", "1", "--json"]))
        #expect((waiting["subjects"] as? [String: Int])?["queued"] == 6 && (waiting["tasks"] as? [String: Int])?["queued"] == 6)

        async let first = cli.run(["worker", "--exit-when-empty"])
        async let second = cli.run(["worker", "--exit-when-empty", "--concurrency", "2"])
        let (one, two) = try await (first, second)
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        // Both took part (a plan, then subtopics, spread over them).
        #expect(one.stdout.contains("done") && two.stdout.contains("done"), "\(one.stdout)\n--\n\(two.stdout)")

        let status = try Self.json(try await cli.run(["batch", "status", "1", "--json"]))
        #expect((status["subjects"] as? [String: Int])?["done"] == 6, "\(status)")
        #expect((status["tasks"] as? [String: Int])?["done"] == 6 + 12, "\(status)")
        let text = try await cli.run(["batch", "status"]).stdout
        #expect(text.contains("subjects 6: 6 done, 0 running, 0 queued, 0 failed") && text.contains("nothing left to run"), "\(text)")
        try await QueueChecks.expectComplete(cli.store, subjects: 6, subtopics: 2, families: 7)

        // The same batch in one process on SQLite makes the same kits, item for item: a queued
        // subtopic waits for the ones before it in its subject, and is written from what they stored.
        let local = try CLIRunner()
        defer { local.remove() }
        let localFile = try QueueChecks.batchFile(local, subjects: 6)
        #expect(try await local.run(["batch", localFile, "--max-subtopics", "2"]).status == 0)
        let queuedKits = try Self.familiesPerSubject(try await cli.run(["list", "--json"]))
        let localKits = try Self.familiesPerSubject(try await local.run(["list", "--json"]))
        #expect(queuedKits.count == 6 && queuedKits == localKits, "\(queuedKits)\n\(localKits)")
        let (queuedItems, localItems) = (try await KitItems.of(cli), try await KitItems.of(local))
        #expect(queuedItems.count == 6 && queuedItems == localItems, "\(KitItems.differences(localItems, queuedItems))")
    }

    /// `list --json` as title → its topic and subtopic counts and its families, in order.
    static func familiesPerSubject(_ result: CLIRunner.Result) throws -> [String: [String]] {
        let subjects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stderr)")
        return Dictionary(uniqueKeysWithValues: subjects.map { subject in
            let families = (subject["families"] as? [[String: Any]] ?? []).map { "\($0["family"] ?? "")" }
            return (subject["title"] as? String ?? "", ["\(subject["topics"] ?? "") topics", "\(subject["subtopics"] ?? "") subtopics"] + families)
        })
    }

    @Test func sigtermFinishesTheCallAndHandsBackTheRest() async throws {
        let cli = try await CLIRunner(.postgres)
        defer { cli.remove() }
        let file = try QueueChecks.batchFile(cli, subjects: 1)
        #expect(try await cli.run(["batch", file, "--enqueue", "--max-subtopics", "1"]).status == 0)
        // A slow worker (6 s a call): SIGTERM 2 s after it made the plan, while the subtopic's
        // first family call is in flight.
        let plugins = try cli.writeSlowMockPlugin(latencyMs: 6_000)
        let worker = try cli.makeProcess(["worker", "--provider", "mock-slow"], environment: ["PRIMER_PLUGINS": plugins.path])
        let out = Pipe(), err = Pipe()
        worker.standardOutput = out
        worker.standardError = err
        let stdout = BatchInterruptTests.Collected()
        out.fileHandleForReading.readabilityHandler = { stdout.append($0.availableData) }
        try worker.run()
        let planned = await CLIRunner.waitOffThePool(timeout: 60, until: { stdout.value.contains("(plan): done") }, then: {
            Thread.sleep(forTimeInterval: 2)
            kill(worker.processIdentifier, SIGTERM)
        })
        #expect(planned, "\(stdout.value)")
        await TestPrograms.exit(of: worker, timeout: .seconds(120))
        out.fileHandleForReading.readabilityHandler = nil
        // What is left in the pipes, read once the worker has ended (on a thread of its own).
        let log = stdout.value + String(decoding: await TestPrograms.readToEnd(out.fileHandleForReading), as: UTF8.self)
        let errors = String(decoding: await TestPrograms.readToEnd(err.fileHandleForReading), as: UTF8.self)
        #expect(worker.terminationStatus == 0, "\(log)\(errors)")
        #expect(errors.contains("Stopping: no new task"), "\(errors)")
        #expect(log.contains(": handed back") && log.contains("1 handed back"), "\(log)")

        // The call in flight was finished and stored; the rest of the subtopic is queued again.
        let server = QueueChecks.server
        #expect(try await server.count(cli.store, "SELECT COUNT(*) FROM generations WHERE subtopic_id IS NOT NULL AND provider = 'mock-slow' AND status = 'ok'") == 1)
        #expect(try await server.count(cli.store, "SELECT COUNT(*) FROM queue_tasks WHERE state = 'queued' AND subtopic_id <> 0 AND lease_until IS NULL") == 1)
        // Another worker finishes it, without making the stored family again.
        let rest = try await cli.run(["worker", "--exit-when-empty"])
        #expect(rest.status == 0 && rest.stdout.contains("6 calls"), "\(rest.stdout)\(rest.stderr)")
        try await QueueChecks.expectComplete(cli.store, subjects: 1, subtopics: 1, families: 7)
    }

    @Test func failedTasksAreShownAndRetried() async throws {
        let cli = try await CLIRunner(.postgres)
        defer { cli.remove() }
        let file = try QueueChecks.batchFile(cli, subjects: 2)
        #expect(try await cli.run(["batch", file, "--enqueue", "--max-subtopics", "1"]).status == 0)
        // A provider whose quizzes never parse: each subtopic task fails its quiz family.
        _ = try cli.write(
            """
            name: mock-noquiz
            adapter: mock
            model: mock-1
            settings: {seed: 42, faults: [{type: malformed, families: [quiz]}]}
            """, to: "plugins/mock-noquiz.yaml")
        let broken = try await cli.run(
            ["worker", "--exit-when-empty", "--provider", "mock-noquiz"], environment: ["PRIMER_PLUGINS": cli.directory.appendingPathComponent("plugins").path])
        #expect(broken.status == 0 && broken.stdout.contains("failed: quiz:"), "\(broken.stdout)\(broken.stderr)")
        let status = try await cli.run(["batch", "status", "1"])
        #expect(status.stdout.contains("subjects 2: 0 done, 0 running, 0 queued, 2 failed"), "\(status.stdout)")
        #expect(status.stdout.contains("failed   Queued Subject 000 › ") && status.stdout.contains("primer batch retry 1"), "\(status.stdout)")

        let unknown = try await cli.run(["batch", "retry", "7"])
        #expect(unknown.status == 64 && unknown.stderr.contains("no batch 7"), "\(unknown.stderr)")
        let retry = try await cli.run(["batch", "retry", "1"])
        #expect(retry.status == 0 && retry.stdout.contains("Queued 2 failed tasks of batch 1 again"), "\(retry.stdout)")
        // Only the missing quizzes are made: one call per subject.
        let fixed = try await cli.run(["worker", "--exit-when-empty"])
        #expect(fixed.status == 0 && fixed.stdout.contains("2 provider calls"), "\(fixed.stdout)\(fixed.stderr)")
        let done = try Self.json(try await cli.run(["batch", "status", "1", "--json"]))
        #expect((done["subjects"] as? [String: Int])?["done"] == 2 && (done["failures"] as? [Any])?.isEmpty == true, "\(done)")
        #expect(try await QueueChecks.server.count(cli.store, "SELECT COUNT(*) FROM generations WHERE family = 'quiz' AND status = 'ok'") == 2)
    }
}
