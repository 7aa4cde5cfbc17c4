import Foundation
import PrimerStore
import PrimerTestSupport
import Testing

/// `primer generate` end to end on both Perplexity APIs, against a loopback server answering in
/// the documented shapes (../shared/reference/providers.md): the sources each answer was
/// grounded on are stored with the content they ground and shown by `primer show` (text and
/// JSON); tokens and cost are recorded per attempt and per generation.
@Suite struct PerplexityGenerateTests {
    enum API: String, CaseIterable, CustomTestStringConvertible {
        case agent, sonar
        var path: String { self == .agent ? "/v1/agent" : "/chat/completions" }
        var testDescription: String { rawValue }
    }

    /// One source per family, so the test can tell which content a source grounds.
    static func source(_ family: String) -> (url: String, title: String) {
        ("https://example.org/photosynthesis/\(family)", "Photosynthesis for \(family)")
    }

    static func answer(_ api: API, _ request: StubHTTPServer.Request) -> StubHTTPServer.Response {
        let family = StubKitAnswers.family(of: request)
        let text = StubKitAnswers.text(for: request)
        let source = source(family)
        let sources: [[String: Any]] = [
            ["id": 1, "url": source.url, "title": source.title, "snippet": "How plants turn light into sugar.", "date": "2025-03-01"]
        ]
        switch api {
        case .agent: return .json(PerplexityAnswers.agent(text: [text], sources: sources))
        case .sonar: return .json(PerplexityAnswers.sonar(content: text, sources: sources, citations: [source.url]))
        }
    }

    @Test(arguments: API.allCases) func sourcesAreStoredWithTheirContentAndShown(api: API) async throws {
        let server = StubHTTPServer()
        try server.start()
        defer { server.stop() }
        server.otherwise { request in
            request.path == api.path ? Self.answer(api, request) : .text("no such path", status: 404)
        }
        let cli = try CLIRunner()
        defer { cli.remove() }
        let plugins = try cli.write("""
            name: pplx-stub
            adapter: perplexity
            model: perplexity/sonar
            capabilities: [web_search, citations, json_schema]
            settings: {api: \(api.rawValue), base_url: "\(server.baseURL)", api_key_env: PRIMER_TEST_PPLX_KEY, retry: {max_attempts: 1}}
            """, to: "plugins/pplx-stub.yaml").deletingLastPathComponent()
        let environment = ["PRIMER_TEST_PPLX_KEY": "pplx-test-key", "PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "pplx-stub"]

        let generate = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "1"], environment: environment)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(server.requests.allSatisfy { $0.path == api.path && $0.headers["authorization"] == "Bearer pplx-test-key" })

        // Provenance: every generation ran on the stub, with its tokens and cost.
        let store = try SQLiteStore(path: cli.storePath)
        let generations = try await store.generations(subjectTitle: "Photosynthesis")
        #expect(Set(generations.map(\.family)) == ["plan", "lesson", "flashcards", "quiz", "cloze", "terms", "matching", "ordering"])
        let expected = api == .agent ? (prompt: 1200, completion: 245, cost: 0.006365) : (prompt: 900, completion: 180, cost: 0.00608)
        for generation in generations {
            #expect(generation.status == .ok && generation.provider == "pplx-stub", "\(generation.family)")
            #expect(generation.promptTokens == expected.prompt && generation.completionTokens == expected.completion, "\(generation.family)")
            #expect(abs((generation.cost ?? 0) - expected.cost) < 1e-9, "\(generation.family) cost")
            let attempts = try await store.attempts(generationID: generation.id)
            #expect(attempts.count == 1 && abs((attempts[0].cost ?? 0) - expected.cost) < 1e-9)
        }

        // Shown: the subtopic lists the sources of its own families, and not the plan's.
        let shown = try await cli.run(["show", "Photosynthesis"], environment: environment)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Sources:"))
        for family in ["lesson", "flashcards", "quiz", "terms"] {
            let source = Self.source(family)
            #expect(shown.stdout.contains("\(source.title) — \(source.url)"), "\(family) source shown")
        }
        #expect(!shown.stdout.contains(Self.source("plan").url), "the plan's source is not a subtopic's")

        let json = try await cli.run(["show", "Photosynthesis", "--format", "json"], environment: environment)
        #expect(json.status == 0, "\(json.stderr)")
        let kit = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let subtopics = (kit["topics"] as? [[String: Any]] ?? []).flatMap { $0["subtopics"] as? [[String: Any]] ?? [] }
        let grounded = try #require(subtopics.first { !($0["sources"] as? [Any] ?? []).isEmpty })
        let urls = Set((grounded["sources"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String })
        #expect(urls == Set(["lesson", "flashcards", "quiz", "cloze", "terms", "matching", "ordering"].map { Self.source($0).url }))
        #expect(!json.stdout.contains("pplx-test-key") && !shown.stdout.contains("pplx-test-key"))
    }
}
