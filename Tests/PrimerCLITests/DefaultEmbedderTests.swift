import Foundation
import GRDB
import PrimerTestSupport
import Testing

/// Meaning is read by default when the embedding model is installed (the README's first command
/// installs it): `generate` says so once, and its gates' vectors land in the store's cache;
/// `--no-embedder` reads words only; without the model nothing is said or launched. Needs
/// `scripts/install-local-embeddings.sh` (scripts/test.sh runs it): not skipped without it.
@Suite(.serialized) struct DefaultEmbedderTests {
    static let notice = "Meaning is read by minilm-local (installed)"

    func embeddings(_ cli: CLIRunner) throws -> Int {
        try DatabaseQueue(path: cli.storePath).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM embeddings") ?? 0 }
    }

    @Test(.timeLimit(.minutes(4))) func theInstalledModelReadsMeaningUnlessTurnedOff() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let unset = ["PRIMER_EMBEDDER": ""]
        let on = try await cli.run(["generate", "Linear Algebra", "--max-subtopics", "1"], environment: unset)
        #expect(on.status == 0, "\(on.stderr)")
        #expect(on.stderr.components(separatedBy: Self.notice).count == 2, "said once: \(on.stderr)")
        let cached = try embeddings(cli)
        #expect(cached > 0, "the gates' texts were embedded by the default model")

        let off = try await cli.run(["generate", "Cell Biology", "--max-subtopics", "1", "--no-embedder"], environment: unset)
        #expect(off.status == 0, "\(off.stderr)")
        #expect(!off.stderr.contains(Self.notice), "\(off.stderr)")
        #expect(try embeddings(cli) == cached, "nothing embedded with --no-embedder")

        let contradicting = try await cli.run(["generate", "Cell Biology", "--no-embedder", "--embedder", "minilm-local"])
        #expect(contradicting.status != 0 && contradicting.stderr.contains("contradict each other"), "\(contradicting.stderr)")
    }

    @Test func withoutTheModelNothingIsSaidOrLaunched() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let emptyCache = cli.directory.appendingPathComponent("empty-cache").path
        try FileManager.default.createDirectory(atPath: emptyCache, withIntermediateDirectories: true)
        let run = try await cli.run(["generate", "Linear Algebra", "--max-subtopics", "1"], environment: ["PRIMER_EMBEDDER": "", "PRIMER_CACHE": emptyCache])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains(Self.notice), "\(run.stderr)")
        #expect(try embeddings(cli) == 0)
    }
}
