import Foundation
import PrimerTestSupport
import Testing

/// Providers that echo what Primer gave them: the key of `api_key_env` or of an exec provider's
/// `pass_env` in an answer or an error, the `user:pass@` and `?key=` of a `base_url` in errors.
/// None of it may reach the store, `show`, an export, the terminal or a check.
@Suite struct SecretEchoTests {
    /// Not shaped like any known key (no `sk-`) and in variables without a `_KEY` suffix: only
    /// knowing what the manifest names can catch them.
    static let apiCredential = "stubcred-8c1e55d09a7b4f3e"
    static let execCredential = "execcred-31f0b6a9d2c84e17"

    /// Every file under the CLI's folder (store, WAL, exports) and every output, searched for `secret`.
    static func expectNoTrace(
        of secret: String, in cli: CLIRunner, outputs: [String], minimumFiles: Int = 6, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for text in outputs {
            #expect(!text.contains(secret), "an output holds the secret:\n\(text.prefix(2000))", sourceLocation: sourceLocation)
        }
        var scanned = 0
        let files = FileManager.default.enumerator(at: cli.directory, includingPropertiesForKeys: nil)!
        for case let file as URL in files where !file.hasDirectoryPath && file.pathExtension != "py" && file.pathExtension != "yaml" {
            scanned += 1
            let data = (try? Data(contentsOf: file)) ?? Data()
            #expect(data.range(of: Data(secret.utf8)) == nil, "\(file.lastPathComponent) holds the secret", sourceLocation: sourceLocation)
        }
        #expect(scanned >= minimumFiles, "the store (and the exports) were scanned", sourceLocation: sourceLocation)
    }

    /// `show --format json` and every export format, as outputs and files.
    static func showAndExport(_ cli: CLIRunner, environment: [String: String]) async throws -> [String] {
        var outputs: [String] = []
        try FileManager.default.createDirectory(at: cli.directory.appendingPathComponent("out"), withIntermediateDirectories: true)
        let show = try await cli.run(["show", "Photosynthesis", "--format", "json"], environment: environment)
        #expect(show.status == 0, "\(show.stderr)")
        outputs += [show.stdout, show.stderr]
        for format in ["json", "markdown", "csv", "anki-text", "apkg"] {
            let out = cli.directory.appendingPathComponent("out/kit.\(format)").path
            let export = try await cli.run(["export", "Photosynthesis", "--format", format, "--out", out], environment: environment)
            #expect(export.status == 0, "\(export.stderr)")
            outputs += [export.stdout, export.stderr]
        }
        return outputs
    }

