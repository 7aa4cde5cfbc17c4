import Foundation
import PrimerDefaults
import Testing

@testable import PrimerProviders

/// The real llama-server and SmolLM2 model installed by `scripts/install-local-llm.sh`, started
/// through `LocalServer` from the shipped `llama-local.yaml` (on a free port, so a server the
/// user runs on the usual port is left alone). Not skipped when they are missing: it fails and
/// names the install script (CI runs the script first).
@Suite(.serialized) struct LocalLlamaServerTests {
    func shippedSpec() throws -> (ProviderManifest, LaunchSpec) {
        let folder = try #require(Defaults.pluginsDirectory)
        let manifest = try ProviderManifest.load(from: folder.appendingPathComponent("llama-local.yaml"))
        let spec = try #require(try manifest.launchSpec())
        var moved = spec.withPort(try freeLoopbackPort(in: 26_000..<32_000))
        // Keep the user's cache free of one log per random test port.
        moved.logTemplate = FileManager.default.temporaryDirectory.appendingPathComponent("primer-llama-test-{port}.log").path
        return (manifest, moved)
    }

    @Test(.timeLimit(.minutes(3))) func startsAnswersAChatCompletionAndStops() async throws {
        let (manifest, spec) = try shippedSpec()
        let missing = [spec.executablePath, spec.modelPath].filter { !FileManager.default.fileExists(atPath: $0) }
        try #require(
            missing.isEmpty,
            "llama-server or the model is not installed (missing \(missing.joined(separator: ", "))); run scripts/install-local-llm.sh first")

        let server = LocalServer(spec: spec)
        let clock = ContinuousClock()
        let began = clock.now
        let outcome = try await server.ensureRunning()
        let startup = clock.now - began
        guard case .started(let pid) = outcome else {
            Issue.record("expected LocalServer to start llama-server on a free port, got \(outcome)")
            return
        }
        print("llama-server (pid \(pid)) ready in \(startup) on \(spec.baseURL)")

        do {
            let health = try await AsyncHTTPTransport.shared.send(HTTPRequestSpec(method: "GET", url: spec.healthURL))
            #expect(health.status == 200)
            #expect(health.text.contains("ok"))

            // One chat completion asking for JSON shaped by a schema, as the openai-chat adapter sends it.
            let schema: [String: Any] = [
                "type": "object",
                "properties": [
                    "answer": ["type": "string"] as [String: Any],
                    "confidence": ["type": "integer", "minimum": 0, "maximum": 10] as [String: Any],
                ] as [String: Any],
                "required": ["answer", "confidence"],
            ]
            let body: [String: Any] = [
                "model": manifest.model,
                "messages": [
                    ["role": "system", "content": "You are a helpful assistant. Reply in JSON."],
                    ["role": "user", "content": "What is the capital of France?"],
                ],
                "max_tokens": 64, "temperature": 0.2, "seed": 42, "cache_prompt": true,
                "response_format": ["type": "json_schema", "json_schema": ["name": "answer", "schema": schema] as [String: Any]] as [String: Any],
            ]
            let sent = clock.now
            let response = try await AsyncHTTPTransport.shared.send(HTTPRequestSpec(
                url: spec.baseURL + "/v1/chat/completions", headers: ["Content-Type": "application/json"],
                body: try JSONSerialization.data(withJSONObject: body), timeout: .seconds(120)))
            let latency = clock.now - sent
            #expect(response.status == 200, "\(response.text)")
            let json = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            let choices = try #require(json["choices"] as? [[String: Any]])
            let message = try #require(choices.first?["message"] as? [String: Any])
            let content = try #require(message["content"] as? String)
            let timings = json["timings"] as? [String: Any] ?? [:]
            print("completion in \(latency): \(content) | timings \(timings)")
            #expect(!content.isEmpty)
            // The schema is enforced by a grammar: the content parses and has the required keys.
            let answer = try #require(
                try? JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any], "not JSON: \(content)")
            #expect(answer["answer"] is String, "\(content)")
            #expect(answer["confidence"] is Int, "\(content)")
        } catch {
            await server.stop()
            throw error
        }

        await server.stop()
        #expect(!processExists(pid), "llama-server is still running after stop()")
        await #expect(throws: HTTPTransportError.self) {
            _ = try await AsyncHTTPTransport.shared.send(HTTPRequestSpec(method: "GET", url: spec.healthURL, timeout: .seconds(2)))
        }
    }
}
