import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

@testable import PrimerProviders

/// A key that must never appear in a message, a description or a log.
let perplexityCanaryKey = "pplx-canary-0000"

extension PerplexityAPI: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}

/// The loopback peer of the Perplexity adapter: a real HTTP server answering in the documented
/// shapes, and strict like the real Agent API (unknown fields → HTTP 400).
final class PerplexityStub {
    let server = StubHTTPServer()

    private var stopped = false

    init() throws { try server.start() }
    deinit { stop() }

    /// Stops the server once (stopping twice would wait on a closed event loop).
    func stop() {
        guard !stopped else { return }
        stopped = true
        server.stop()
    }

    var baseURL: String { server.baseURL }

    static func path(_ api: PerplexityAPI) -> String { api == .agent ? "/v1/agent" : "/chat/completions" }

    func script(_ api: PerplexityAPI, _ responses: [StubHTTPServer.Response]) {
        server.script(Self.path(api), responses)
    }

    /// Answers like the real APIs: fields either API does not document → 400 with Perplexity's
    /// error shape; otherwise `success`.
    func strict(_ api: PerplexityAPI, success: StubHTTPServer.Response) {
        server.otherwise { request in
            guard request.path == Self.path(api), let body = request.json else {
                return .json(Self.errorBody("not found", type: "not_found"), status: 404)
            }
            if let unknown = Self.undocumentedFields(api, body).first {
                return .json(Self.errorBody("Unrecognized request argument supplied: \(unknown)", type: "invalid_request_error"), status: 400)
            }
            return success
        }
    }

    var requests: [StubHTTPServer.Request] { server.requests }

    /// A provider built from manifest text, as the registry builds it: the real transport under
    /// a `ResilientTransport`, with a limiter of its own so parallel tests do not share permits.
    func provider(
        _ api: PerplexityAPI, settings: String = "", model: String? = nil, key: String = perplexityCanaryKey
    ) throws -> PerplexityProvider {
        try PerplexityProvider(
            manifest: perplexityManifest(api, baseURL: baseURL, settings: settings, model: model),
            environment: ["PERPLEXITY_API_KEY": key], limiter: ProviderLimiter())
    }

    /// Settings lines that turn the transport's retries off, to see one answer's mapping alone.
    static let once = "  retry: {max_attempts: 1}\n"

    static func errorBody(_ message: String, type: String, code: Any = 400) -> [String: Any] {
        ["error": ["message": message, "type": type, "code": code]]
    }

    // MARK: documented request fields (providers.md; Perplexity's published request schemas)

    static let agentFields: Set<String> = [
        "input", "background", "instructions", "language_preference", "max_output_tokens", "max_steps", "model", "models",
        "preset", "reasoning", "response_format", "stream", "tools",
    ]
    static let agentToolFields: Set<String> = ["type", "filters", "max_tokens", "max_tokens_per_page", "search_context_size", "user_location"]
    static let agentFilterFields: Set<String> = [
        "search_domain_filter", "search_recency_filter", "search_after_date_filter", "search_before_date_filter",
        "last_updated_after_filter", "last_updated_before_filter",
    ]
    static let agentInputFields: Set<String> = ["type", "role", "content"]
    static let sonarFields: Set<String> = [
        "model", "messages", "max_tokens", "temperature", "top_p", "stream", "stop", "search_domain_filter",
        "search_recency_filter", "search_mode", "web_search_options", "return_related_questions", "disable_search",
        "response_format",
    ]

    /// Field paths the API does not document.
    static func undocumentedFields(_ api: PerplexityAPI, _ body: [String: Any]) -> [String] {
        switch api {
        case .sonar:
            return body.keys.filter { !sonarFields.contains($0) }.sorted()
        case .agent:
            var unknown = body.keys.filter { !agentFields.contains($0) }.sorted()
            for tool in body["tools"] as? [[String: Any]] ?? [] {
                unknown += tool.keys.filter { !agentToolFields.contains($0) }.map { "tools[].\($0)" }
                let filters = tool["filters"] as? [String: Any] ?? [:]
                unknown += filters.keys.filter { !agentFilterFields.contains($0) }.map { "tools[].filters.\($0)" }
            }
            for item in body["input"] as? [[String: Any]] ?? [] {
                unknown += item.keys.filter { !agentInputFields.contains($0) }.map { "input[].\($0)" }
            }
            return unknown
        }
    }
}

func perplexityManifest(_ api: PerplexityAPI, baseURL: String, settings: String = "", model: String? = nil) throws -> ProviderManifest {
    var yaml = "name: pplx-test\nadapter: perplexity\n"
    if let model { yaml += "model: \(model)\n" }
    yaml += "settings:\n  api: \(api.rawValue)\n  base_url: \(baseURL)\n" + settings
    return try ProviderManifest.parse(yaml: yaml, file: URL(fileURLWithPath: "/tmp/Plugins/pplx-test.yaml"))
}

/// A request like the generator's: system text, a user prompt, temperature and a token limit.
func perplexityRequest(schema: String? = nil, messages: [ChatMessage]? = nil) -> CompletionRequest {
    CompletionRequest(
        messages: messages ?? [
            ChatMessage(role: .system, content: "You write concise study notes."),
            ChatMessage(role: .user, content: "Write notes on photosynthesis."),
        ],
        purpose: RequestPurpose(family: "lesson", shape: .lesson, subjectKind: .general, subject: "Biology", topic: "Plants", subtopic: "Photosynthesis"),
        jsonSchema: schema, temperature: 0.2, maxTokens: 800)
}

/// The `ProviderError` a call threw; records an issue when it threw something else or nothing.
func perplexityError(_ body: () async throws -> CompletionResponse) async -> ProviderError? {
    do {
        let response = try await body()
        Issue.record("expected a ProviderError, got \(response)")
    } catch let error as ProviderError {
        return error
    } catch {
        Issue.record("expected a ProviderError, got \(type(of: error)): \(error)")
    }
    return nil
}
