import Foundation
import Testing

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

        let start = ContinuousClock.now
        let lint = try await cli.run(["prompts", "lint", "--prompts", prompts.path])
        #expect(ContinuousClock.now - start < .seconds(10), "refused at once, not after expanding the aliases")
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
}
