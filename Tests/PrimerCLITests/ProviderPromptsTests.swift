import Foundation
import PrimerCore
import PrimerStore
import Testing

/// A manifest's `prompts:` picks the families a run on that provider uses, unless the user chose.
@Suite struct ProviderPromptsTests {
    /// A copy of the shipped families whose flashcards family has version 99, so the store tells
    /// which folder a run used; and a mock manifest that names it.
    func tunedSetup(_ cli: CLIRunner) throws -> URL {
        let tuned = cli.directory.appendingPathComponent("plugins/tuned-prompts")
        try FileManager.default.createDirectory(at: tuned.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLIRunner.root.appendingPathComponent("Prompts").resolvingSymlinksInPath(), to: tuned)
        let flashcards = tuned.appendingPathComponent("flashcards.yaml")
        let text = try String(contentsOf: flashcards, encoding: .utf8)
        try text.replacingOccurrences(of: "\nversion: 5\n", with: "\nversion: 99\n").write(to: flashcards, atomically: true, encoding: .utf8)
        _ = try cli.write("name: tuned-mock\nadapter: mock\nmodel: mock-1\nprompts: tuned-prompts\nsettings: {seed: 42}\n", to: "plugins/tuned-mock.yaml")
        return tuned.deletingLastPathComponent()
    }

    func flashcardsVersion(_ cli: CLIRunner, _ subject: String) async throws -> Int? {
        try await SQLiteStore(path: cli.storePath).generations(subjectTitle: subject).first { $0.family == "flashcards" }?.familyVersion
    }

    @Test func theManifestsFoldersFamiliesAreUsedUnlessTheUserChoosesOthers() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let plugins = try tunedSetup(cli)
        let run = try await cli.run(["generate", "Optics", "--provider", "tuned-mock", "--plugins", plugins.path, "--max-subtopics", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        await #expect(try flashcardsVersion(cli, "Optics") == 99)

        // --prompts wins over the manifest.
        let chosen = try await cli.run([
            "generate", "Acoustics", "--provider", "tuned-mock", "--plugins", plugins.path, "--max-subtopics", "1",
            "--prompts", CLIRunner.root.appendingPathComponent("Prompts").path,
        ])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        await #expect(try flashcardsVersion(cli, "Acoustics") == 5)

        // Another provider is unaffected.
        let plain = try await cli.run(["generate", "Mechanics", "--provider", "mock", "--plugins", plugins.path, "--max-subtopics", "1"])
        #expect(plain.status == 0, "\(plain.stderr)")
        await #expect(try flashcardsVersion(cli, "Mechanics") == 5)
    }

    @Test func aMissingPromptsFolderIsOneClearError() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let manifest = try cli.write("name: lost\nadapter: mock\nprompts: nowhere\n", to: "plugins/lost.yaml")
        let run = try await cli.run(["generate", "Optics", "--provider", "lost", "--plugins", manifest.deletingLastPathComponent().path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("names the prompts folder"), "\(run.stderr)")
        #expect(run.stderr.contains("name another prompts folder"))
        if FileManager.default.fileExists(atPath: cli.storePath) {
            await #expect(try SQLiteStore(path: cli.storePath).counts()[.subjects] == 0)
        }
    }
}
