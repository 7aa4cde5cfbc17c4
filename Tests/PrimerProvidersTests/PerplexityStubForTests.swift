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
        purpose: RequestPurpose(family: "notes", output: .notes, subjectKind: .general, subject: "Biology", topic: "Plants", subtopic: "Photosynthesis"),
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

// MARK: answers in the documented shapes

enum PerplexityAnswers {
    static var sources: [[String: Any]] { [
        [
            "id": 1, "url": "https://en.wikipedia.org/wiki/Photosynthesis", "title": "Photosynthesis - Wikipedia",
            "snippet": "Photosynthesis is a process used by plants to convert light energy into chemical energy.", "date": "2025-03-01",
        ],
        [
            "id": 2, "url": "https://www.britannica.com/science/photosynthesis", "title": "Photosynthesis | Britannica",
            "snippet": "Photosynthesis, the process by which green plants transform light energy.", "date": "2024-11-20",
        ],
    ] }

    /// An Agent API response (`object: response`).
    static func agent(
        text: [String] = ["Photosynthesis turns light into chemical energy [1]. ", "It happens in chloroplasts [2]."],
        status: String = "completed", incomplete: String? = nil, error: [String: Any]? = nil, totalCost: Double? = 0.006365
    ) -> [String: Any] {
        var cost: [String: Any] = ["input_cost": 0.00012, "output_cost": 0.000245, "tool_calls_cost": 0.006, "currency": "USD"]
        if let totalCost { cost["total_cost"] = totalCost }
        var body: [String: Any] = [
            "id": "resp_0123", "object": "response", "created_at": 1_764_000_000, "model": "perplexity/sonar", "status": status,
            "output": [
                ["type": "search_results", "queries": ["photosynthesis"], "results": sources],
                [
                    "type": "message", "id": "msg_1", "role": "assistant", "status": status == "completed" ? "completed" : "in_progress",
                    "content": text.map { ["type": "output_text", "text": $0, "annotations": [] as [Any]] },
                ],
            ],
            "usage": [
                "input_tokens": 1200, "output_tokens": 245, "total_tokens": 1445,
                "input_tokens_details": ["cache_read_input_tokens": 100], "cost": cost,
            ],
        ]
        if let incomplete { body["incomplete_details"] = ["reason": incomplete] }
        if let error { body["error"] = error }
        return body
    }

    /// A legacy Sonar chat completion.
    static func sonar(content: String = "Photosynthesis turns light into chemical energy [1][2].", finish: String = "stop") -> [String: Any] {
        [
            "id": "0a1b2c", "model": "sonar", "object": "chat.completion", "created": 1_764_000_000,
            "citations": [
                "https://www.britannica.com/science/photosynthesis", "https://en.wikipedia.org/wiki/Photosynthesis",
                "https://www.nationalgeographic.org/photosynthesis",
            ],
            "search_results": sources.map { source in
                source.filter { $0.key != "id" }.merging(["last_updated": "2025-04-01"]) { a, _ in a }
            },
            "choices": [
                ["index": 0, "finish_reason": finish, "message": ["role": "assistant", "content": content]]
            ],
            "usage": [
                "prompt_tokens": 900, "completion_tokens": 180, "total_tokens": 1080, "search_context_size": "low",
                "cost": ["input_tokens_cost": 0.0009, "output_tokens_cost": 0.00018, "request_cost": 0.005, "total_cost": 0.00608],
            ],
        ]
    }
}
