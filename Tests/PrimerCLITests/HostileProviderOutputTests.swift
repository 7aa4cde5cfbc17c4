import Foundation
import PrimerCore
import PrimerTestSupport
import Testing
import PrimerGeneration

/// What Primer writes when the provider is hostile: answers, titles, sources and error messages
/// carrying terminal escape sequences, HTML, `javascript:` links and an unclosed code fence,
/// and an absurd cost. Every human-readable output shows control characters instead of sending
/// them, the Markdown stays inert, and the totals and JSON survive.
@Suite struct HostileProviderOutputTests {
    /// Sets the window title, then clears the screen.
    static let titleEscape = "\u{1B}]0;pwned\u{07}"
    static let clearScreen = "\u{1B}[2J"

    /// A loopback Perplexity (Agent API) provider answering through `answer`.
    struct Stub {
        let server = StubHTTPServer()
        let environment: [String: String]

        init(cli: CLIRunner, answer: @escaping @Sendable (StubHTTPServer.Request) -> StubHTTPServer.Response) throws {
            try server.start()
            server.otherwise(answer)
            let plugins = try cli.write("""
                name: hostile
                adapter: perplexity
                model: perplexity/sonar
                capabilities: [web_search, citations, json_schema]
                settings: {api: agent, base_url: "\(server.baseURL)", api_key_env: PRIMER_TEST_PPLX_KEY, retry: {max_attempts: 1}}
                """, to: "plugins/hostile.yaml").deletingLastPathComponent()
            environment = ["PRIMER_TEST_PPLX_KEY": "pplx-test-key", "PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "hostile"]
        }
    }

    /// The stub kit's answers with escape sequences in a subtopic title, a card and a source
    /// title, and a lesson holding raw HTML, a `javascript:` link and a code fence it never closes.
    static func hostileAnswer(_ request: StubHTTPServer.Request) -> StubHTTPServer.Response {
        let family = StubKitAnswers.family(of: request)
        var text = StubKitAnswers.text(for: request)
        if family == "lesson" {
            text += "\n\n<img src=x onerror=alert(1)> \(titleEscape)Read [this](javascript:alert(1)) \(clearScreen)first.\n\n```python\nprint('never closed')\n"
        } else {
            // JSON text: the escapes go in as JSON escapes, so the answer still parses.
            text = text.replacingOccurrences(of: "Pigments", with: "Pig\\u001b]0;pwned\\u0007ments")
                .replacingOccurrences(of: "Chlorophyll a", with: "Chlorophyll \\u001b[2Ja")
        }
        let sources: [[String: Any]] = [
            ["id": 1, "url": "javascript:alert(1)", "title": "Evil \(titleEscape)source", "snippet": "…"]
        ]
        return .json(PerplexityAnswers.agent(text: [text], sources: sources))
    }

    static func expectNoEscape(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.unicodeScalars.contains("\u{1B}") && !text.unicodeScalars.contains("\u{07}"), "\(what) holds a raw escape sequence", sourceLocation: sourceLocation)
    }

    @Test func escapeSequencesFromTheModelAreShownNotSent() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let stub = try Stub(cli: cli, answer: Self.hostileAnswer)
        defer { stub.server.stop() }

