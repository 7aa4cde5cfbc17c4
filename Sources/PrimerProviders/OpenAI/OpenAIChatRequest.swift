import Foundation
import PrimerCore

/// Builds the body of `POST {base_url}/chat/completions` from a `CompletionRequest`.
enum OpenAIChatRequest {
    /// How far apart the seeds of two samples are: more than any family's attempts.
    static let sampleSeedStride = 1000
    /// The body as JSON data: keys sorted, so equal requests give equal bytes, except inside the
    /// schema, whose property order is the order the model writes the fields in.
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
        // A retry with the seed of the attempt it retries samples the same tokens again on a
        // small model that ignores the reminder; attempt n uses seed + n − 1 (still repeatable).
        // Sample k (eval's repeats) moves the seed by a stride no retry budget reaches.
        if settings.seed != nil || request.sample != 0 {
            body["seed"] = (settings.seed ?? 0) + request.sample * Self.sampleSeedStride + max(0, request.purpose.attempt - 1)
        }
        if let schemaText = request.jsonSchema, settings.structuredOutput != .none {
            guard let schema = RawJSON(object: schemaText) else {
                throw ProviderError(
                    provider: provider,
                    message: "the JSON schema of family `\(request.purpose.family)` is not a JSON object; fix the family's schema file",
                    retryable: false)
            }
            body["response_format"] = responseFormat(schema: schema, family: request.purpose.family, settings: settings)
        }
        return try OrderedJSON.data(body)
    }

    static func responseFormat(schema: RawJSON, family: String, settings: OpenAIChatSettings) -> [String: Any] {
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
