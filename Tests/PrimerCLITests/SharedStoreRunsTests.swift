import Foundation
import PrimerCore
import PrimerBatch
import PrimerStore
import PrimerTestSupport
import Testing

/// Several runs on one store at once (two terminals, overlapping batch runs): the plan of a
/// subject is made once, each subtopic's families by one run, and nothing stored is replaced.
/// Provider calls across all runs equal a single run's.
@Suite struct SharedStoreRunsTests {
    /// A mock slow enough that the runs overlap.
    static let slowMock = """
        name: slow-mock
        adapter: mock
        model: mock-1
        settings: {seed: 42, latency_ms: 60}
        """

    static func providerCalls(_ json: String) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["providerCalls"] as? Int ?? object?["provider_calls"] as? Int, "no provider calls in \(json)")
    }

    /// Every generation of the subject, as (subtopic, family) -> (ok, failed) counts.
    static func generationCounts(_ store: any Store, _ title: String) async throws -> [String: (ok: Int, other: Int)] {
        var counts: [String: (ok: Int, other: Int)] = [:]
        for row in try await store.generations(subjectTitle: title) {
            let key = "\(row.subtopicID.map(String.init) ?? "-")/\(row.family)"
            var count = counts[key] ?? (0, 0)
            if row.status == .ok { count.ok += 1 } else { count.other += 1 }
            counts[key] = count
        }
        return counts
    }

    @Test(arguments: StoreEngine.allCases) func fourProcessesOnOneNewSubjectMakeOneKitWithASingleRunsProviderCalls(engine: StoreEngine) async throws {
        let cli = try await CLIRunner(engine)
        defer { cli.remove() }
        let plugins = try cli.write(Self.slowMock, to: "plugins/slow-mock.yaml").deletingLastPathComponent()
        let arguments = ["generate", "Race Two", "--provider", "slow-mock", "--plugins", plugins.path, "--max-subtopics", "3", "--json"]

        let single = try await cli.run(arguments, environment: ["PRIMER_STORE": cli.directory.appendingPathComponent("single.sqlite").path])
        #expect(single.status == 0, "\(single.stderr)")
        let singleCalls = try Self.providerCalls(single.stdout)

        let runs = try await withThrowingTaskGroup(of: CLIRunner.Result.self) { group in
            for _ in 0..<4 { group.addTask { try await cli.run(arguments) } }
            var results: [CLIRunner.Result] = []
            for try await result in group { results.append(result) }
            return results
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let calls = try runs.map { try Self.providerCalls($0.stdout) }
        #expect(calls.reduce(0, +) == singleCalls, "calls per run: \(calls), a single run made \(singleCalls)")
        #expect(runs.contains { $0.stderr.contains("another run on this store is generating") }, "the runs overlapped")

        let store = try await cli.openStore()
        let counts = try await Self.generationCounts(store, "Race Two")
        #expect(counts.count == 1 + 3 * 7, "the plan and 7 families of 3 subtopics: \(counts.keys.sorted())")
        for (key, count) in counts { #expect(count.ok == 1 && count.other == 0, "\(key): \(count.ok) ok, \(count.other) others") }
        let subject = try #require(try await store.listSubjects().first { $0.title == "Race Two" })
        #expect(subject.subtopics > 0 && subject.count(of: "flashcards") > 0 && subject.count(of: "quiz") > 0)
    }

    @Test(arguments: StoreEngine.allCases) func fourOverlappingBatchesOnOneStoreGenerateEverySubjectOnce(engine: StoreEngine) async throws {
        let cli = try await CLIRunner(engine)
        defer { cli.remove() }
        let plugins = try cli.write(Self.slowMock, to: "plugins/slow-mock.yaml").deletingLastPathComponent()
        let titles = ["Optics", "Geology", "Statistics", "Astronomy", "Ecology", "Genetics"]
        let batch = try cli.write(titles.map { "- \($0)" }.joined(separator: "\n"), to: "subjects.yaml")
        func arguments(_ report: String) -> [String] {
            ["batch", batch.path, "--provider", "slow-mock", "--plugins", plugins.path, "--max-subtopics", "2", "--jobs", "2",
             "--report", cli.directory.appendingPathComponent(report).path]
        }
        func report(_ name: String) throws -> BatchReport {
            try JSONDecoder().decode(BatchReport.self, from: Data(contentsOf: cli.directory.appendingPathComponent(name)))
        }

        let single = try await cli.run(arguments("single.json"), environment: ["PRIMER_STORE": cli.directory.appendingPathComponent("single.sqlite").path])
        #expect(single.status == 0, "\(single.stderr)")
        let singleCalls = try report("single.json").providerCalls

        let runs = try await withThrowingTaskGroup(of: CLIRunner.Result.self) { group in
            for index in 0..<4 {
                group.addTask {
                    // Started a little apart, as overlapping cron jobs or terminals would be.
                    try await Task.sleep(for: .milliseconds(150 * index))
                    return try await cli.run(arguments("report-\(index).json"))
                }
            }
            var results: [CLIRunner.Result] = []
            for try await result in group { results.append(result) }
            return results
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let reports = try (0..<4).map { try report("report-\($0).json") }
        #expect(reports.allSatisfy { $0.complete == titles.count }, "every run sees every kit complete")
        #expect(reports.map(\.providerCalls).reduce(0, +) == singleCalls, "calls per run: \(reports.map(\.providerCalls)), a single run made \(singleCalls)")

        let store = try await cli.openStore()
        for title in titles {
            let counts = try await Self.generationCounts(store, title)
            #expect(counts.count == 1 + 2 * 7, "\(title): \(counts.keys.sorted())")
            for (key, count) in counts { #expect(count.ok == 1 && count.other == 0, "\(title) \(key): \(count.ok) ok, \(count.other) others") }
        }
    }
}
