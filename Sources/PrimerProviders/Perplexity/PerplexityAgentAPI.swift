import Foundation
import PrimerCore

/// The Agent API, `POST {base_url}/v1/agent` (the same as `/v1/responses`).
///
/// It rejects unknown fields with HTTP 400, so the body holds only documented fields: `model`,
/// `input` (message items), `instructions` (the system text), `max_output_tokens`, `tools` (one
/// `web_search` tool: search is not automatic here) and `response_format`. It documents no
/// `temperature`, so a request's temperature is not sent.
enum PerplexityAgentAPI {
    static func body(for request: CompletionRequest, model: String, configuration: PerplexityConfiguration, provider: String)
        throws -> [String: Any]
    {
        let system = request.messages.filter { $0.role == .system }.map(\.content).filter { !$0.isEmpty }
        var input: [[String: Any]] = request.messages.filter { $0.role != .system }.map {
            ["type": "message", "role": $0.role.rawValue, "content": $0.content]
        }
        var instructions = system.joined(separator: "\n\n")
        if input.isEmpty {
            // `input` is required: a request of system text only asks it as the user.
            input = [["type": "message", "role": "user", "content": instructions]]
            instructions = ""
        }

        var body: [String: Any] = ["model": model, "input": input, "tools": [webSearchTool(configuration.search)]]
        if !instructions.isEmpty { body["instructions"] = instructions }
        if let maxTokens = request.maxTokens, maxTokens > 0 { body["max_output_tokens"] = maxTokens }
        if configuration.structuredOutput, let schema = request.jsonSchema {
            body["response_format"] = try PerplexityText.responseFormat(schema: schema, purpose: request.purpose, provider: provider)
        }
        return body
    }

    /// `{"type":"web_search","filters":{search_domain_filter, search_recency_filter},"search_context_size"}`.
    /// The tool has no search mode (the configuration refuses one for this API).
    static func webSearchTool(_ search: PerplexitySearch) -> [String: Any] {
        var tool: [String: Any] = ["type": "web_search"]
        var filters: [String: Any] = [:]
        if !search.domainFilter.isEmpty { filters["search_domain_filter"] = search.domainFilter }
        if let recency = search.recency { filters["search_recency_filter"] = recency.rawValue }
        if !filters.isEmpty { tool["filters"] = filters }
        if let size = search.contextSize { tool["search_context_size"] = size.rawValue }
        return tool
    }

    /// Reads a 2xx answer. A run can fail with HTTP 200: `status: failed` (or `cancelled`)
    /// becomes a `ProviderError` carrying the body's `error.message`.
    static func parse(_ json: PerplexityJSON, requestedModel: String, provider: String) throws -> CompletionResponse {
        var parts: [String] = []
        var citations: [Citation] = []
        for item in json["output"].array {
            switch item["type"].string {
            case "message":
                for part in item["content"].array where part["type"].string == "output_text" {
                    if let text = part["text"].string { parts.append(text) }
                    for annotation in part["annotations"].array {
                        if let citation = PerplexityText.citation(annotation) { citations.append(citation) }
                    }
                }
            case "search_results":
                citations += item["results"].array.compactMap(PerplexityText.citation)
            case "fetch_url_results":
                citations += item["contents"].array.compactMap(PerplexityText.citation)
            default:
                continue
            }
        }
        let text = ReasoningText.strip(parts.joined())

        let status = json["status"].string ?? "completed"
        var finish = FinishReason.stop
        switch status {
        case "completed":
            break
        case "incomplete":
            switch json["incomplete_details"]["reason"].string {
            case "max_output_tokens": finish = .length
            case "content_filter": finish = .refusal
            default: finish = .other
            }
        case "failed":
            throw failure(json, provider: provider)
        case "cancelled":
            throw ProviderError(
                provider: provider, message: "Perplexity cancelled the run before it finished\(detail(json)); it will be asked again",
                retryable: true)
        case "in_progress", "queued":
            throw ProviderError(
                provider: provider, message: "Perplexity answered before the run finished (status `\(status)`); it will be asked again",
                retryable: true)
        case "requires_action":
            throw ProviderError(
                provider: provider,
                message: "Perplexity's run stopped to ask for a tool result (status `requires_action`), but Primer offers no "
                    + "function tools; check the manifest's model",
                retryable: false)
        default:
            // An unknown status with an answer keeps the answer; without one it is an error.
            guard !text.isEmpty else {
                throw ProviderError(
                    provider: provider, message: "Perplexity ended the run with status `\(status)` and no answer\(detail(json))",
                    retryable: true)
            }
            finish = .other
        }

        let usage = json["usage"]
        return CompletionResponse(
            text: text, model: json["model"].text ?? requestedModel,
            usage: TokenUsage(
                promptTokens: usage["input_tokens"].int ?? 0, completionTokens: usage["output_tokens"].int ?? 0,
                cachedPromptTokens: usage["input_tokens_details"]["cache_read_input_tokens"].int ?? 0),
            cost: cost(usage["cost"]), citations: PerplexityText.mergeCitations(citations), finishReason: finish)
    }

    /// `cost.total_cost` in USD, else the sum of the parts it reports.
    static func cost(_ cost: PerplexityJSON) -> Double? {
        guard cost.isObject else { return nil }
        if let currency = cost["currency"].string, currency.uppercased() != "USD" { return nil }
        if let total = cost["total_cost"].double { return total }
        let parts = ["input_cost", "output_cost", "tool_calls_cost", "cache_creation_cost", "cache_read_cost"].compactMap { cost[$0].double }
        return parts.isEmpty ? nil : parts.reduce(0, +)
    }

    /// A failed run. Retryable unless the error says the request itself is at fault (invalid,
    /// unsupported, auth, quota): a run that failed on Perplexity's side (the model or a search
    /// crashed, an upstream provider timed out) usually succeeds when asked again, and the
    /// generator's attempt budget bounds how often that happens.
    static func failure(_ json: PerplexityJSON, provider: String) -> ProviderError {
        let error = json["error"]
        let kind = [error["type"].string, error["code"].string].compactMap { $0 }.joined(separator: " ").lowercased()
        let clientSide = ["invalid", "bad_request", "unsupported", "not_found", "auth", "permission", "quota", "credit", "billing"]
        let retryable = !clientSide.contains { kind.contains($0) }
        let message = error["message"].text ?? error.text ?? "no reason given"
        let code = kind.isEmpty ? "" : " (\(kind))"
        let advice = retryable ? "it will be asked again" : "fix the request or the manifest before running again"
        return ProviderError(
            provider: provider, message: "Perplexity reported the run as failed\(code): \(message); \(advice)", retryable: retryable)
    }

    /// ` (reason)` from `error.message` or `incomplete_details.reason`, when present.
    static func detail(_ json: PerplexityJSON) -> String {
        if let message = json["error"]["message"].text { return " (\(message))" }
        if let reason = json["incomplete_details"]["reason"].text { return " (\(reason))" }
        return ""
    }
}
