import Foundation
import Testing

/// A store written by an earlier release (Tests/Fixtures/release-store, see its README) opens
/// with this build, is migrated, and shows exactly what that release showed: no schema change
/// may lose or alter stored content.
@Suite struct StoreFromAnEarlierReleaseTests {
    static let fixture = CLIRunner.root.appendingPathComponent("Tests/Fixtures/release-store")
    static let subjects = [
        ("Photosynthesis", "show-photosynthesis.json"), ("Spanish A2 Grammar", "show-spanish-a2-grammar.json"),
        ("Cell Biology", "show-cell-biology.json"), ("Thermodynamics", "show-thermodynamics.json"),
    ]

    static func json(_ text: String) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSObject, "not JSON: \(text.prefix(300))")
    }

    @Test func itOpensMigratesAndShowsTheSameKits() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        // A copy: the committed file must stay as that release wrote it.
        try FileManager.default.copyItem(at: Self.fixture.appendingPathComponent("release-store.sqlite"), to: URL(fileURLWithPath: cli.storePath))

        for (title, file) in Self.subjects {
            let shown = try await cli.run(["show", title, "--format", "json"])
            #expect(shown.status == 0, "\(shown.stderr)")
            let expected = try String(contentsOf: Self.fixture.appendingPathComponent(file), encoding: .utf8)
            #expect(try Self.json(shown.stdout) == Self.json(expected), "\(title) shows what the earlier release showed")
        }
        let list = try await cli.run(["list", "--json"])
        let expectedList = try String(contentsOf: Self.fixture.appendingPathComponent("list.json"), encoding: .utf8)
        #expect(try Self.json(list.stdout) == Self.json(expectedList))

        // The migrated store is complete: the same command makes no provider call; the family
        // that failed in that release is the only thing generated again.
        let rerun = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "2", "--json"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let summary = try #require(try Self.json(rerun.stdout) as? [String: Any])
        #expect(summary["providerCalls"] as? Int == 0)
        let retry = try await cli.run(["generate", "Thermodynamics", "--max-subtopics", "1", "--json"])
        #expect(retry.status == 0, "\(retry.stderr)")
        let retried = try #require(try Self.json(retry.stdout) as? [String: Any])
        #expect(retried["providerCalls"] as? Int == 1, "only the failed quiz is generated again")
    }
}
