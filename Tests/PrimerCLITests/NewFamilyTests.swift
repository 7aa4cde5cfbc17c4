import Foundation
import PrimerCore
import Testing

/// A new family of an existing shape is one YAML file: copied into a prompts folder, it is
/// generated (the mock answers it from its shape), stored, shown, exported and evaluated with no
/// change to Primer.
@Suite struct NewFamilyTests {
    @Test func aFamilyAddedInAPromptsFolderGoesThroughEveryCommand() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let prompts = cli.directory.appendingPathComponent("prompts")
        try FileManager.default.createDirectory(at: prompts, withIntermediateDirectories: true)
        let shipped = CLIRunner.root.appendingPathComponent("Prompts").resolvingSymlinksInPath()
        for file in try FileManager.default.contentsOfDirectory(atPath: shipped.path) where file.hasSuffix(".yaml") {
            try FileManager.default.copyItem(at: shipped.appendingPathComponent(file), to: prompts.appendingPathComponent(file))
        }
        let flashcards = try String(contentsOf: shipped.appendingPathComponent("flashcards.yaml"), encoding: .utf8)
        let mnemonics = flashcards
            .replacingOccurrences(of: "family: flashcards", with: "family: mnemonics")
            .replacingOccurrences(of: "order: 20", with: "order: 25")
            .replacingOccurrences(of: "You write precise flashcards for spaced repetition.", with: "You write memorable mnemonics: a cue on the front, the fact it helps recall on the back.")
        #expect(mnemonics != flashcards)
        try mnemonics.write(to: prompts.appendingPathComponent("mnemonics.yaml"), atomically: true, encoding: .utf8)
        let withPrompts = { (arguments: [String]) in arguments + ["--prompts", prompts.path] }

        let generate = try await cli.run(withPrompts(["generate", "Photosynthesis", "--provider", "mock", "--max-subtopics", "1"]))
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout.contains("mnemonics"), "the run's table lists the family")

        // Stored and shown in every format.
        let json = try await cli.run(withPrompts(["show", "Photosynthesis", "--format", "json"]))
        let kit = try JSONDecoder().decode(Kit.self, from: Data(json.stdout.utf8))
        let subtopic = try #require(kit.topics.flatMap(\.subtopics).first { $0.lesson != nil })
        let cards = subtopic.pairs("mnemonics")
        #expect(cards.count >= 3)
        #expect(subtopic.content.map(\.family) == ["lesson", "flashcards", "mnemonics", "quiz", "cloze", "terms", "matching", "ordering"])
        let card = try #require(cards.first)
        let text = try await cli.run(withPrompts(["show", "Photosynthesis"]))
        #expect(text.stdout.contains("Mnemonics:") && text.stdout.contains(card.front))
        let markdown = try await cli.run(withPrompts(["show", "Photosynthesis", "--format", "markdown"]))
        #expect(markdown.stdout.contains("Mnemonics") && markdown.stdout.contains(card.front))

        // Every export carries it.
        let out = cli.directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for format in ["json", "markdown", "csv", "anki-text", "apkg"] {
            let export = try await cli.run(withPrompts(["export", "Photosynthesis", "--format", format, "--out", out.appendingPathComponent("kit.\(format)").path]))
            #expect(export.status == 0, "\(format): \(export.stderr)")
        }
        for format in ["json", "markdown", "csv", "anki-text"] {
            let written = try String(contentsOf: out.appendingPathComponent("kit.\(format)"), encoding: .utf8)
            #expect(written.contains(card.front.replacingOccurrences(of: "\"", with: "\"\"")) || written.contains(card.front), "\(format)")
            #expect(written.lowercased().contains("mnemonics"), "\(format) names the family")
        }
        let csvRows = try String(contentsOf: out.appendingPathComponent("kit.csv"), encoding: .utf8).split(whereSeparator: \.isNewline)
        #expect(csvRows.filter { $0.contains(",mnemonics,pair,") }.count == cards.count)
        let imported = try await ExportCommandTests().ankiImport("apkg", [out.appendingPathComponent("kit.apkg")])
        #expect((imported["tags"] as? [String])?.contains("mnemonics") == true)
        let matchingPairs = subtopic.shapedItems("matching").reduce(0) { $0 + $1.list("lefts").count }
        let basic = subtopic.pairs("flashcards").count + cards.count + subtopic.pairs("terms").count + subtopic.choices("quiz").count + matchingPairs
        #expect((imported["notes_by_notetype"] as? [String: Int])?["Primer Basic"] == basic)

        // Evaluated with its shape's metrics, under its own name.
        _ = try cli.write("name: new-family\n", to: "suite/suite.yaml")
        _ = try cli.write("""
            cases:
              - id: photosynthesis/pigments
                kind: subtopic
                subject: {title: Photosynthesis}
                topic: Light Reactions
                subtopic: Pigments
                siblings: [Electron Transport]
            """, to: "suite/cases/photosynthesis.yaml")
        let results = cli.directory.appendingPathComponent("results")
        let eval = try await cli.run(withPrompts(["eval", cli.directory.appendingPathComponent("suite").path, "--provider", "mock", "--out", results.path]))
        #expect(eval.status == 0, "\(eval.stderr)")
        let resultFile = try #require(try FileManager.default.contentsOfDirectory(atPath: results.path).first { $0.hasSuffix(".json") })
        let result = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: results.appendingPathComponent(resultFile))) as? [String: Any])
        let aggregate = try #require((result["scores"] as? [String: Any])?["aggregate"] as? [String: [String: Double]])
        let scored = try #require(aggregate["mnemonics"])
        #expect(Set(scored.keys).isSuperset(of: aggregate["flashcards"]?.keys.filter { $0 != "latency_ms" } ?? []), "the flashcard metrics")
        #expect(scored["echo_rate"] != nil && scored["duplicate_rate"] != nil && (scored["items"] ?? 0) >= 3)
        let content = ((result["cases"] as? [[String: Any]])?.first?["content"] as? [[String: Any]])?.map { $0["family"] as? String }
        #expect(content?.contains("mnemonics") == true)
    }
}
