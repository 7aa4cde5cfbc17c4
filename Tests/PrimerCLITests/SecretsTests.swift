import Foundation
import PrimerTestSupport
import Testing

/// A canary key in the environment reaches the provider (Authorization header) and nothing else:
/// not the store, not stdout/stderr (with every log line on), not an export, an eval result, a
/// report or a cassette.
@Suite struct SecretsTests {
    static let canary = "sk-canary-4f1c9b2e7d6a5c3b1a0f9e8d"

    /// Well-formed answers in the OpenAI chat shape, chosen by the JSON schema's name (the family).
    /// `text` replaces the family's answer when given.
    static func answer(_ request: StubHTTPServer.Request, text: String? = nil) -> StubHTTPServer.Response {
        .json([
            "id": "chatcmpl-1", "model": "stub-model",
            "choices": [["index": 0, "finish_reason": "stop", "message": ["role": "assistant", "content": text ?? StubKitAnswers.text(for: request)]]],
            "usage": ["prompt_tokens": 120, "completion_tokens": 60],
        ])
    }

    @Test func theKeyNeverReachesTheStoreOutputExportsOrCassettes() async throws {
        let server = StubHTTPServer()
        try server.start()
        defer { server.stop() }
        // The first request is rate-limited, so the retry is logged too.
        let firstCall = FirstCall()
        server.otherwise { request in
            firstCall.take()
                ? .json(["error": ["message": "slow down", "type": "rate_limit"]], status: 429, headers: ["retry-after-ms": "20"])
                : Self.answer(request)
        }
        let cli = try CLIRunner()
        defer { cli.remove() }
        let plugins = try cli.writeStubOpenAIPlugin(baseURL: server.baseURL, keyVariable: "PRIMER_CANARY_KEY")
        // Every log line on: requests, retries, attempts.
        let environment = [
            "PRIMER_CANARY_KEY": Self.canary, "PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "stub-openai", "PRIMER_LOG_LEVEL": "trace",
        ]
        var outputs: [String] = []

        let generate = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "1", "--json"], environment: environment)
        #expect(generate.status == 0, "\(generate.stderr)")
        outputs += [generate.stdout, generate.stderr]
        #expect(generate.stderr.contains("debug primer.http"), "requests were logged")
        #expect(generate.stderr.contains("HTTP 429, the server asks to wait; retrying in"), "the retry was logged")
        for format in ["json", "markdown", "csv", "anki-text", "apkg"] {
            let export = try await cli.run(["export", "Photosynthesis", "--format", format, "--out", cli.directory.appendingPathComponent("out/kit.\(format)").path], environment: environment)
            outputs += [export.stdout, export.stderr]
        }
        let batch = try cli.write("- Photosynthesis\n", to: "batch.yaml")
        let batchRun = try await cli.run(["batch", batch.path, "--plan-only"], environment: environment)
        outputs += [batchRun.stdout, batchRun.stderr]
        // An eval run that records a cassette, into a copy of the suite.
        let suite = cli.directory.appendingPathComponent("suite")
        try FileManager.default.copyItem(at: CLIRunner.root.appendingPathComponent("Evaluations/openstax"), to: suite)
        let eval = try await cli.run(["eval", suite.path, "--cases", "biology-2e/ch", "--families", "plan", "--record", "--out", cli.directory.appendingPathComponent("out").path], environment: environment)
        #expect(eval.status == 0, "\(eval.stderr)")
        outputs += [eval.stdout, eval.stderr]

        // The key was used: every request carried it.
        #expect(!server.requests.isEmpty)
        #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.canary)" })
        // And it is nowhere else.
        for text in outputs {
            #expect(!text.contains(Self.canary))
            #expect(!text.contains("canary-4f1c"))
        }
        var scanned = 0
        let files = FileManager.default.enumerator(at: cli.directory, includingPropertiesForKeys: nil)!
        for case let file as URL in files where !file.hasDirectoryPath {
            let data = (try? Data(contentsOf: file)) ?? Data()
            scanned += 1
            #expect(data.range(of: Data(Self.canary.utf8)) == nil, "\(file.lastPathComponent) holds the key")
            #expect(data.range(of: Data("canary-4f1c".utf8)) == nil, "\(file.lastPathComponent) holds part of the key")
        }
        #expect(scanned >= 10, "store, WAL, exports, eval results and the cassette were scanned")
        #expect(FileManager.default.fileExists(atPath: suite.appendingPathComponent("cassettes/stub-openai.jsonl").path))
    }
}

/// True for the first call only.
final class FirstCall: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = false
    func take() -> Bool {
        lock.withLock {
            defer { taken = true }
            return !taken
        }
    }
}
