import Foundation
import PrimerCore
import PrimerStore
import PrimerTestSupport
import Testing

/// Several primer processes started at once on one new store: two batch runs, a script looping
/// `primer generate`, a user's `primer list` while a batch starts.
@Suite struct ConcurrentProcessesTests {
    @Test(arguments: StoreEngine.allCases) func processesStartedTogetherOnANewStoreAllSucceedAndEveryKitIsStored(engine: StoreEngine) async throws {
        let cli = try await CLIRunner(engine)
        defer { cli.remove() }
        let titles = ["Linear Algebra", "Cell Biology", "Thermodynamics", "World History", "Statistics"]
        let results = try await withThrowingTaskGroup(of: CLIRunner.Result.self) { group in
            for title in titles { group.addTask { try await cli.run(["generate", title, "--provider", "mock"]) } }
            group.addTask { try await cli.run(["list", "--json"]) }
            var results: [CLIRunner.Result] = []
            for try await result in group { results.append(result) }
            return results
        }
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        let subjects = try await cli.openStore().listSubjects()
        #expect(Set(subjects.map(\.title)) == Set(titles))
        #expect(subjects.allSatisfy { $0.subtopics > 0 && $0.count(of: "flashcards") > 0 && $0.count(of: "quiz") > 0 && $0.count(of: "terms") > 0 })
    }
}
