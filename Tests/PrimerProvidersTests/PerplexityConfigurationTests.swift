import Foundation
import PrimerCore
import PrimerDefaults
import Testing

@testable import PrimerProviders

/// Manifests and settings: the shipped manifests, defaults, the missing key, bad values.
@Suite struct PerplexityConfigurationTests {
    func configError(_ body: () throws -> Void) -> ProviderConfigError? {
        do {
            try body()
            return nil
        } catch let error as ProviderConfigError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func shippedManifestsBuildBothAPIs() throws {
        let folder = try #require(Defaults.pluginsDirectory)
        let registry = try ProviderRegistry(directories: [folder])
        let environment = ["PERPLEXITY_API_KEY": perplexityCanaryKey]

        let agentManifest = try #require(registry.manifest(named: "perplexity"))
        #expect(agentManifest.adapter == "perplexity")
        #expect(agentManifest.capabilities == ["web_search", "citations", "json_schema"])
        #expect(agentManifest.limits == ProviderLimits(concurrentRequests: 4, requestsPerMinute: 50))
        let agent = try #require(try registry.makeProvider(named: "perplexity", environment: environment) as? PerplexityProvider)
        #expect(agent.model == "perplexity/sonar")
        #expect(agent.configuration.api == .agent)
        #expect(agent.configuration.endpoint == "https://api.perplexity.ai/v1/agent")
        #expect(agent.configuration.apiKeyEnv == "PERPLEXITY_API_KEY")
        #expect(agent.configuration.structuredOutput)
        #expect(agent.configuration.retry == RetryPolicy.standard)
        let resilient = try #require(agent.transport as? ResilientTransport, "requests go through the retrying transport")
        #expect(resilient.limits == agentManifest.limits)
        #expect(resilient.provider == "perplexity")

        let sonar = try #require(try registry.makeProvider(named: "perplexity-sonar", environment: environment) as? PerplexityProvider)
        #expect(sonar.model == "sonar")
        #expect(sonar.configuration.api == .sonar)
        #expect(sonar.configuration.endpoint == "https://api.perplexity.ai/chat/completions")
        #expect(sonar.configuration.search.mode == .web)

        let text = try String(contentsOf: folder.appendingPathComponent("perplexity-sonar.yaml"), encoding: .utf8)
        #expect(text.contains("2026-09-27"), "the manifest says when Sonar retires")
    }

    @Test func defaultsWithEmptySettings() throws {
        let manifest = try ProviderManifest.parse(yaml: "adapter: perplexity\n", file: URL(fileURLWithPath: "/tmp/p.yaml"))
        let provider = try PerplexityProvider(manifest: manifest, environment: ["PERPLEXITY_API_KEY": perplexityCanaryKey])
        #expect(provider.configuration == PerplexityConfiguration())
        #expect(provider.configuration.api == .agent)
        #expect(provider.configuration.baseURL == "https://api.perplexity.ai")
        #expect(provider.configuration.timeoutSeconds == 120)
        #expect(provider.model == "perplexity/sonar")
        #expect(provider.name == "p")

        let sonar = try ProviderManifest.parse(yaml: "adapter: perplexity\nsettings: {api: sonar, base_url: 'http://127.0.0.1:9/'}\n", file: URL(fileURLWithPath: "/tmp/s.yaml"))
        let built = try PerplexityProvider(manifest: sonar, environment: ["PERPLEXITY_API_KEY": perplexityCanaryKey])
        #expect(built.model == "sonar")
        #expect(built.configuration.endpoint == "http://127.0.0.1:9/chat/completions")
    }

    @Test(arguments: [[:], ["PERPLEXITY_API_KEY": ""], ["PERPLEXITY_API_KEY": "  \n"]])
    func missingKeyFailsAtConstructionNamingTheVariable(environment: [String: String]) throws {
        let manifest = try ProviderManifest.parse(
            yaml: "adapter: perplexity\nsettings:\n  api_key_env: PERPLEXITY_API_KEY\n", file: URL(fileURLWithPath: "/tmp/Plugins/perplexity.yaml"))
        let error = try #require(configError { _ = try PerplexityProvider(manifest: manifest, environment: environment) })
        let message = error.description
        #expect(message.contains("/tmp/Plugins/perplexity.yaml:3"))
        #expect(message.contains("PERPLEXITY_API_KEY, which is not set"))
        #expect(message.contains("export PERPLEXITY_API_KEY="))
    }

    @Test func missingKeyThroughTheRegistry() throws {
        let folder = try #require(Defaults.pluginsDirectory)
        let registry = try ProviderRegistry(directories: [folder])
        let error = try #require(configError { _ = try registry.makeProvider(named: "perplexity", environment: ["OTHER": "x"]) })
        #expect(error.description.contains("PERPLEXITY_API_KEY"))
        #expect(error.description.contains("perplexity.yaml"))
    }

    @Test func retrySettingsAreRead() throws {
        let manifest = try ProviderManifest.parse(
            yaml: "adapter: perplexity\nsettings:\n  retry: {max_attempts: 2, base_delay_ms: 100, max_wait_ms: 5000}\n",
            file: URL(fileURLWithPath: "/tmp/p.yaml"))
        let provider = try PerplexityProvider(manifest: manifest, environment: ["PERPLEXITY_API_KEY": perplexityCanaryKey])
        #expect(
            provider.configuration.retry
                == RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(100), maxDelay: .seconds(20), maxServerWait: .seconds(5)))
        #expect((provider.transport as? ResilientTransport)?.policy.maxAttempts == 2)
    }

    @Test func theKeyStaysOutOfDescriptions() throws {
        let manifest = try ProviderManifest.parse(yaml: "adapter: perplexity\n", file: URL(fileURLWithPath: "/tmp/p.yaml"))
        let provider = try PerplexityProvider(manifest: manifest, environment: ["PERPLEXITY_API_KEY": perplexityCanaryKey])
        #expect(!String(describing: provider).contains(perplexityCanaryKey))
        #expect(!String(reflecting: provider).contains(perplexityCanaryKey))
        var dumped = ""
        dump(provider, to: &dumped)
        #expect(!dumped.contains(perplexityCanaryKey))
    }

    @Test func badSettingsNameFileLineAndChoices() throws {
        let file = URL(fileURLWithPath: "/tmp/Plugins/bad.yaml")
        let environment = ["PERPLEXITY_API_KEY": perplexityCanaryKey]
        func error(_ settings: String) throws -> String {
            let manifest = try ProviderManifest.parse(yaml: "adapter: perplexity\nsettings:\n" + settings, file: file)
            return configError { _ = try PerplexityProvider(manifest: manifest, environment: environment) }?.description ?? "no error"
        }
        #expect(try error("  api: chat\n").contains("`settings.api` is `chat`; use one of: agent, sonar"))
        #expect(try error("  search:\n    recency: decade\n").contains("bad.yaml:4: `settings.search.recency` is `decade`; use one of: hour, day, week, month, year"))
        #expect(try error("  search:\n    context_size: huge\n").contains("low, medium, high"))
        #expect(try error("  search:\n    mode: academic\n").contains("`settings.search.mode` is `academic`, but the Agent API"))
        #expect(try error("  search:\n    freshness: day\n").contains("unknown key `settings.search.freshness`"))
        #expect(try error("  temperature: 0.3\n").contains("unknown key `settings.temperature`"))
        #expect(try error("  timeout_seconds: 0\n").contains("must be more than 0"))
        #expect(try error("  base_url: api.perplexity.ai\n").contains("not an http(s) URL"))
        #expect(try error("  api_key_env: \(perplexityCanaryKey)\n").contains("must name an environment variable"))
        #expect(try !error("  api_key_env: \(perplexityCanaryKey)\n").contains(perplexityCanaryKey), "a pasted key is not echoed")
        let many = (1...21).map { "d\($0).com" }.joined(separator: ", ")
        #expect(try error("  search:\n    domain_filter: [\(many)]\n").contains("at most 20"))
        #expect(try error("  retry: {max_tries: 2}\n").contains("unknown key `settings.retry.max_tries`"))
        #expect(try error("  retry: 3\n").contains("`settings.retry` must be a mapping"))
        #expect(try error("  api: sonar\n  search:\n    mode: sec\n") == "no error")
    }
}
