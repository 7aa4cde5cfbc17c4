import Foundation
import PrimerCore
import PrimerStore
import Testing
import PrimerGeneration

/// The "done when", run end to end on the built binary and a temporary store.
@Suite(.serialized) struct GenerateCommandTests {
    @Test func generateShowsThePlanAndShowPrintsTheWholeKit() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let generate = try await cli.run(["generate", "Linear Algebra", "--provider", "mock"])
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout.contains("Linear Algebra — general subject"))
        #expect(generate.stdout.contains("Plan: "))
        #expect(generate.stdout.contains("Kit complete"))

        let markdown = try await cli.run(["show", "Linear Algebra", "--format", "markdown"])
        #expect(markdown.status == 0)
        for heading in ["# Linear Algebra", "## Study plan", "#### Terms", "#### Flashcards", "#### Quiz", "**Answers**"] {
            #expect(markdown.stdout.contains(heading), "markdown has \(heading)")
        }

        let json = try await cli.run(["show", "Linear Algebra", "--format", "json"])
        #expect(json.status == 0)
        let kit = try JSONDecoder().decode(Kit.self, from: Data(json.stdout.utf8))
        #expect(kit.subject.title == "Linear Algebra")
        let subtopics = kit.topics.flatMap(\.subtopics)
        #expect(!subtopics.isEmpty)
        #expect(subtopics.allSatisfy { $0.lesson != nil && !$0.pairs("flashcards").isEmpty && !$0.choices("quiz").isEmpty && !$0.pairs("terms").isEmpty })
        #expect(subtopics.allSatisfy { $0.generations.allSatisfy { $0.provider == "mock" && $0.model == "mock-1" } })

        let text = try await cli.run(["show", "Linear Algebra"])
        #expect(text.stdout.contains("Flashcards:"))
        let one = try await cli.run(["show", "Linear Algebra", "--subtopic", subtopics[0].title, "--format", "json"])
        let reduced = try JSONDecoder().decode(Kit.self, from: Data(one.stdout.utf8))
        #expect(reduced.topics.flatMap(\.subtopics).map(\.title) == [subtopics[0].title])
    }

    @Test func theSameGenerateAgainMakesNoProviderCalls() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let first = try await summary(cli.run(["generate", "Linear Algebra", "--provider", "mock", "--json"]))
        #expect(first.providerCalls > 0)
        let again = try await cli.run(["generate", "Linear Algebra", "--provider", "mock", "--json"])
        #expect(again.status == 0)
        let second = try summary(again)
        #expect(second.providerCalls == 0)
        #expect(second.families.values.allSatisfy { $0.generated == 0 && $0.skipped > 0 })
        let plain = try await cli.run(["generate", "Linear Algebra", "--provider", "mock"])
        #expect(plain.stdout.contains("0 provider calls"))
    }

    @Test func flakyProviderShowsRetriesAndStoresTheReasons() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let result = try await cli.run(["generate", "Organic Chemistry", "--provider", "mock-flaky", "--max-subtopics", "3", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let run = try summary(result)
        #expect(run.failures.isEmpty)
        let generations = run.families.values.reduce(0) { $0 + $1.generated }
        #expect(run.attempts > generations, "retries happened")
        #expect(run.families.values.allSatisfy { $0.failed == 0 })
        for family in ["lesson", "flashcards", "quiz", "terms"] {
            #expect(run.families[family]?.generated == 3, "\(family) complete")
        }

        let store = try SQLiteStore(path: cli.storePath)
        var reasons: [String] = []
        for generation in try await store.generations(subjectTitle: "Organic Chemistry") {
            reasons += try await store.attempts(generationID: generation.id).filter { $0.status != .accepted }.flatMap(\.reasons)
        }
        #expect(!reasons.isEmpty)
        #expect(reasons.allSatisfy { !$0.isEmpty })
    }

    @Test func anExhaustedFamilyLeavesOneErrorAndTheRestAndARerunFillsTheGap() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let plugins = try cli.write("""
            name: broken-quiz
            adapter: mock
            model: mock-1
            settings:
              seed: 42
              faults:
                - {type: malformed, families: [quiz]}
            """, to: "plugins/broken-quiz.yaml").deletingLastPathComponent()
        let broken = try await cli.run(["generate", "Astronomy", "--provider", "broken-quiz", "--plugins", plugins.path, "--max-subtopics", "2"])
        #expect(broken.status != 0)
        #expect(broken.stderr.contains("2 generations failed; everything else is stored"))
        #expect(broken.stderr.contains("quiz failed after 3 attempts"))
        #expect(broken.stderr.contains("Run the same command again"))

        let store = try SQLiteStore(path: cli.storePath)
        #expect(try await store.itemCounts()["quiz"] == nil)
        await #expect((try store.itemCounts()["flashcards"] ?? 0) > 0)

        let rerun = try await cli.run(["generate", "Astronomy", "--provider", "mock", "--max-subtopics", "2", "--json"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let filled = try summary(rerun)
        #expect(filled.providerCalls == 2)
        #expect(filled.families["quiz"]?.generated == 2)
        await #expect((try store.itemCounts()["quiz"] ?? 0) > 0)
    }

    @Test func deleteRemovesTheSubjectAndEverythingUnderIt() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        try await cli.run(["generate", "Geometry", "--max-subtopics", "2"])
        try await cli.run(["generate", "Algebra", "--plan-only"])
        let list = try await cli.run(["list"])
        #expect(list.stdout.contains("Geometry") && list.stdout.contains("Algebra"))

        let delete = try await cli.run(["delete", "geometry"])
        #expect(delete.status == 0)
        let counts = try await SQLiteStore(path: cli.storePath).counts()
        #expect(counts[.subjects] == 1)
        for table in [KitTable.items, .citations] {
            #expect(counts[table] == 0, "\(table) emptied")
        }
        // Only the other subject's plan generation is left.
        #expect(counts[.generations] == 1)
        #expect(counts[.attempts] == 1)
        #expect((counts[.topics] ?? 0) > 0, "the other subject's plan stays")
        let again = try await cli.run(["delete", "Geometry"])
        #expect(again.status != 0)
        #expect(again.stderr.contains("no subject titled 'Geometry'"))
    }

    @Test func languageSubjectsAreClassifiedAndCanBeOverridden() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let spanish = try await summary(cli.run(["generate", "Spanish A2 Grammar", "--max-subtopics", "1", "--json"]))
        #expect(spanish.kind == .language)
        #expect(spanish.families["grammar-lesson"]?.generated == 1)
        let forced = try await summary(cli.run(["generate", "History of the German Empire", "--kind", "language", "--plan-only", "--json"]))
        #expect(forced.kind == .language)
        let general = try await summary(cli.run(["generate", "Programming Languages", "--plan-only", "--json"]))
        #expect(general.kind == .general)
    }

    @Test func notesComeFromAFileWithTheAtSign() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let notes = try cli.write("cover vectors, matrices, eigenvalues", to: "notes.txt")
        let result = try await cli.run(["generate", "Linear Algebra", "--notes", "@\(notes.path)", "--plan-only"])
        #expect(result.status == 0, "\(result.stderr)")
        let kit = try JSONDecoder().decode(Kit.self, from: Data(try await cli.run(["show", "Linear Algebra", "--format", "json"]).stdout.utf8))
        #expect(kit.subject.notes == "cover vectors, matrices, eigenvalues")
    }

    func summary(_ result: CLIRunner.Result) throws -> RunSummary {
        guard result.status == 0 || !result.stdout.isEmpty else {
            throw CLIRunnerError("primer failed (\(result.status)): \(result.stderr)")
        }
        return try JSONDecoder().decode(RunSummary.self, from: Data(result.stdout.utf8))
    }
}

@Suite struct ConfigFileTests {
    @Test func aProfileInPrimerYamlIsTheDefaultProviderAndOverridesTheModel() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        _ = try cli.write("""
            provider: quick
            profiles:
              quick:
                provider: mock
                model: mock-quick
                max_tokens: 200
            """, to: "primer.yaml")
        let result = try await cli.run(["generate", "Optics", "--plan-only", "--json"], environment: ["PRIMER_PROVIDER": ""])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try JSONDecoder().decode(RunSummary.self, from: Data(result.stdout.utf8))
        #expect(summary.provider == "quick")
        #expect(summary.model == "mock-quick")
        let providers = try await cli.run(["providers"], environment: ["PRIMER_PROVIDER": ""])
        #expect(providers.stdout.contains("* quick"))
        #expect(providers.stdout.contains("profile of mock (model mock-quick)"))
    }
}
