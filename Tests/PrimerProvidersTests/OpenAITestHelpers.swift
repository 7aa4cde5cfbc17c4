import Foundation
import PrimerCore
import PrimerProviders
import PrimerTestSupport

/// A manifest for the openai-chat adapter pointing at `baseURL`, with extra YAML lines under `settings:`.
func openAIManifest(
    name: String = "local", baseURL: String, model: String = "test-model", capabilities: String = "[json_schema]",
    limits: String = "{concurrent_requests: 4, requests_per_minute: 0}", settings: [String] = []
) throws -> ProviderManifest {
    let yaml = """
        name: \(name)
        adapter: openai-chat
        model: \(model)
        capabilities: \(capabilities)
        limits: \(limits)
        settings:
          base_url: \(baseURL)
        \(settings.map { "  " + $0 }.joined(separator: "\n"))
        """
    return try ProviderManifest.parse(yaml: yaml, file: URL(fileURLWithPath: "/plugins/\(name).yaml"))
}

/// The adapter with a limiter of its own (tests must not share permits) and fast retries.
func openAIProvider(
    _ manifest: ProviderManifest, environment: [String: String] = [:], limiter: ProviderLimiter = ProviderLimiter()
) throws -> OpenAIChatProvider {
    try OpenAIChatProvider(manifest: manifest, environment: environment, limiter: limiter)
}

func sampleRequest(schema: String? = nil, family: String = "flashcards") -> CompletionRequest {
    CompletionRequest(
        messages: [ChatMessage(role: .system, content: "You write flashcards."), ChatMessage(role: .user, content: "Photosynthesis")],
        purpose: RequestPurpose(family: family, shape: .pair, subjectKind: .general, subject: "Biology"),
        jsonSchema: schema, temperature: 0.5, maxTokens: 256)
}

/// A chat completion in OpenAI's documented shape.
func chatCompletion(
    _ content: String?, finish: String = "stop", model: String = "test-model-2025", prompt: Int = 120, completion: Int = 40,
    cached: Int? = 100, refusal: String? = nil, extra: [String: Any] = [:]
) -> StubHTTPServer.Response {
    var message: [String: Any] = ["role": "assistant", "content": content.map { $0 as Any } ?? NSNull()]
    if let refusal { message["refusal"] = refusal }
    var usage: [String: Any] = ["prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion]
    if let cached { usage["prompt_tokens_details"] = ["cached_tokens": cached] }
    var body: [String: Any] = [
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1_700_000_000, "model": model,
        "choices": [["index": 0, "message": message, "finish_reason": finish]], "usage": usage,
    ]
    body.merge(extra) { _, new in new }
    return .json(body)
}

/// OpenAI's error body.
func apiError(_ status: Int, _ message: String, type: String = "invalid_request_error", code: String? = nil, headers: [String: String] = [:])
    -> StubHTTPServer.Response
{
    .json(["error": ["message": message, "type": type, "code": code.map { $0 as Any } ?? NSNull(), "param": NSNull()]], status: status, headers: headers)
}

/// The `ProviderError` a call threw (nil if it did not throw one).
func providerError(_ body: () async throws -> Void) async -> ProviderError? {
    do {
        try await body()
        return nil
    } catch let error as ProviderError {
        return error
    } catch {
        return nil
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
