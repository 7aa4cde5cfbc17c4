import Foundation

/// How the `openai-chat` adapter asks for structured (JSON) output.
public enum StructuredOutputMode: String, Sendable, Equatable, CaseIterable {
    /// `response_format: {"type":"json_schema","json_schema":{"name","schema","strict"}}` — OpenAI,
    /// vLLM, llama-server and Ollama's `/v1` endpoint all accept it.
    case jsonSchema = "json_schema"
    /// `response_format: {"type":"json_object","schema":{…}}` — llama-server's own form, for
    /// builds or servers that do not know `json_schema`. Not for OpenAI, whose `json_object` mode
    /// takes no schema: use `json_schema` there.
    case jsonObject = "json_object"
    /// No `response_format`: the prompt alone asks for the format.
    case none
}

/// The `settings:` of an `adapter: openai-chat` manifest:
///
/// ```yaml
/// settings:
///   base_url: http://127.0.0.1:8080/v1   # required; the part before /chat/completions
///   api_key_env: OPENAI_API_KEY          # optional (local servers); the variable must be set
///   timeout_seconds: 120                 # per HTTP request
///   retry: {max_attempts: 4, base_delay_ms: 500, max_delay_ms: 20000, max_wait_ms: 60000}
///   structured_output: json_schema       # json_schema | json_object | none
///   strict_schema: true                  # json_schema's "strict" flag (OpenAI needs strict-ready schemas)
///   extra_body: {cache_prompt: true}     # merged into every request body
///   temperature: 0.7                     # used when the request does not set one
///   max_tokens: 2048                     # used when the request does not set one
///   seed: 42
/// ```
public struct OpenAIChatSettings: Sendable, Equatable {
    public var baseURL: String
    public var apiKeyEnv: String?
    public var timeout: Duration
    public var retry: RetryPolicy
    public var structuredOutput: StructuredOutputMode
    public var strictSchema: Bool
    /// JSON text of `extra_body` (kept as text so the settings stay `Sendable` and `Equatable`).
    public var extraBodyJSON: String?
    public var temperature: Double?
    public var maxTokens: Int?
    public var seed: Int?

    public static let settingKeys = [
        "base_url", "api_key_env", "timeout_seconds", "retry", "structured_output", "strict_schema", "extra_body",
        "temperature", "max_tokens", "seed",
    ]

    public init(
        baseURL: String, apiKeyEnv: String? = nil, timeout: Duration = .seconds(120), retry: RetryPolicy = .standard,
        structuredOutput: StructuredOutputMode = .jsonSchema, strictSchema: Bool = true, extraBodyJSON: String? = nil,
        temperature: Double? = nil, maxTokens: Int? = nil, seed: Int? = nil
    ) {
        self.baseURL = baseURL
        self.apiKeyEnv = apiKeyEnv
        self.timeout = timeout
        self.retry = retry
        self.structuredOutput = structuredOutput
        self.strictSchema = strictSchema
        self.extraBodyJSON = extraBodyJSON
        self.temperature = temperature
        self.maxTokens = maxTokens
        self.seed = seed
    }

    /// Reads and checks the manifest's settings; every mistake is a `ProviderConfigError`
    /// naming the file, the line and the key.
    public init(manifest: ProviderManifest) throws {
        let connection = try OpenAIConnection(manifest: manifest, allowedKeys: Self.settingKeys)
        self.init(baseURL: connection.baseURL, apiKeyEnv: connection.apiKeyEnv, timeout: connection.timeout, retry: connection.retry)
        let settings = manifest.settingsReader
        let path = manifest.file.path
        if let mode = try settings.string("structured_output") {
            guard let value = StructuredOutputMode(rawValue: mode) else {
                throw ProviderConfigError.badValue(
                    file: path, line: settings.value("structured_output")?.mark?.line, key: "settings.structured_output",
                    problem: "is `\(mode)`; use one of: \(StructuredOutputMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            structuredOutput = value
        } else {
            // Only ask for schema-constrained output from servers the manifest says support it.
            structuredOutput = manifest.hasCapability("json_schema") ? .jsonSchema : .none
        }
        strictSchema = try settings.bool("strict_schema") ?? true
        if let extra = try settings.jsonObject("extra_body") {
            let data = try JSONSerialization.data(withJSONObject: extra, options: [.sortedKeys])
            extraBodyJSON = String(decoding: data, as: UTF8.self)
        }
        temperature = try settings.double("temperature")
        maxTokens = try settings.int("max_tokens", minimum: 1)
        seed = try settings.int("seed")
    }

    /// `extra_body` as a JSON object.
    var extraBody: [String: Any] {
        guard let extraBodyJSON else { return [:] }
        return (try? JSONSerialization.jsonObject(with: Data(extraBodyJSON.utf8))) as? [String: Any] ?? [:]
    }
}
