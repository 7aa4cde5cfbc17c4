import Foundation
import PrimerStore
import PrimerTestSupport
import Testing

/// `generate --subtopic NAME [--family NAME] [--regenerate]`: one subtopic or one family on
/// demand, and a replacement that touches nothing else.
@Suite struct GenerateOnDemandTests {
    /// Every item row as "family id generation_id subtopic_id", read with Python's sqlite3 so
    /// the test sees the file as it is, not through Primer's own queries.
    static func contentRows(_ store: String) async throws -> Set<String> {
        let python = try await TestPrograms.run("python3", ["-c", """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            for row in c.execute("SELECT family, id, generation_id, subtopic_id FROM items"):
                print(*row)
            """, store])
        #expect(python.status == 0, "\(python.stderr)")
        return Set(python.stdout.split(separator: "\n").map(String.init))
    }

    @Test func regeneratingOneFamilyOfOneSubtopicReplacesItAloneAndKeepsEveryOtherId() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let first = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "2"])
        #expect(first.status == 0, "\(first.stderr)")
        let store = try SQLiteStore(path: cli.storePath)
        let kit = try #require(try await store.kit(subjectTitle: "Photosynthesis"))
        let subtopics = kit.topics.flatMap(\.subtopics)
        let (chosen, other) = (subtopics[0], subtopics[1])
        let before = try await Self.contentRows(cli.storePath)

        // Another seed, so the new quiz differs from the old one.
        let plugins = try cli.write("name: mock-seven\nadapter: mock\nmodel: mock-1\nsettings: {seed: 7}\n", to: "plugins/mock-seven.yaml")
            .deletingLastPathComponent()
        let again = try await cli.run([
            "generate", "Photosynthesis", "--subtopic", chosen.title.uppercased(), "--family", "quiz", "--regenerate",
            "--provider", "mock-seven", "--plugins", plugins.path, "--json",
        ])
        #expect(again.status == 0, "\(again.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(summary["providerCalls"] as? Int == 1, "one quiz, nothing else")

        let after = try await Self.contentRows(cli.storePath)
        let chosenID = try #require(try await store.generations(subjectTitle: "Photosynthesis").first { $0.subtopicTitle == chosen.title }?.subtopicID)
        let replaced = before.filter { $0.hasPrefix("quiz ") && $0.hasSuffix(" \(chosenID)") }
        #expect(!replaced.isEmpty)
        #expect(before.subtracting(replaced).isSubset(of: after), "every other row keeps its id and generation")
        #expect(after.subtracting(before).allSatisfy { $0.hasPrefix("quiz ") && $0.hasSuffix(" \(chosenID)") })
        #expect(after.isDisjoint(with: replaced), "the chosen quiz has new rows")

        let newKit = try #require(try await store.kit(subjectTitle: "Photosynthesis"))
        let newSubtopics = newKit.topics.flatMap(\.subtopics)
        #expect(newSubtopics[0].choices("quiz") != chosen.choices("quiz"), "the quiz was generated again")
        #expect(newSubtopics[0].pairs("flashcards") == chosen.pairs("flashcards") && newSubtopics[0].lesson == chosen.lesson)
        #expect(newSubtopics[1].choices("quiz") == other.choices("quiz"))
        // The replaced generation stays as provenance.
        let quizGenerations = try await store.generations(subjectTitle: "Photosynthesis").filter { $0.family == "quiz" && $0.subtopicID == chosenID }
        #expect(quizGenerations.map(\.provider) == ["mock", "mock-seven"])
    }

    @Test func oneSubtopicOnDemandGeneratesOnlyWhatItLacks() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let plan = try await cli.run(["generate", "Photosynthesis", "--plan-only"])
        #expect(plan.status == 0, "\(plan.stderr)")
        let store = try SQLiteStore(path: cli.storePath)
        let third = try #require(try await store.kit(subjectTitle: "Photosynthesis")?.topics.flatMap(\.subtopics).dropFirst(2).first)
        let flashcards = try await cli.run(["generate", "Photosynthesis", "--subtopic", " \(third.title) ", "--family", "flashcards", "--json"])
        #expect(flashcards.status == 0, "\(flashcards.stderr)")
        let whole = try await cli.run(["generate", "Photosynthesis", "--subtopic", third.title, "--json"])
        #expect(whole.status == 0, "\(whole.stderr)")
        func calls(_ result: CLIRunner.Result) throws -> Int? {
            (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["providerCalls"] as? Int
        }
        #expect(try calls(flashcards) == 1)
        #expect(try calls(whole) == 6, "the lesson, quiz, cloze, terms, matching and ordering; the flashcards are stored")
        let generated = Set(try await store.generations(subjectTitle: "Photosynthesis").compactMap(\.subtopicTitle))
        #expect(generated == [third.title], "no other subtopic was touched")
    }

    @Test func aBadChoiceSaysWhatThereIsAndChangesNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let first = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try await Self.contentRows(cli.storePath)
        let noSubtopic = try await cli.run(["generate", "Photosynthesis", "--subtopic", "Quantum Gravity"])
        #expect(noSubtopic.status != 0)
        #expect(noSubtopic.stderr.contains("no subtopic “Quantum Gravity” in the plan of “Photosynthesis”; its subtopics are:"))
        let noFamily = try await cli.run(["generate", "Photosynthesis", "--family", "mnemonics"])
        #expect(noFamily.status != 0)
        #expect(noFamily.stderr.contains("no subtopic family “mnemonics”") && noFamily.stderr.contains("flashcards"))
        let noTarget = try await cli.run(["generate", "Photosynthesis", "--regenerate"])
        #expect(noTarget.status != 0)
        #expect(noTarget.stderr.contains("--regenerate replaces one subtopic: name it with --subtopic"))
        #expect(try await Self.contentRows(cli.storePath) == before)
    }
}
