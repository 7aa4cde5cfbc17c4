import Foundation
import Testing

/// `generate --json` prints one JSON object even when the run stops on a provider error: the
/// summary as far as the run got, with `error`, and a non-zero exit status.
@Suite struct GenerateStoppedJSONTests {
    /// A mock that refuses `family` for good (a non-retryable provider error).
    static func refusingMock(_ cli: CLIRunner, family: String) throws -> [String: String] {
        let plugins = try cli.write("""
            name: mock-refusing
            adapter: mock
            model: mock-1
            capabilities: [json_schema, seed]
            settings: {seed: 42, faults: [{type: fatal, families: [\(family)]}]}
            """, to: "plugins/mock-refusing.yaml").deletingLastPathComponent()
        return ["PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "mock-refusing"]
    }

    static func object(_ stdout: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
    }

    @Test func aRunStoppedAfterThePlanPrintsItsSummaryWithTheError() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let result = try await cli.run(
            ["generate", "Cell Biology", "--max-subtopics", "1", "--json"], environment: try Self.refusingMock(cli, family: "flashcards"))
        #expect(result.status != 0)
        let summary = try #require(Self.object(result.stdout), "stdout is one JSON object: \(result.stdout)")
        let error = try #require(summary["error"] as? String)
        #expect(error.contains("injected fault (fatal) for family flashcards"), "\(error)")
        #expect(summary["subject"] as? String == "Cell Biology")
        #expect(summary["provider"] as? String == "mock-refusing")
        #expect(summary["kind"] as? String == "general")
        #expect(((summary["topics"] as? [Any]) ?? []).count >= 2, "the stored plan")
        #expect((summary["attempts"] as? Int ?? 0) >= 3, "plan, lesson and the refused flashcards")
        #expect((summary["promptTokens"] as? Int ?? 0) > 0)
        #expect(result.stderr.contains("injected fault (fatal)"), "the error is still on stderr: \(result.stderr)")
    }

    @Test func aRunWhosePlanIsRefusedPrintsItsSummaryWithTheError() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let result = try await cli.run(["generate", "Cell Biology", "--json"], environment: try Self.refusingMock(cli, family: "plan"))
        #expect(result.status != 0)
        let summary = try #require(Self.object(result.stdout), "stdout is one JSON object: \(result.stdout)")
        #expect((summary["error"] as? String)?.contains("injected fault (fatal) for family plan") == true)
        #expect((summary["topics"] as? [Any])?.isEmpty == true)
        #expect(summary["attempts"] as? Int == 1)
    }
}
