import Foundation
import PrimerCore

/// The parts of an OpenAI-style chat completion Primer reads. Every field is optional because
/// OpenAI, vLLM, llama-server and Ollama each leave different ones out.
struct OpenAIChatCompletion: Decodable {
    struct Choice: Decodable {
        var message: Message?
        var finish_reason: String?
    }
    struct Message: Decodable {
        var content: Content?
        var refusal: String?
        // `reasoning_content` (llama-server, vLLM, DeepSeek) is deliberately not read: it is
        // the model's thinking, never the answer.
    }
    /// `content` is a string, or (some servers) a list of `{type: "text", text}` parts.
    struct Content: Decodable {
        var text: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) {
                text = string
            } else {
                struct Part: Decodable { var text: String? }
                text = try container.decode([Part].self).compactMap(\.text).joined()
            }
        }
    }
    struct Usage: Decodable {
        struct Details: Decodable { var cached_tokens: Int? }
        var prompt_tokens: Int?
        var completion_tokens: Int?
        var prompt_tokens_details: Details?
    }
    /// llama-server's own counters.
    struct Timings: Decodable {
        var cache_n: Int?
        var prompt_n: Int?
        var predicted_n: Int?
    }

    var model: String?
    var choices: [Choice]?
    var usage: Usage?
    var timings: Timings?

    /// The normalised response; nil when the body has no choice with a message.
    func normalised(fallbackModel: String) -> CompletionResponse? {
        guard let choice = choices?.first, let message = choice.message else { return nil }
        let refusal = message.refusal.flatMap { $0.isEmpty ? nil : $0 }
        var finish: FinishReason
        switch choice.finish_reason {
        case nil, "stop": finish = .stop
        case "length": finish = .length
        case "content_filter": finish = .refusal
        default: finish = .other
        }
        if refusal != nil { finish = .refusal }
        let content = message.content?.text ?? refusal ?? ""
        let cached = usage?.prompt_tokens_details?.cached_tokens ?? timings?.cache_n ?? 0
        // llama-server's `prompt_n` counts only the tokens it had to process, not the cached ones.
        let prompt = usage?.prompt_tokens ?? ((timings?.prompt_n ?? 0) + (timings?.cache_n ?? 0))
        let completion = usage?.completion_tokens ?? timings?.predicted_n ?? 0
        return CompletionResponse(
            text: ReasoningText.strip(content),
            model: model.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackModel,
            usage: TokenUsage(promptTokens: prompt, completionTokens: completion, cachedPromptTokens: cached),
            finishReason: finish)
    }
}
