import Foundation
import PrimerCore

/// The legacy Sonar API, `POST {base_url}/chat/completions`: an OpenAI-shaped body plus
/// Perplexity's search fields at the top level (`search_domain_filter`, `search_recency_filter`,
/// `search_mode`) and `web_search_options.search_context_size`. Search is automatic.
/// Perplexity announced its retirement on 2026-09-27 in favour of the Agent API.
enum PerplexitySonarAPI {
    static func body(for request: CompletionRequest, model: String, configuration: PerplexityConfiguration, provider: String)
        throws -> [String: Any]
    {
        var body: [String: Any] = ["model": model, "messages": messages(request.messages)]
        if let maxTokens = request.maxTokens, maxTokens > 0 { body["max_tokens"] = maxTokens }
        if let temperature = request.temperature { body["temperature"] = temperature }
        let search = configuration.search
        if !search.domainFilter.isEmpty { body["search_domain_filter"] = search.domainFilter }
        if let recency = search.recency { body["search_recency_filter"] = recency.rawValue }
        if let mode = search.mode { body["search_mode"] = mode.rawValue }
        if let size = search.contextSize { body["web_search_options"] = ["search_context_size": size.rawValue] }
        if configuration.structuredOutput, let schema = request.jsonSchema {
            body["response_format"] = try PerplexityText.responseFormat(schema: schema, purpose: request.purpose, provider: provider)
        }
        return body
    }

    /// Sonar wants the system message(s) first, then user and assistant turns alternating. System
    /// text is gathered at the front and neighbouring turns of one role are joined, so a retry
    /// that adds a reminder as a second user message is not refused with HTTP 400.
    static func messages(_ messages: [ChatMessage]) -> [[String: String]] {
        var result: [[String: String]] = []
        let system = messages.filter { $0.role == .system }.map(\.content).filter { !$0.isEmpty }
        if !system.isEmpty { result.append(["role": "system", "content": system.joined(separator: "\n\n")]) }
        for message in messages where message.role != .system {
            if let last = result.last, last["role"] == message.role.rawValue, last["role"] != "system" {
                result[result.count - 1]["content"] = (last["content"] ?? "") + "\n\n" + message.content
            } else {
                result.append(["role": message.role.rawValue, "content": message.content])
            }
        }
        return result
    }

    /// Reads a 2xx answer: `choices[0].message.content`, the `citations` URL list merged with
    /// `search_results` (titles and snippets), `usage` and its `cost`.
    static func parse(_ json: PerplexityJSON, requestedModel: String, provider: String) throws -> CompletionResponse {
        guard let choice = json["choices"].array.first else {
            let reason = json["error"]["message"].text.map { ": \($0)" } ?? ""
            throw ProviderError(
                provider: provider, message: "Perplexity's answer has no choices\(reason); it will be asked again", retryable: true)
        }
        let text = ReasoningText.strip(choice["message"]["content"].string ?? "")
        let finish: FinishReason
        switch choice["finish_reason"].string {
        case nil, "stop": finish = .stop
        case "length": finish = .length
        case "content_filter": finish = .refusal
        default: finish = .other
        }

        // `[n]` markers in the text index into `citations`, so that order leads.
        let results = json["search_results"].array.compactMap(PerplexityText.citation)
        let listed = json["citations"].array.compactMap { $0.text.map { Citation(url: $0) } }
        let usage = json["usage"]
        return CompletionResponse(
            text: text, model: json["model"].text ?? requestedModel,
            usage: TokenUsage(
                promptTokens: usage["prompt_tokens"].int ?? 0, completionTokens: usage["completion_tokens"].int ?? 0,
                cachedPromptTokens: usage["prompt_tokens_details"]["cached_tokens"].int ?? 0),
            cost: cost(usage["cost"]), citations: PerplexityText.mergeCitations(listed + results), finishReason: finish)
    }

    /// `cost.total_cost` in USD, else the sum of the parts it reports.
    static func cost(_ cost: PerplexityJSON) -> Double? {
        guard cost.isObject else { return nil }
        if let total = cost["total_cost"].double { return total }
        let parts = [
            "input_tokens_cost", "output_tokens_cost", "request_cost", "citation_tokens_cost", "reasoning_tokens_cost",
            "search_queries_cost",
        ].compactMap { cost[$0].double }
        return parts.isEmpty ? nil : parts.reduce(0, +)
    }
}
