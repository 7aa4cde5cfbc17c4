import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

/// Generation meeting study, on a mock kit through the binary: `generate --rewrite-leeches`
/// writes again the items forgotten `study.leech_lapses` times (the new items carry the old
/// ones' history, the review log keeps every review, nothing else moves), and a document added
/// later grounds a regenerated family without touching reviewed cards.
@Suite struct LeechRewriteTests {
    static let subject = StudyCommandTests.subject

    /// A mock kit whose leech threshold is 2 lapses.
    static func kit() async throws -> CLIRunner {
        try await StudyCommandTests.kit(study: "{fuzz: false, leech_lapses: 2}")
    }

    /// Learnt, forgotten, relearnt and forgotten again `lapses` times, a day apart, in the past.
    static func forget(_ key: String, lapses: Int, in cli: CLIRunner) async throws {
        let ratings = ["good", "good"] + Array(repeating: ["again", "good"], count: lapses).flatMap { $0 }
        let start = Date().addingTimeInterval(-Double(ratings.count + 1) * 86_400)
        for (day, rating) in ratings.enumerated() {
            let at = start.addingTimeInterval(Double(day) * 86_400).formatted(.iso8601)
            let result = try await cli.run(["review", "rate", key, rating, "--at", at])
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    static func cards(_ cli: CLIRunner) async throws -> [[String: Any]] {
        try #require(try StudyCommandTests.json(try await cli.run(["cards", "list", subject, "--json"])) as? [[String: Any]])
    }

    static func reviewLogLines(_ cli: CLIRunner) async throws -> [Substring] {
        let log = try await cli.run(["export", subject, "--format", "review-log", "--out", "log.csv"])
        #expect(log.status == 0, "\(log.stderr)")
        return try String(contentsOf: cli.directory.appendingPathComponent("log.csv"), encoding: .utf8).split(separator: "\n").dropFirst().map { $0 }
    }

    @Test func leechesAreWrittenAgainAndKeepTheirHistory() async throws {
        let cli = try await Self.kit()
        defer { cli.remove() }
        let before = try await Self.cards(cli)
        let byFamily = { (family: String) in before.filter { $0["family"] as? String == family }.compactMap { $0["key"] as? String } }
        let leeches = [byFamily("flashcards")[0], byFamily("flashcards")[1], byFamily("quiz")[0], byFamily("cloze")[0]]
        let struggling = byFamily("flashcards")[2]
        for key in leeches { try await Self.forget(key, lapses: 2, in: cli) }
        try await Self.forget(struggling, lapses: 1, in: cli)
        let logBefore = try await Self.reviewLogLines(cli)
        #expect(logBefore.count == 4 * 6 + 4)

        let run = try await cli.run(["generate", Self.subject, "--rewrite-leeches", "--json"])
        let summary = try StudyCommandTests.object(run)
        let rewrites = try #require(summary["rewrites"] as? [[String: Any]])
        #expect(Set(rewrites.compactMap { $0["replacedKey"] as? String }) == Set(leeches))
        #expect(rewrites.allSatisfy { $0["reason"] as? String == "forgotten 2 times in 6 reviews" })
        let newKeys = rewrites.compactMap { $0["newKey"] as? String }
        #expect(newKeys.count == 4 && Set(newKeys).isDisjoint(with: leeches))
        // One provider call per family with leeches, none for the lesson or the other families.
        #expect(summary["providerCalls"] as? Int == 3)

        let after = try await Self.cards(cli)
        let keys = Set(after.compactMap { $0["key"] as? String })
        #expect(keys.isDisjoint(with: leeches) && keys.isSuperset(of: newKeys))
        #expect(after.count == before.count, "each leech is replaced by one item")
        let kept = try #require(after.first { $0["key"] as? String == struggling })
        #expect(kept["lapses"] as? Int == 1, "an item below the threshold is not rewritten")
        for key in newKeys {
            let card = try #require(after.first { $0["key"] as? String == key })
            #expect(card["state"] as? String == "new")
        }
        let flashcard = try #require(after.first { $0["key"] as? String == newKeys[rewrites.firstIndex { $0["family"] as? String == "flashcards" }!] })
        #expect((flashcard["hint"] as? String ?? "").isEmpty == false, "a rewritten flashcard comes with a hint")

        // The new item's provenance: the leech it replaced, with its numbers and the reason.
        let shown = try StudyCommandTests.object(try await cli.run(["cards", "show", newKeys[0], "--json"]))
        let replaced = try #require(shown["replaced"] as? [[String: Any]])
        #expect(replaced.count == 1 && replaced[0]["key"] as? String == rewrites[0]["replacedKey"] as? String)
        #expect(replaced[0]["lapses"] as? Int == 2 && replaced[0]["reviews"] as? Int == 6)
        let text = try await cli.run(["cards", "show", newKeys[0]])
        #expect(text.stdout.contains("Rewrites \(rewrites[0]["replacedKey"] as! String)") && text.stdout.contains("forgotten 2 times"), "\(text.stdout)")
        // Every review stays in the log, under the old items' ids.
        #expect(try await Self.reviewLogLines(cli) == logBefore)

        // Nothing left to rewrite: said so, exit 0, no provider call.
        let again = try await cli.run(["generate", Self.subject, "--rewrite-leeches"])
        #expect(again.status == 0 && again.stdout.contains("No leeches") && again.stdout.contains("forgotten 2 or more times"), "\(again.stdout)\(again.stderr)")

        // Regenerating the family keeps the rewritten card (it carries the leech's history).
        let subtopic = try #require(flashcard["subtopic"] as? String)
        let regenerated = try await cli.run(["generate", Self.subject, "--subtopic", subtopic, "--family", "flashcards", "--regenerate"])
        #expect(regenerated.status == 0, "\(regenerated.stderr)")
        let flashcardKey = try #require(flashcard["key"] as? String)
        #expect(try await Self.cards(cli).contains { $0["key"] as? String == flashcardKey })

        // A rewrite that becomes a leech in turn: the newest item carries the whole chain. (Its
        // history is recorded in the past, so the rewrite is dated back first.)
        try await StudyCommandTests.backdate(cli)
        try await Self.forget(flashcardKey, lapses: 2, in: cli)
        let second = try StudyCommandTests.object(
            try await cli.run(["generate", Self.subject, "--rewrite-leeches", "--family", "flashcards", "--json"]))
        let secondRewrite = try #require((second["rewrites"] as? [[String: Any]])?.first)
        let newest = try #require(secondRewrite["newKey"] as? String)
        let chain = try StudyCommandTests.object(try await cli.run(["cards", "show", newest, "--json"]))
        let history = try #require(chain["replaced"] as? [[String: Any]]).compactMap { $0["key"] as? String }
        #expect(history == [flashcardKey, rewrites[rewrites.firstIndex { $0["family"] as? String == "flashcards" }!]["replacedKey"] as! String])
    }

    @Test func rewritingRefusesWhatItCannotDoAndChangesNothing() async throws {
        let cli = try await Self.kit()
        defer { cli.remove() }
        let key = try #require(try await Self.cards(cli).first { $0["family"] as? String == "flashcards" }?["key"] as? String)
        try await Self.forget(key, lapses: 2, in: cli)

        // A family without a `rewrite:` template: one clear error naming it, before any call.
        let prompts = cli.directory.appendingPathComponent("my-prompts")
        try FileManager.default.copyItem(at: CLIRunner.root.appendingPathComponent("Prompts").resolvingSymlinksInPath(), to: prompts)
        let file = prompts.appendingPathComponent("flashcards.yaml")
        var yaml = try String(contentsOf: file, encoding: .utf8)
        let start = try #require(yaml.range(of: "\nrewrite: |"))
        let end = try #require(yaml.range(of: "\ngates:", range: start.upperBound..<yaml.endIndex))
        yaml.removeSubrange(start.lowerBound..<end.lowerBound)
        let variant = try #require(yaml.range(of: "\n    rewrite: |"))
        yaml.removeSubrange(variant.lowerBound..<yaml.endIndex)
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        let refused = try await cli.run(["generate", Self.subject, "--rewrite-leeches", "--prompts", prompts.path])
        #expect(refused.status != 0 && refused.stderr.contains("declares no `rewrite:` template"), "\(refused.stderr)")

        let combined = try await cli.run(["generate", Self.subject, "--rewrite-leeches", "--regenerate-plan"])
        #expect(combined.status != 0 && combined.stderr.contains("--rewrite-leeches"), "\(combined.stderr)")
        let unknown = try await cli.run(["generate", "Nothing Here", "--rewrite-leeches"])
        #expect(unknown.status != 0 && unknown.stderr.contains("Nothing Here"), "\(unknown.stderr)")

        // The leech is still there, with its history.
        let shown = try StudyCommandTests.object(try await cli.run(["cards", "show", key, "--json"]))
        #expect(shown["lapses"] as? Int == 2)
    }

    @Test func aDocumentAddedLaterGroundsARegeneratedFamilyAndKeepsReviewedCards() async throws {
        let cli = try await Self.kit()
        defer { cli.remove() }
        let before = try await Self.cards(cli)
        let flashcards = before.filter { $0["family"] as? String == "flashcards" }
        let reviewed = try #require(flashcards.first?["key"] as? String)
        let subtopic = try #require(flashcards.first?["subtopic"] as? String)
        _ = try StudyCommandTests.object(try await cli.run(["review", "rate", reviewed, "good", "--json"]))

        let doc = try cli.write(DocumentCommandTests.biology, to: "biology.md")
        let run = try await cli.run(["generate", Self.subject, "--doc", doc.path, "--subtopic", subtopic, "--family", "flashcards", "--regenerate"])
        #expect(run.status == 0 && run.stderr.contains("Attached biology.md"), "\(run.stderr)")

        let after = try await Self.cards(cli)
        let kept = try #require(after.first { $0["key"] as? String == reviewed })
        #expect(kept["reps"] as? Int == 1, "the reviewed card stays with its history")
        let newKeys = Set(after.filter { $0["family"] as? String == "flashcards" }.compactMap { $0["key"] as? String })
            .subtracting(flashcards.compactMap { $0["key"] as? String })
        #expect(!newKeys.isEmpty, "the regenerated family adds cards")
        // The other families are untouched.
        let others = { (cards: [[String: Any]]) in Set(cards.filter { $0["family"] as? String != "flashcards" }.compactMap { $0["key"] as? String }) }
        #expect(others(after) == others(before))
        // The new flashcards were grounded on the document: it is among the subtopic's sources.
        let kit = try JSONDecoder().decode(Kit.self, from: Data(try await cli.run(["show", Self.subject, "--format", "json"]).stdout.utf8))
        let sources = kit.topics.flatMap(\.subtopics).first { $0.title == subtopic }?.sources ?? []
        #expect(sources.contains { $0.url.hasPrefix("document:") && $0.title.hasPrefix("biology.md") }, "\(sources)")
    }
}