        let generate = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "1"], environment: stub.environment)
        #expect(generate.status == 0, "\(generate.stderr)")
        Self.expectNoEscape(generate.stdout, "generate's summary")
        Self.expectNoEscape(generate.stderr, "generate's progress")
        #expect(generate.stdout.contains("Pig^[]0;pwned^Gments"), "the escape is shown in caret notation")

        let text = try await cli.run(["show", "Photosynthesis"], environment: stub.environment)
        #expect(text.status == 0, "\(text.stderr)")
        Self.expectNoEscape(text.stdout, "show")
        #expect(text.stdout.contains("Chlorophyll ^[[2Ja"))
        let markdown = try await cli.run(["show", "Photosynthesis", "--format", "markdown"], environment: stub.environment)
        Self.expectNoEscape(markdown.stdout, "show --format markdown")

        let guide = cli.directory.appendingPathComponent("guide.md")
        let export = try await cli.run(["export", "Photosynthesis", "--format", "markdown", "--out", guide.path], environment: stub.environment)
        #expect(export.status == 0, "\(export.stderr)")
        let exported = try String(contentsOf: guide, encoding: .utf8)
        Self.expectNoEscape(exported, "the Markdown export")

        // JSON stays exact: the stored title round-trips with its escape character.
        let json = try await cli.run(["show", "Photosynthesis", "--format", "json"], environment: stub.environment)
        let kit = try JSONDecoder().decode(Kit.self, from: Data(json.stdout.utf8))
        #expect(kit.topics.flatMap(\.subtopics).contains { $0.title == "Pig\(Self.titleEscape)ments" })
    }

    @Test func theMarkdownExportCarriesNoHTMLNoScriptLinkAndClosesTheLessonsFence() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let stub = try Stub(cli: cli, answer: Self.hostileAnswer)
        defer { stub.server.stop() }
        let generate = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "1"], environment: stub.environment)
        #expect(generate.status == 0, "\(generate.stderr)")

        let guide = cli.directory.appendingPathComponent("guide.md")
        #expect(try await cli.run(["export", "Photosynthesis", "--format", "markdown", "--out", guide.path], environment: stub.environment).status == 0)
        let shown = try await cli.run(["show", "Photosynthesis", "--format", "markdown"], environment: stub.environment).stdout
        for (name, text) in [("export", try String(contentsOf: guide, encoding: .utf8)), ("show --format markdown", shown)] {
            #expect(!text.contains("<img"), "\(name): raw HTML")
            #expect(text.contains("&lt;img src=x onerror=alert(1)>"), "\(name): the tag is shown as written")
            #expect(!text.contains("](javascript:"), "\(name): a javascript: link")
            #expect(text.contains("[this](#javascript:alert(1))"), "\(name): the link is made inert")
            // The lesson's fence is closed before the flashcards, which stay Markdown.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let open = try #require(lines.firstIndex(of: "```python"), "\(name)")
            let close = try #require(lines[(open + 1)...].firstIndex(of: "```"), "\(name): the fence is closed")
            let flashcards = try #require(lines.firstIndex { $0.hasPrefix("#### Flashcards") }, "\(name)")
            #expect(close < flashcards, "\(name)")
        }
    }

    @Test func aProviderErrorWithEscapeSequencesIsShownNotSent() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let stub = try Stub(cli: cli) { _ in
            .json(["error": ["message": "bad request \(Self.titleEscape)\(Self.clearScreen)", "type": "invalid_request"]], status: 400)
        }
        defer { stub.server.stop() }
        let generate = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "1"], environment: stub.environment)
        #expect(generate.status != 0)
        Self.expectNoEscape(generate.stderr, "the error message")
        Self.expectNoEscape(generate.stdout, "generate's output")
        #expect(generate.stderr.contains("^[]0;pwned^G"), "the provider's message is shown, escapes in caret notation: \(generate.stderr)")
    }

    /// A cost of 1.7e308 per call: two calls overflow a plain sum to infinity, which JSON cannot
    /// hold. The totals stay finite, `--json` prints its summary and a batch writes its report.
    @Test func anAbsurdProviderCostKeepsTheTotalsAndTheReports() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let stub = try Stub(cli: cli) { request in
            .json(PerplexityAnswers.agent(text: [StubKitAnswers.text(for: request)], totalCost: 1.7e308))
        }
        defer { stub.server.stop() }

        let generate = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "1", "--json"], environment: stub.environment)
        #expect(generate.status == 0, "\(generate.stderr)")
        let summary = try JSONDecoder().decode(RunSummary.self, from: Data(generate.stdout.utf8))
        #expect(summary.providerCalls > 1)
        #expect(summary.cost.isFinite && summary.cost >= 1.7e308)

        let batch = try cli.write("{\"title\": \"Photosynthesis\"}\n{\"title\": \"Respiration\"}\n", to: "subjects.jsonl")
        let report = cli.directory.appendingPathComponent("report.json")
        let run = try await cli.run(["batch", batch.path, "--max-subtopics", "1", "--report", report.path], environment: stub.environment)
        #expect(run.stdout.contains("Report: \(report.path)"), "\(run.stdout)\n\(run.stderr)")
        let written = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let cost = try #require((written["totals"] as? [String: Any])?["cost"] as? Double)
        #expect(cost.isFinite && cost >= 1.7e308)
    }
}
