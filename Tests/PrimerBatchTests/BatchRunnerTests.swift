import Foundation
import PrimerBatch
import PrimerCore
import PrimerProviders
import PrimerStore
import Testing
import PrimerGeneration

@Suite struct BatchRunnerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func oneSubjectsFailureNeverStopsTheOthers() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("batch-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(path: directory.appendingPathComponent("s.sqlite").path)
        let families = try FamilySet.load(directory: Self.root.appendingPathComponent("Prompts"))
        let registry = try ProviderRegistry(directories: [Self.root.appendingPathComponent("Plugins")])
        let mock = try registry.makeProvider(named: "mock", environment: [:])
        let items = ["Optics", "Broken Subject", "Geology", "Statistics"].map { BatchItem(title: $0) }

        let events = EventLog()
        let report = await BatchRunner(jobs: 3, options: PipelineOptions(maxSubtopics: 1)).run(items, makePipeline: { item in
            if item.title == "Broken Subject" { throw BatchFileError("document missing.pdf not found") }
            return Pipeline(families: families, provider: mock, store: store)
        }, progress: { events.add($0) })

        #expect(report.subjects.map(\.title) == ["Optics", "Broken Subject", "Geology", "Statistics"])
        #expect(report.complete == 3)
        #expect(report.failed == 1)
        #expect(report.subjects[1].error?.contains("missing.pdf") == true)
        #expect(report.providerCalls == 3 * 8, "the plan and 7 families of one subtopic, for 3 subjects")
        #expect(try await store.listSubjects().count == 3)
        #expect(events.finished == 4)

        // The report is JSON with totals.
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any]
        let totals = try #require(json?["totals"] as? [String: Any])
        #expect(totals["failed"] as? Int == 1)
        #expect(totals["providerCalls"] as? Int == 24)

        // Running it again generates nothing already stored.
        let again = await BatchRunner(jobs: 3, options: PipelineOptions(maxSubtopics: 1)).run(Array(items.filter { $0.title != "Broken Subject" }), makePipeline: { _ in
            Pipeline(families: families, provider: mock, store: store)
        })
        #expect(again.providerCalls == 0)
        #expect(again.complete == 3)
    }
}

final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add(_ event: BatchEvent) {
        lock.lock()
        defer { lock.unlock() }
        if case .subjectFinished = event { count += 1 }
    }
    var finished: Int { lock.lock(); defer { lock.unlock() }; return count }
}
