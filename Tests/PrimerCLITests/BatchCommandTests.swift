import Foundation
import PrimerBatch
import PrimerStore
import PrimerTestSupport
import Testing

@Suite struct BatchCommandTests {
    @Test func aBatchKilledMidRunResumesWithoutLosingOrDuplicatingAnything() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        // A slow mock so the batch is still running when it is killed: 128 calls of 400 ms on two
        // jobs take about 26 s, while the watcher below needs the first two subjects' cards.
        let plugins = try cli.write("""
            name: slow-mock
            adapter: mock
            model: mock-1
            settings: {seed: 42, latency_ms: 400}
            """, to: "plugins/slow-mock.yaml").deletingLastPathComponent()
        let titles = ["Optics", "Geology", "Statistics", "Astronomy", "Ecology", "Genetics", "Botany", "Chemistry"]
        let batch = try cli.write(titles.map { "{\"title\": \"\($0)\"}" }.joined(separator: "\n"), to: "subjects.jsonl")
        let arguments = ["batch", batch.path, "--provider", "slow-mock", "--plugins", plugins.path, "--max-subtopics", "3", "--jobs", "2"]

        // Start it, wait until some content is stored, then kill -9.
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = cli.directory
        process.environment = ProcessInfo.processInfo.environment.merging(["PRIMER_STORE": cli.storePath]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        let errorLog = cli.directory.appendingPathComponent("batch-stderr.txt")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()
        var okBefore = 0
        // kill -9 the moment the first subject is complete (the second job is mid-subject then).
        let pid = process.processIdentifier
        let firstDone = await CLIRunner.waitOffThePool(
            timeout: 60,
            until: { ((try? String(contentsOf: errorLog, encoding: .utf8)) ?? "").contains(": complete") || !process.isRunning },
            then: { kill(pid, SIGKILL) })
        #expect(firstDone)
        await TestPrograms.exit(of: process)
        #expect(process.terminationReason == .uncaughtSignal, "the batch was still running when killed: \((try? String(contentsOf: errorLog, encoding: .utf8)) ?? "")")

        let store = try SQLiteStore(path: cli.storePath)
        for title in titles { okBefore += (try await store.generations(subjectTitle: title)).filter { $0.status == .ok }.count }
        let expected = titles.count * (1 + 3 * 7)
        #expect(okBefore > 0 && okBefore < expected, "killed mid-run: \(okBefore) of \(expected) generations stored")
        let cardsBefore = try await store.itemCounts()["flashcards"] ?? 0

        // The same command again finishes the rest and only the rest.
        let rerun = try await cli.run(arguments + ["--report", cli.directory.appendingPathComponent("report.json").path])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let report = try JSONDecoder().decode(BatchReport.self, from: Data(contentsOf: cli.directory.appendingPathComponent("report.json")))
        #expect(report.complete == titles.count)
        #expect(report.providerCalls == expected - okBefore, "nothing completed is generated again")

        var okAfter = 0
        for title in titles {
            let ok = try await store.generations(subjectTitle: title).filter { $0.status == .ok }
            okAfter += ok.count
            // One stored generation per family and subtopic: nothing duplicated.
            let keys = ok.map { "\($0.subtopicID.map(String.init) ?? "plan")/\($0.family)" }
            #expect(Set(keys).count == keys.count, "\(title) has no duplicates")
        }
        #expect(okAfter == expected)
        #expect(try await store.listSubjects().count == titles.count)
        await #expect((try store.itemCounts()["flashcards"] ?? 0) >= cardsBefore, "nothing is lost")
    }

    @Test func plainLinesWhenNotATerminalAndABadFileIsOneMessage() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let batch = try cli.write("- Optics\n- Geology\n", to: "subjects.yaml")
        let result = try await cli.run(["batch", batch.path, "--plan-only"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("/2] Optics: complete"))
        #expect(result.stdout.contains("2 subjects: 2 complete, 0 incomplete, 0 failed"))
        #expect(FileManager.default.fileExists(atPath: batch.path + ".report.json"))

        let bad = try cli.write("- title: Optics\n  colour: red\n", to: "bad.yaml")
        let failed = try await cli.run(["batch", bad.path])
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("unknown field colour"))
    }
}
