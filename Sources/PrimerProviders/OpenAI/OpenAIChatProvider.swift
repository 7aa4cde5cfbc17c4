import Foundation
import PrimerCore

/// `adapter: openai-chat`: any server with an OpenAI-style `POST /chat/completions` —
/// OpenAI, vLLM, Ollama (`/v1`), llama.cpp's `llama-server`. Settings: `OpenAIChatSettings`.
///
/// Every request goes through a `ResilientTransport` (retries with backoff, `Retry-After`,
/// the manifest's `limits:` shared process-wide). The API key comes only from the environment
/// dictionary given at construction and is never part of an error or a description.
public struct OpenAIChatProvider: Provider, ProviderChecking {
    public static let adapterName = "openai-chat"

    public let name: String
    public let model: String
    public let settings: OpenAIChatSettings
    public let capabilities: [String]
    let key: APIKey?
    let transport: any HTTPTransport

    /// - Parameters:
    ///   - environment: where `api_key_env` is looked up (the process environment in the app).
    ///   - transport: the base transport; a `ResilientTransport` with the manifest's retry
    ///     policy and limits is layered over it.
    ///   - limiter: the process-wide limiter, replaceable so tests do not share permits.
    public init(
        manifest: ProviderManifest, environment: [String: String], transport: any HTTPTransport = AsyncHTTPTransport.shared,
        limiter: ProviderLimiter = .shared
    ) throws {
        let settings = try OpenAIChatSettings(manifest: manifest)
        guard !manifest.model.isEmpty else {
            throw ProviderConfigError.badValue(
                file: manifest.file.path, line: nil, key: "model",
                problem: "is missing; add `model:` with the model to ask for (`gpt-4o-mini`, `llama3.2`; "
                    + "llama-server accepts any name)")
        }
        key = try OpenAIConnection.key(variable: settings.apiKeyEnv, manifest: manifest, environment: environment)
        self.name = manifest.name
        self.model = manifest.model
        self.settings = settings
        self.capabilities = manifest.capabilities
        self.transport = ResilientTransport(
            base: transport, provider: manifest.name, limits: manifest.limits, policy: settings.retry, limiter: limiter)
    }

    /// The error mapper; `policy` is the retry policy the failed call ran under (for "after N attempts").
    func errors(policy: RetryPolicy? = nil) -> OpenAIChatErrors {
        OpenAIChatErrors(
            provider: name, baseURL: settings.baseURL, model: model, key: key, apiKeyEnv: settings.apiKeyEnv,
            policy: policy ?? settings.retry)
    }

    var headers: [String: String] {
        var headers = ["Content-Type": "application/json", "Accept": "application/json"]
        if let key { headers["Authorization"] = key.authorizationHeader }
        return headers
    }

    public func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        let url = settings.baseURL + "/chat/completions"
        let body = try OpenAIChatRequest.body(for: request, model: model, settings: settings, provider: name)
        PrimerLog.http.debug(
            "\(name): \(request.purpose.family) attempt \(request.purpose.attempt), response_format \(structuredOutput(for: request))",
            metadata: ["model": "\(model)", "max_tokens": "\(request.maxTokens ?? settings.maxTokens ?? 0)"])
        let response: HTTPResponseData
        do {
            response = try await transport.send(
                HTTPRequestSpec(method: "POST", url: url, headers: headers, body: body, timeout: settings.timeout))
        } catch {
            throw errors().error(for: error, url: url)
        }
        guard response.status == 200 else { throw errors().error(for: response, url: url) }
        guard let completion = try? JSONDecoder().decode(OpenAIChatCompletion.self, from: response.body),
            let normalised = completion.normalised(fallbackModel: model)
        else {
            throw errors().make(
                "\(url) answered HTTP 200 without a chat completion (\(OpenAIChatErrors.shorten(response.text, limit: 200))); "
                    + "check that `base_url` points at an OpenAI-compatible API", retryable: true)
        }
        return normalised
    }

    /// The structured-output mode this request is sent with (`none` for a family without a schema).
    func structuredOutput(for request: CompletionRequest) -> String {
        request.jsonSchema == nil ? StructuredOutputMode.none.rawValue : settings.structuredOutput.rawValue
    }
}
