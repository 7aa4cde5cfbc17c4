import Foundation
import PrimerCore

/// Builds the body of `POST {base_url}/chat/completions` from a `CompletionRequest`.
enum OpenAIChatRequest {
    /// The body as JSON data (keys sorted, so equal requests give equal bytes).
    /// Throws `ProviderError` when `request.jsonSchema` is not a JSON object (a bug in a prompt family).
    static func body(
        for request: CompletionRequest, model: String, settings: OpenAIChatSettings, provider: String
    ) throws -> Data {
        // extra_body first, so the fields Primer sets itself win over a manifest that repeats them.
        var body = settings.extraBody
        body["model"] = model
        body["messages"] = request.messages.map { ["role": $0.role.rawValue, "content": $0.content] }
        body["stream"] = false
        if let temperature = request.temperature ?? settings.temperature { body["temperature"] = temperature }
        if let maxTokens = request.maxTokens ?? settings.maxTokens { body["max_tokens"] = maxTokens }
        if let seed = settings.seed { body["seed"] = seed }
        if let schemaText = request.jsonSchema, settings.structuredOutput != .none {
            guard let schema = (try? JSONSerialization.jsonObject(with: Data(schemaText.utf8))) as? [String: Any] else {
                throw ProviderError(
                    provider: provider,
                    message: "the JSON schema of family `\(request.purpose.family)` is not a JSON object; fix the family's schema file",
                    retryable: false)
            }
            body["response_format"] = responseFormat(schema: schema, family: request.purpose.family, settings: settings)
        }
        return try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    static func responseFormat(schema: [String: Any], family: String, settings: OpenAIChatSettings) -> [String: Any] {
        switch settings.structuredOutput {
        case .jsonSchema:
            return [
                "type": "json_schema",
                "json_schema": ["name": schemaName(family), "schema": schema, "strict": settings.strictSchema],
            ]
        case .jsonObject:
            return ["type": "json_object", "schema": schema]
        case .none:
            return [:]
        }
    }

    /// OpenAI requires `^[a-zA-Z0-9_-]{1,64}$` for the schema name.
    static func schemaName(_ family: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        let name = String(family.map { allowed.contains($0) ? $0 : "_" }.prefix(64))
        return name.isEmpty ? "output" : name
    }
}
