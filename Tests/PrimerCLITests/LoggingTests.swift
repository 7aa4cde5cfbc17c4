import Foundation
import Testing

/// `PRIMER_LOG_LEVEL` turns on diagnostics on standard error; without it the output is unchanged,
/// and a level that does not exist is one clear error.
@Suite struct LoggingTests {
    @Test func debugLogsEveryAttemptOnStandardError() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let result = try await cli.run(
            ["generate", "Linear Algebra", "--provider", "mock-flaky", "--max-subtopics", "1"],
            environment: ["PRIMER_LOG_LEVEL": "debug"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("debug primer.generation"))
        // mock-flaky fails the plan's first attempt with a provider error and truncates the
        // flashcards' first answer: both are logged, with the reason.
        #expect(result.stderr.contains("notice primer.generation"))
        #expect(result.stderr.contains("plan attempt 1 of 3: provider error"))
        #expect(result.stderr.contains("plan attempt 2 accepted"))
        #expect(result.stderr.contains("info primer.generation"))
        #expect(result.stderr.contains("flashcards attempt 1 of 3 rejected ("))
        #expect(result.stderr.contains("cut off at the token limit"))
        #expect(result.stderr.contains("subject=Linear Algebra"))
    }

    @Test func withoutALevelNothingIsLogged() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let result = try await cli.run(["generate", "Linear Algebra", "--provider", "mock-flaky", "--max-subtopics", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("primer.generation"))
    }

    @Test func anUnknownLevelIsOneClearError() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let result = try await cli.run(["generate", "Linear Algebra", "--provider", "mock"], environment: ["PRIMER_LOG_LEVEL": "loud"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("PRIMER_LOG_LEVEL=loud is not a log level"))
        #expect(result.stderr.contains("debug"))
        #expect(!FileManager.default.fileExists(atPath: cli.storePath))
    }
}
