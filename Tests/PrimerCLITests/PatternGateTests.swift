import Foundation
import Testing

/// A content rule written as a `pattern` gate in a family's YAML is enforced by `generate`, its
/// reason reaches the retry, the run summary and `show`, and a broken rule is a lint error.
@Suite struct PatternGateTests {
    func prompts(_ cli: CLIRunner, flashcardGate: String) throws -> URL {
        let prompts = cli.directory.appendingPathComponent("my-prompts")
        try FileManager.default.copyItem(at: CLIRunner.root.appendingPathComponent("Prompts").resolvingSymlinksInPath(), to: prompts)
        let file = prompts.appendingPathComponent("flashcards.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "  - count: {min: 3, max: 60}\n", with: "  - count: {min: 3, max: 60}\n  - \(flashcardGate)\n")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return prompts
    }

    @Test func aRejectRuleFailsTheFamilyWithItsMessageAndKeepsTheRest() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let prompts = try prompts(cli, flashcardGate: #"pattern: {field: front, must_match: "^Q: ", action: reject, message: "start each front with 'Q: '"}"#)
        let run = try await cli.run(["generate", "Physics", "--provider", "mock", "--max-subtopics", "1", "--prompts", prompts.path])
        #expect(run.status != 0, "a family that failed every attempt fails the run")
        #expect(run.stderr.contains("flashcards: attempt 2 rejected: flashcard ‘"))
        #expect(run.stderr.contains("flashcards failed after 3 attempts"))
        #expect(run.stderr.contains("start each front with 'Q: '"))

        let show = try await cli.run(["show", "Physics"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("Missing flashcards: flashcards failed after 3 attempts"))
        #expect(show.stdout.contains("Quiz:"), "the other families of the subtopic are stored")
    }

    @Test func aBrokenRuleIsALintErrorWithFileAndLine() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let prompts = try prompts(cli, flashcardGate: #"pattern: {field: answer, must_match: "x", action: drop}"#)
        let text = try String(contentsOf: prompts.appendingPathComponent("flashcards.yaml"), encoding: .utf8)
        let line = text.components(separatedBy: "\n").firstIndex { $0.contains("- pattern:") }! + 1
        let lint = try await cli.run(["prompts", "lint", "--prompts", prompts.path])
        #expect(lint.status != 0)
        #expect(lint.stderr.contains("flashcards.yaml:\(line): gate 'pattern', option 'field': unknown field 'answer'"))
    }
}
