import Foundation
import PrimerTestSupport
import Testing

/// A kit does not depend on scheduling: a subtopic is written from, and compared with, what the
/// subtopics before it in plan order stored (their terms, their items), whatever finished first.
/// So a batch made four subtopics at a time equals the batch made one at a time, item for item —
/// with the words-only gates and with an embedder's near-duplicate gate alike.
struct SchedulingIndependenceTests {
    static let subjects = ["Cell Biology", "Linear Algebra", "World History", "Organic Chemistry"]

    func kits(concurrency: Int, embedder: String?) async throws -> [String: [String]] {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let file = try cli.write(Self.subjects.map { "- \($0)" }.joined(separator: "\n") + "\n", to: "subjects.yaml")
        let made = try await cli.run(
            ["batch", file.path, "--max-subtopics", "4", "--concurrency", "\(concurrency)"] + (embedder.map { ["--embedder", $0] } ?? []))
        // With the mock embedder one subtopic's flashcards repeat earlier ones past the limit and
        // fail: a partial kit, the same on every run, compared like the others.
        try #require((made.stdout + made.stderr).contains("4 subjects: "), "\(made.stdout)\(made.stderr)")
        return try await KitItems.of(cli)
    }

    @Test(arguments: [nil, "mock-embeddings"]) func aBatchMadeFourSubtopicsAtATimeEqualsOneAtATime(embedder: String?) async throws {
        let sequential = try await kits(concurrency: 1, embedder: embedder)
        #expect(sequential.count == Self.subjects.count && sequential.values.allSatisfy { $0.count > 20 }, "\(sequential.mapValues(\.count))")
        for _ in 0..<2 {
            let concurrent = try await kits(concurrency: 4, embedder: embedder)
            #expect(concurrent == sequential, "\(KitItems.differences(sequential, concurrent))")
        }
    }
}
