import Foundation
import PrimerTestSupport
import Testing

/// The `near-duplicate` gate as a user meets it: a card the learner wrote is stored, the
/// subtopic is generated again with an embedder, and the generated card that says the same thing
/// in other words is dropped (the learner's stays); without an embedder nothing is compared.
struct NearDuplicateCommandTests {
    /// The flashcards of the first subtopic, as `show --format json` prints them.
    func flashcards(_ cli: CLIRunner) async throws -> (subtopic: String, cards: [[String: Any]]) {
        let show = try await cli.run(["show", "Linear Algebra", "--format", "json"])
        let kit = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let subtopic = try #require(((kit["topics"] as? [[String: Any]])?.first?["subtopics"] as? [[String: Any]])?.first)
        let content = try #require(subtopic["content"] as? [[String: Any]])
        let cards = content.first { $0["family"] as? String == "flashcards" }?["items"] as? [[String: Any]] ?? []
        return (try #require(subtopic["title"] as? String), cards)
    }

    @Test(arguments: StoreEngine.allCases) func aGeneratedCardRepeatingTheLearnersOwnIsDropped(engine: StoreEngine) async throws {
        let cli = try await CLIRunner(engine)
        defer { cli.remove() }
        let first = try await cli.run(["generate", "Linear Algebra", "--max-subtopics", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        // The flashcards as a regeneration writes them (the first run's were written before the
        // subject had terms, so their prompt differs): the same request gives the same answer.
        let (subtopic, _) = try await flashcards(cli)
        let again = try await cli.run(["generate", "Linear Algebra", "--subtopic", subtopic, "--family", "flashcards", "--regenerate"])
        #expect(again.status == 0, "\(again.stderr)")
        let generated = try await flashcards(cli).cards
        let repeated = try #require(generated.first)
        let front = try #require(repeated["front"] as? String), back = try #require(repeated["back"] as? String)
        // The learner's card: the same words in another order (mock-embeddings reads words, so
        // its vector is the generated card's) — what no word-for-word check would call a repeat.
        let words = (front + " " + back).split(separator: " ").map(String.init)
        let add = try await cli.run([
            "cards", "add", "Linear Algebra", "--subtopic", subtopic, "--front", words.reversed().prefix(words.count / 2).joined(separator: " "),
            "--back", words.reversed().dropFirst(words.count / 2).joined(separator: " "),
        ])
        #expect(add.status == 0, "\(add.stderr)")

        // Without an embedder the gate compares nothing: the generated card comes back.
        let plain = try await cli.run(["generate", "Linear Algebra", "--subtopic", subtopic, "--family", "flashcards", "--regenerate"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try await flashcards(cli).cards.contains { $0["front"] as? String == front })

        let gated = try await cli.run([
            "generate", "Linear Algebra", "--subtopic", subtopic, "--family", "flashcards", "--regenerate", "--embedder", "mock-embeddings", "--json",
        ])
        #expect(gated.status == 0, "\(gated.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(gated.stdout.utf8)) as? [String: Any])
        let dropped = ((summary["families"] as? [String: Any])?["flashcards"] as? [String: Any])?["dropped"] as? Int
        #expect((dropped ?? 0) >= 1, "\(gated.stdout)")
        let after = try await flashcards(cli).cards
        #expect(!after.contains { $0["front"] as? String == front }, "the repeat of the learner's card was stored: \(after)")
        #expect(after.contains { ($0["front"] as? String)?.hasPrefix(words.last!) == true }, "the learner's own card is kept")
        #expect(after.count >= 2, "the other generated cards are kept: \(after)")
    }
}
