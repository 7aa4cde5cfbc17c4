import Foundation

/// JSON form of an answer, as the response cache and cassettes keep it:
/// `{"text", "model", "usage": {"prompt_tokens", "completion_tokens", "cached_prompt_tokens"},
/// "cost", "citations": [{"url", "title", "snippet"}], "finish_reason"}`. Missing optional parts
/// decode to their defaults.
extension CompletionResponse: Codable {
    enum CodingKeys: String, CodingKey {
        case text, model, usage, cost, citations
        case finishReason = "finish_reason"
    }

    enum UsageKeys: String, CodingKey {
        case promptTokens = "prompt_tokens"
        case completionTokens = "completion_tokens"
        case cachedPromptTokens = "cached_prompt_tokens"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var usage = TokenUsage()
        if container.contains(.usage) {
            let nested = try container.nestedContainer(keyedBy: UsageKeys.self, forKey: .usage)
            usage = TokenUsage(
                promptTokens: try nested.decodeIfPresent(Int.self, forKey: .promptTokens) ?? 0,
                completionTokens: try nested.decodeIfPresent(Int.self, forKey: .completionTokens) ?? 0,
                cachedPromptTokens: try nested.decodeIfPresent(Int.self, forKey: .cachedPromptTokens) ?? 0)
        }
        self.init(
            text: try container.decode(String.self, forKey: .text),
            model: try container.decodeIfPresent(String.self, forKey: .model) ?? "",
            usage: usage,
            cost: try container.decodeIfPresent(Double.self, forKey: .cost),
            citations: try container.decodeIfPresent([Citation].self, forKey: .citations) ?? [],
            finishReason: try container.decodeIfPresent(FinishReason.self, forKey: .finishReason) ?? .stop)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(model, forKey: .model)
        var nested = container.nestedContainer(keyedBy: UsageKeys.self, forKey: .usage)
        try nested.encode(usage.promptTokens, forKey: .promptTokens)
        try nested.encode(usage.completionTokens, forKey: .completionTokens)
        try nested.encode(usage.cachedPromptTokens, forKey: .cachedPromptTokens)
        try container.encodeIfPresent(cost, forKey: .cost)
        try container.encode(citations, forKey: .citations)
        try container.encode(finishReason, forKey: .finishReason)
    }
}
