import Foundation
import PrimerCore
import PrimerStore
import Testing
import PrimerGeneration

/// Files a careless user or an attacker hands to `primer`: each ends in one clear error (or the
/// right result), quickly, with a non-zero exit when refused.
@Suite struct HostileInputTests {
    /// Nine levels of nine aliases each ("billion laughs"), at `indent`.
    static func aliasBomb(indent: String = "") -> [String] {
        var lines = ["\(indent)l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<9 {
            lines.append("\(indent)l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        return lines
    }

    @Test func lintRejectsAFamilyWhoseSchemaIsAnAliasBomb() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let prompts = cli.directory.appendingPathComponent("my-prompts")
        try FileManager.default.copyItem(at: CLIRunner.root.appendingPathComponent("Prompts").resolvingSymlinksInPath(), to: prompts)
        let quiz = prompts.appendingPathComponent("quiz.yaml")
        var lines = try String(contentsOf: quiz, encoding: .utf8).components(separatedBy: "\n")
        let schema = try #require(lines.firstIndex { $0.hasPrefix("schema:") })
        lines.insert(contentsOf: Self.aliasBomb(indent: "  "), at: schema + 1)
        try lines.joined(separator: "\n").write(to: quiz, atomically: true, encoding: .utf8)

        // Refused by counting aliases while reading, before anything is expanded (the message
        // names the limit); how long that takes is not a test's business on a loaded machine.
        let lint = try await cli.run(["prompts", "lint", "--prompts", prompts.path])
        #expect(lint.status != 0)
        #expect(lint.stderr.contains("quiz.yaml:\(schema + 7): too many YAML aliases"), "\(lint.stderr)")
    }

    @Test func aConfigFileAliasBombIsRefused() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let config = try cli.write((Self.aliasBomb() + ["provider: mock"]).joined(separator: "\n"), to: "primer.yaml")
        let result = try await cli.run(["providers", "--config", config.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("primer.yaml:6: too many YAML aliases"), "\(result.stderr)")
    }

    /// "Café" typed in NFC, in NFD and with a zero-width space looks the same: one subject.
    @Test func lookalikeTitlesReachOneSubject() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        for title in ["Caf\u{00E9}", "Cafe\u{0301}", "Ca\u{200B}f\u{00E9}"] {
            let result = try await cli.run(["generate", title, "--provider", "mock", "--plan-only"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let store = try SQLiteStore(path: cli.storePath)
        #expect(try await store.counts()[.subjects] == 1)
        #expect(try await store.subject(titled: "caf\u{00E9}").map { Array($0.title.utf8) } == Array("Caf\u{00E9}".utf8))
        let show = try await cli.run(["show", "Cafe\u{0301}"])
        #expect(show.status == 0, "\(show.stderr)")

        let batch = try cli.write("title\nCaf\u{00E9}\nCa\u{200B}f\u{00E9}\n", to: "subjects.csv")
        let twice = try await cli.run(["batch", batch.path, "--provider", "mock"])
        #expect(twice.status != 0)
        #expect(twice.stderr.contains("appears twice"), "\(twice.stderr)")
    }

    /// A long book with 200 "Chapter N:" headings reads as a 200-section outline. The plan
    /// follows it, cut to 20 topics (or `--max-topics`), and the progress and the summary say
    /// what was left out and why.
    @Test func aWholeBookIsCutToTheTopicsAskedFor() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let chapters = (1...200).map { "Chapter \($0): Topic number \($0)\n\nThis chapter explains idea \($0) of the history of science, with examples and exercises." }
        let book = try cli.write(chapters.joined(separator: "\n\n"), to: "book.md")
        let result = try await cli.run(["generate", "History of Science", "--doc", book.path, "--plan-only", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try JSONDecoder().decode(RunSummary.self, from: Data(result.stdout.utf8))
        #expect(summary.topics.map(\.title) == (1...20).map { "Chapter \($0): Topic number \($0)" })
        #expect(summary.providerCalls == 0, "the outline is the plan: the model is not asked")
        let left = "180 sections after the first 20 (‘Chapter 21: Topic number 21’, ‘Chapter 22: Topic number 22’, ‘Chapter 23: Topic number 23’, …): the plan takes at most 20 topics"
        #expect(summary.outline == OutlineUse(sections: 200, topics: 20, leftOut: [left]))
        #expect(result.stderr.contains("Plan from the document outline: 200 sections → 20 topics") && result.stderr.contains("left out: \(left)"), "\(result.stderr)")

        let text = try await cli.run(["generate", "History of Science", "--doc", book.path, "--regenerate-plan", "--plan-only", "--max-topics", "5"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Plan from the document outline: 200 sections → 5 topics; left out: 195 sections after the first 5"), "\(text.stdout)")
    }
}