    @Test func anOpenAIServerEchoingTheKeyLeavesNoTrace() async throws {
        let server = StubHTTPServer()
        try server.start()
        defer { server.stop() }
        // The lesson carries the key; the terms request is refused with the key in the message.
        server.otherwise { request in
            let key = String((request.headers["authorization"] ?? "").dropFirst("Bearer ".count))
            switch StubKitAnswers.family(of: request) {
            case "terms":
                return .json(["error": ["message": "invalid request from key \(key)", "type": "invalid_request_error"]], status: 400)
            case "lesson":
                return SecretsTests.answer(request, text: StubKitAnswers.text(for: request) + "\n\nYour API key \(key) was used for this lesson.")
            default:
                return SecretsTests.answer(request)
            }
        }
        let cli = try CLIRunner()
        defer { cli.remove() }
        let plugins = try cli.writeStubOpenAIPlugin(baseURL: server.baseURL, keyVariable: "STUB_API_CREDENTIAL")
        let environment = ["STUB_API_CREDENTIAL": Self.apiCredential, "PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "stub-openai"]

        let generate = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "1"], environment: environment)
        #expect(generate.status != 0, "the terms request was refused")
        #expect(generate.stderr.contains("$STUB_API_CREDENTIAL"), "the error names the variable instead: \(generate.stderr)")
        #expect(server.requests.contains { $0.headers["authorization"] == "Bearer \(Self.apiCredential)" }, "the key was sent")
        let outputs = try await Self.showAndExport(cli, environment: environment)
        #expect(outputs[0].contains("Your API key $STUB_API_CREDENTIAL was used"), "the lesson is kept, with the key replaced")
        Self.expectNoTrace(of: Self.apiCredential, in: cli, outputs: outputs + [generate.stdout, generate.stderr])
    }

    @Test func anExecProviderEchoingAPassedVariableLeavesNoTrace() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        // The shipped example provider, with the credential added to the notes and the terms refused.
        let examples = CLIRunner.root.appendingPathComponent("Sources/PrimerDefaults/Plugins/examples").path
        try cli.write("""
            import json, os, sys
            sys.dont_write_bytecode = True  # no __pycache__ in the repository's examples folder
            sys.path.insert(0, \(String(reflecting: examples)))
            import echo_provider
            secret = os.environ["ECHO_CREDENTIAL"]
            for line in sys.stdin:
                request = json.loads(line)
                output = request["purpose"]["output"]
                if output == "terms":
                    reply = {"id": request["id"], "error": {"message": "upstream refused credential " + secret, "retryable": False}}
                else:
                    reply = echo_provider.answer(request)
                    if output == "lesson":
                        reply["text"] += "\\n\\nSigned with " + secret + "."
                print(json.dumps(reply), flush=True)
            """, to: "plugins/echoing.py")
        let plugins = try cli.write("""
            name: echoing
            adapter: exec
            model: echo-1
            settings: {command: [python3, echoing.py], pass_env: [ECHO_CREDENTIAL]}
            """, to: "plugins/echoing.yaml").deletingLastPathComponent()
        let environment = ["ECHO_CREDENTIAL": Self.execCredential, "PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "echoing"]

        let generate = try await cli.run(["generate", "Photosynthesis", "--max-subtopics", "1"], environment: environment)
        #expect(generate.status != 0, "the terms request was refused")
        #expect(generate.stderr.contains("upstream refused credential $ECHO_CREDENTIAL"), "\(generate.stderr)")
        let outputs = try await Self.showAndExport(cli, environment: environment)
        #expect(outputs[0].contains("Signed with $ECHO_CREDENTIAL."), "the lesson is kept, with the value replaced")
        Self.expectNoTrace(of: Self.execCredential, in: cli, outputs: outputs + [generate.stdout, generate.stderr])
    }

    @Test func aBaseURLWithCredentialsIsShownMasked() async throws {
        let server = StubHTTPServer()
        try server.start()
        defer { server.stop() }
        server.otherwise { _ in .json(["object": "list", "data": [["id": "stub-model"]]]) }
        let cli = try CLIRunner()
        defer { cli.remove() }
        let password = "pw-canary-5150", queryKey = "qk-canary-7777"
        let host = server.baseURL.replacingOccurrences(of: "http://", with: "")
        // The checked one answers; the other points at a port nothing listens on.
        try cli.write("""
            name: keyed
            adapter: openai-chat
            model: stub-model
            settings: {base_url: "http://alice:\(password)@\(host)/v1?key=\(queryKey)", retry: {max_attempts: 1}}
            """, to: "plugins/keyed.yaml")
        let plugins = try cli.write("""
            name: keyed-down
            adapter: openai-chat
            model: stub-model
            settings: {base_url: "http://alice:\(password)@127.0.0.1:9/v1?key=\(queryKey)", retry: {max_attempts: 1}}
            """, to: "plugins/keyed-down.yaml").deletingLastPathComponent()
        let environment = ["PRIMER_PLUGINS": plugins.path]

        let check = try await cli.run(["providers", "check"], environment: environment)
        #expect(check.stdout.contains("http://***@\(host)/v1?key=***"), "\(check.stdout)")
        let failing = try await cli.run(["generate", "Photosynthesis", "--provider", "keyed-down"], environment: environment)
        #expect(failing.status != 0)
        #expect(failing.stderr.contains("http://***@127.0.0.1:9/v1?key=***"), "\(failing.stderr)")
        let show = try await cli.run(["show", "Photosynthesis", "--format", "json"], environment: environment)
        for secret in [password, queryKey] {
            Self.expectNoTrace(
                of: secret, in: cli, outputs: [check.stdout, check.stderr, failing.stdout, failing.stderr, show.stdout, show.stderr],
                minimumFiles: 1)
        }
    }
}
