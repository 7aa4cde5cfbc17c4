import Foundation
import Testing

/// A store written by an earlier release (Tests/Fixtures/release-store, see its README) opens
/// with this build, is migrated, and shows exactly what that release showed: no schema change
/// may lose or alter stored content. That release showed content in a table per type (`notes`,
/// `flashcards`, `questions`, `terms`); this one shows each family's items (`content`), so the
/// test reads the new output back into the old layout, item by item, and compares.
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
            let kit = try #require(try Self.json(shown.stdout) as? [String: Any])
            #expect(try Self.earlierLayout(kit: kit) as NSObject == Self.json(expected), "\(title) shows what the earlier release showed")
        }
        let list = try await cli.run(["list", "--json"])
        let expectedList = try String(contentsOf: Self.fixture.appendingPathComponent("list.json"), encoding: .utf8)
        let subjects = try #require(try Self.json(list.stdout) as? [[String: Any]])
        #expect(try subjects.map(Self.earlierLayout(summary:)) as NSObject == Self.json(expectedList))

        // The migrated store is complete for that release's families (its `notes` lesson is the
        // `lesson` family's, not one missing): the same command only generates the families new since then (cloze, matching, ordering) for each of the 2
        // subtopics; in the other subject, the quiz that failed in that release is generated
        // again with the three new families.
        let rerun = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "2", "--json"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let summary = try #require(try Self.json(rerun.stdout) as? [String: Any])
        #expect(summary["providerCalls"] as? Int == 2 * 3)
        let retry = try await cli.run(["generate", "Thermodynamics", "--max-subtopics", "1", "--json"])
        #expect(retry.status == 0, "\(retry.stderr)")
        let retried = try #require(try Self.json(retry.stdout) as? [String: Any])
        #expect(retried["providerCalls"] as? Int == 4, "the failed quiz and the three new families")
    }

    /// A kit as `show --format json` printed it before the item store: per subtopic the lesson
    /// as `notes`, then `flashcards`, `questions` and `terms` with their fields of then.
    static func earlierLayout(kit: [String: Any]) -> [String: Any] {
        var kit = kit
        kit["topics"] = (kit["topics"] as? [[String: Any]] ?? []).map { topic in
            var topic = topic
            topic["subtopics"] = (topic["subtopics"] as? [[String: Any]] ?? []).map { subtopic in
                var subtopic = subtopic
                let content = subtopic.removeValue(forKey: "content") as? [[String: Any]] ?? []
                func items(_ family: String) -> [[String: Any]] {
                    let found = content.first { $0["family"] as? String == family }?["items"] as? [[String: Any]] ?? []
                    return found.map { item in item.filter { $0.key != "id" } }
                }
                if let lesson = content.first(where: { $0["role"] as? String == "lesson" }),
                    let body = (lesson["items"] as? [[String: Any]])?.first?["body"]
                {
                    subtopic["notes"] = body
                }
                // The lesson family is `lesson` now (`v16-lesson-family` renamed its rows); that
                // release called it `notes`.
                #expect(content.filter { $0["role"] as? String == "lesson" }.allSatisfy { ["lesson", "grammar-lesson"].contains($0["family"] as? String ?? "") })
                subtopic["generations"] = (subtopic["generations"] as? [[String: Any]])?.map { generation in
                    var generation = generation
                    if generation["family"] as? String == "lesson" { generation["family"] = "notes" }
                    return generation
                }
                subtopic["flashcards"] = items("flashcards")
                subtopic["questions"] = items("quiz")
                subtopic["terms"] = items("terms").map { ["term": $0["front"] ?? "", "definition": $0["back"] ?? ""] }
                return subtopic
            }
            return topic
        }
        return kit
    }

    /// A `list --json` entry as it was before: counts of lessons, flashcards, questions, terms.
    static func earlierLayout(summary: [String: Any]) -> [String: Any] {
        var summary = summary
        let families = summary.removeValue(forKey: "families") as? [[String: Any]] ?? []
        func count(_ family: String) -> Int { families.first { $0["family"] as? String == family }?["items"] as? Int ?? 0 }
        summary["lessons"] = families.filter { $0["shape"] as? String == "lesson" }.compactMap { $0["items"] as? Int }.max() ?? 0
        summary["flashcards"] = count("flashcards")
        summary["questions"] = count("quiz")
        summary["terms"] = count("terms")
        return summary
    }
}
