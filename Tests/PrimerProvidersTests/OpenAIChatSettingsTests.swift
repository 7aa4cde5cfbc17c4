import Foundation
import PrimerCore
import PrimerProviders
import Testing

@Suite struct OpenAIChatSettingsTests {
    let base = "http://127.0.0.1:8080/v1"

    @Test func defaultsAndFullSettings() throws {
        let plain = try OpenAIChatSettings(manifest: try openAIManifest(baseURL: base, capabilities: "[]"))
        #expect(plain.structuredOutput == StructuredOutputMode.none)
        #expect(plain.retry == .standard)
        #expect(plain.timeout == .seconds(120))
        #expect(plain.apiKeyEnv == nil)

        let full = try OpenAIChatSettings(
            manifest: try openAIManifest(
                baseURL: base + "/",
                settings: [
                    "api_key_env: MY_KEY", "timeout_seconds: 30",
                    "retry: {max_attempts: 6, base_delay_ms: 100, max_delay_ms: 8000, max_wait_ms: 30000}",
                    "strict_schema: false", "extra_body: {cache_prompt: true, top_k: 40, stop: [\"\\n\\n\"]}",
                    "temperature: 0.2", "max_tokens: 1024", "seed: 7",
                ]))
        #expect(full.baseURL == base)
        #expect(full.apiKeyEnv == "MY_KEY")
        #expect(full.timeout == .seconds(30))
        #expect(full.retry == RetryPolicy(maxAttempts: 6, baseDelay: .milliseconds(100), maxDelay: .seconds(8), maxServerWait: .seconds(30)))
        #expect(full.structuredOutput == .jsonSchema)  // capabilities contain json_schema
        #expect(!full.strictSchema)
        #expect(full.extraBodyJSON == #"{"cache_prompt":true,"stop":["\n\n"],"top_k":40}"#)
        #expect(full.temperature == 0.2)
        #expect(full.maxTokens == 1024)
        #expect(full.seed == 7)
    }

    @Test func unsetKeyVariableIsAConfigErrorNamingIt() throws {
        let manifest = try openAIManifest(baseURL: base, settings: ["api_key_env: OPENAI_API_KEY"])
        let error = try #require(configError { _ = try OpenAIChatProvider(manifest: manifest, environment: ["OTHER": "x"]) })
        #expect(error.description.contains("OPENAI_API_KEY"))
        #expect(error.description.contains("export OPENAI_API_KEY="))
        #expect(error.description.contains("/plugins/local.yaml"))
        #expect(configError { _ = try OpenAIChatProvider(manifest: manifest, environment: ["OPENAI_API_KEY": "  "]) } != nil)
        #expect(configError { _ = try OpenAIChatProvider(manifest: manifest, environment: ["OPENAI_API_KEY": "sk-1"]) } == nil)
    }

    @Test func badSettingsAreConfigErrors() throws {
        let cases: [([String], String)] = [
            (["structured_output: xml"], "json_schema, json_object, none"),
            (["timeout_seconds: 0"], "timeout_seconds"),
            (["retry: 3"], "settings.retry"),
            (["retry: {attempts: 3}"], "max_attempts"),
            (["extra_body: [a]"], "extra_body"),
            (["base_uri: x"], "base_uri"),
        ]
        for (lines, expected) in cases {
            let manifest = try openAIManifest(baseURL: base, settings: lines)
            let error = configError { _ = try OpenAIChatSettings(manifest: manifest) }
            #expect(error?.description.contains(expected) == true, "\(lines): \(String(describing: error))")
        }
        let noURL = try ProviderManifest.parse(
            yaml: "adapter: openai-chat\nmodel: m\n", file: URL(fileURLWithPath: "/plugins/nourl.yaml"))
        #expect(configError { _ = try OpenAIChatSettings(manifest: noURL) }?.description.contains("base_url") == true)
        let ftp = try openAIManifest(baseURL: "ftp://example.com")
        #expect(configError { _ = try OpenAIChatSettings(manifest: ftp) }?.description.contains("http") == true)
        let noModel = try openAIManifest(baseURL: base, model: "''")
        #expect(configError { _ = try OpenAIChatProvider(manifest: noModel, environment: [:]) }?.description.contains("model") == true)
    }

    @Test func registryBuildsTheAdapter() throws {
        let registry = try ProviderRegistry(manifests: [try openAIManifest(name: "llama-local", baseURL: base)])
        let provider = try registry.makeProvider(named: "llama-local", environment: [:])
        #expect(provider is OpenAIChatProvider)
        #expect(provider.model == "test-model")
    }

    @Test func reasoningTextStripping() {
        #expect(ReasoningText.strip("<think>a\nb</think>\n\nanswer") == "answer")
        #expect(ReasoningText.strip("  <THINK>x</THINK> answer") == "answer")
        #expect(ReasoningText.strip("<thinking>x</thinking>answer") == "answer")
        #expect(ReasoningText.strip("reasoning without opening tag</think>answer") == "answer")
        #expect(ReasoningText.strip("<think>cut off while thinking") == "")
        #expect(ReasoningText.strip("plain answer") == "plain answer")
    }
}
