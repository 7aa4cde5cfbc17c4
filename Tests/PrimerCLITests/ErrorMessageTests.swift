import Foundation
import Testing

/// Every bad input a user can give ends in one clear message and a non-zero exit.
@Suite struct ErrorMessageTests {
    @Test func unknownProviderNamesTheAvailableOnes() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let result = try await cli.run(["generate", "Physics", "--provider", "gpt-17"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("gpt-17"))
        #expect(result.stderr.contains("mock"))
        #expect(!FileManager.default.fileExists(atPath: cli.storePath), "nothing is written before the provider is known")
    }

    @Test func aStorePathThatIsNotAStoreIsRefusedAndLeftAlone() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let notAStore = try cli.write("my diary", to: "diary.txt")
        let result = try await cli.run(["generate", "Physics", "--store", notAStore.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("is not a Primer store"))
        // The store's words name no flag; the CLI says how its users choose the store.
        #expect(result.stderr.contains("The store is chosen with --store, PRIMER_STORE"), "\(result.stderr)")
        #expect(try String(contentsOf: notAStore, encoding: .utf8) == "my diary")
    }

    @Test func brokenPromptFamiliesAreReportedWithFileAndLine() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let prompts = cli.directory.appendingPathComponent("my-prompts")
        try FileManager.default.copyItem(at: CLIRunner.root.appendingPathComponent("Prompts").resolvingSymlinksInPath(), to: prompts)
        let quiz = prompts.appendingPathComponent("quiz.yaml")
        let text = try String(contentsOf: quiz, encoding: .utf8).replacingOccurrences(of: "Write multiple-choice questions on \"{{subtopic}}\"", with: "Write multiple-choice questions on \"{{subtopic_title}}\"")
        try text.write(to: quiz, atomically: true, encoding: .utf8)
        let line = text.components(separatedBy: "\n").firstIndex { $0.contains("{{subtopic_title}}") }! + 1

        let lint = try await cli.run(["prompts", "lint", "--prompts", prompts.path])
        #expect(lint.status != 0)
        #expect(lint.stderr.contains("quiz.yaml:\(line): template `user`: variable 'subtopic_title' is not provided by the context"))

        let generate = try await cli.run(["generate", "Physics", "--prompts", prompts.path])
        #expect(generate.status != 0)
        #expect(generate.stderr.contains("quiz.yaml:\(line)"))
        #expect(generate.stderr.contains("primer prompts lint"))
    }

    @Test func lintPassesOnTheShippedFamilies() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let lint = try await cli.run(["prompts", "lint"])
        #expect(lint.status == 0, "\(lint.stderr)")
        for family in ["plan", "lesson", "grammar-lesson", "flashcards", "quiz", "terms"] {
            #expect(lint.stdout.contains("ok  \(family) v"), "\(family) listed")
        }
    }

    @Test func providersListsTheShippedManifests() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let result = try await cli.run(["providers"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("* mock "))
        #expect(result.stdout.contains("mock-flaky"))
        let chosen = try await cli.run(["providers"], environment: ["PRIMER_PROVIDER": "mock-flaky"])
        #expect(chosen.stdout.contains("* mock-flaky"))
    }

    @Test func showAndNotesErrorsSayWhatToDo() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let show = try await cli.run(["show", "Nothing Here"])
        #expect(show.status != 0)
        #expect(show.stderr.contains("primer list"))
        let notes = try await cli.run(["generate", "Physics", "--notes", "@/no/such/file.txt"])
        #expect(notes.status != 0)
        #expect(notes.stderr.contains("cannot read the notes file '/no/such/file.txt'"))
        let empty = try await cli.run(["generate", "  "])
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("the subject title is empty"))
        let kind = try await cli.run(["generate", "Physics", "--kind", "poetry"])
        #expect(kind.status != 0)
        #expect(kind.stderr.contains("poetry"))
    }

    @Test func aBrokenManifestIsReportedWithItsFile() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let plugins = try cli.write("name: odd\nadapter: telepathy\nmodel: x\n", to: "plugins/odd.yaml").deletingLastPathComponent()
        let result = try await cli.run(["providers", "--plugins", plugins.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("odd.yaml"))
        #expect(result.stderr.contains("telepathy"))
    }
}

@Suite struct ProvidersCheckTests {
    @Test func checkReportsEachProviderAndAnswersForOneByExitStatus() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let all = try await cli.run(["providers", "check"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("mock (mock, mock-1): ok"))
        // An OpenAI-compatible server that is not running: reported, and `check NAME` fails.
        let plugins = try cli.write("""
            name: nowhere
            adapter: openai-chat
            model: tiny
            settings: {base_url: "http://127.0.0.1:9/v1"}
            """, to: "plugins/nowhere.yaml").deletingLastPathComponent()
        let one = try await cli.run(["providers", "check", "nowhere", "--plugins", plugins.path])
        #expect(one.status != 0)
        #expect(one.stdout.contains("nowhere (openai-chat, tiny): problem"))
        #expect(one.stdout.contains("reachable: no"))
        // A key variable that is not set is named, with what to do.
        let keyed = try cli.write("""
            name: keyed
            adapter: openai-chat
            model: gpt-test
            settings: {base_url: "http://127.0.0.1:9/v1", api_key_env: PRIMER_TEST_KEY}
            """, to: "plugins2/keyed.yaml").deletingLastPathComponent()
        let missing = try await cli.run(["providers", "check", "keyed", "--plugins", keyed.path], environment: ["PRIMER_TEST_KEY": ""])
        #expect(missing.status != 0)
        #expect(missing.stdout.contains("PRIMER_TEST_KEY"))
    }
}
