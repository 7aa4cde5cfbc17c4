import Foundation
import PrimerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Workers killed at random while they work (`kill -9`, each restarted): the batch still ends
/// complete, with nothing made twice and nothing lost, counted in SQL, and its kits are those of
/// a run in one process, item for item.
///
/// 4 worker processes (2 slots each) on 200 subjects of 2 subtopics (2,200 calls of 400 ms on the
/// mock; a subject is 5 rounds of calls, its families after a lesson side by side), a random
/// worker killed every 2 seconds until the queue is done: about 70 s, 30 or more kills.
@Suite(.timeLimit(.minutes(10))) struct QueueChaosTests {
    static let subjects = 200
    static let workers = 4

    /// A worker process with its output kept in a file (a killed worker's pipe is not read).
    final class Worker {
        let process: Process
        init(_ cli: CLIRunner, plugins: URL, number: Int) throws {
            process = try cli.makeProcess(
                ["worker", "--provider", "mock-slow", "--concurrency", "2", "--lease", "10"], environment: ["PRIMER_PLUGINS": plugins.path])
            let log = cli.directory.appendingPathComponent("worker-\(number).log")
            FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            handle.seekToEndOfFile()
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
        }
    }

    @Test func killedWorkersLoseNothingAndMakeNothingTwice() async throws {
        let cli = try await CLIRunner(.postgres)
        defer { cli.remove() }
        let file = try QueueChecks.batchFile(cli, subjects: Self.subjects)
        let queued = try await cli.run(["batch", file, "--enqueue", "--max-subtopics", "2"])
        #expect(queued.status == 0, "\(queued.stderr)")
        let plugins = try cli.writeSlowMockPlugin(latencyMs: 400)

        let start = Date()
        var workers = try (0..<Self.workers).map { try Worker(cli, plugins: plugins, number: $0) }
        var kills = 0
        var open = Int.max
        while open > 0 && Date().timeIntervalSince(start) < 480 {
            try await Task.sleep(for: .seconds(2))
            open = try await QueueChecks.server.count(cli.store, "SELECT COUNT(*) FROM queue_tasks WHERE state <> 'done'")
            guard open > 0 else { break }
            let victim = Int.random(in: 0..<Self.workers)
            kill(workers[victim].process.processIdentifier, SIGKILL)
            await TestPrograms.exit(of: workers[victim].process)
            kills += 1
            workers[victim] = try Worker(cli, plugins: plugins, number: victim)
        }
        let seconds = Date().timeIntervalSince(start)
        for worker in workers {
            kill(worker.process.processIdentifier, SIGTERM)
            await TestPrograms.exit(of: worker.process, timeout: .seconds(120))
        }
        let logs = (0..<Self.workers).compactMap { try? String(contentsOf: cli.directory.appendingPathComponent("worker-\($0).log"), encoding: .utf8) }
        #expect(open == 0, "the queue was not done after \(Int(seconds)) s and \(kills) kills; \(logs.joined(separator: "\n").suffix(3_000))")
        #expect(kills >= 20, "only \(kills) kills before the batch was done in \(Int(seconds)) s: make the mock slower")
        // Killed workers left no failure behind: every worker that was told to stop did.
        #expect(workers.allSatisfy { $0.process.terminationStatus == 0 }, "\(logs.joined(separator: "\n").suffix(3_000))")
        try await QueueChecks.expectComplete(cli.store, subjects: Self.subjects, subtopics: 2, families: 7)
        // The kills did cut work short: tasks were claimed again after their worker died.
        let reclaimed = try await QueueChecks.server.count(cli.store, "SELECT COUNT(*) FROM queue_tasks WHERE tries > 1")
        #expect(reclaimed >= kills / 2, "\(reclaimed) tasks claimed again after \(kills) kills")
        // The kills changed nothing a learner gets: the first 24 subjects' kits equal the same
        // subjects made in one process one subtopic at a time, item for item.
        let sequential = try CLIRunner()
        defer { sequential.remove() }
        let sample = 24
        let sampleFile = try QueueChecks.batchFile(sequential, subjects: sample)
        let made = try await sequential.run(["batch", sampleFile, "--max-subtopics", "2", "--provider", "mock-slow"], environment: ["PRIMER_PLUGINS": try sequential.writeSlowMockPlugin(latencyMs: 0).path])
        #expect(made.status == 0, "\(made.stderr)")
        let expected = try await KitItems.of(sequential)
        let kits = try await KitItems.of(cli).filter { expected[$0.key] != nil }
        #expect(expected.count == sample && kits == expected, "\(KitItems.differences(expected, kits))")
        print("chaos: \(Self.subjects) subjects, \(Self.workers) workers, \(kills) kills, \(reclaimed) tasks claimed again, done in \(String(format: "%.1f", seconds)) s")
    }
}
