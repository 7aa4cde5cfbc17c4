import Foundation

/// The part of an OpenAI-style manifest's `settings:` that every adapter of that API shares
/// (`openai-chat`, `openai-embeddings`): where the server is, which environment variable holds
/// its key, how long a request may take and how failed ones are retried.
///
/// ```yaml
/// settings:
///   base_url: http://127.0.0.1:8080/v1   # required; the API root, before /chat/completions or /embeddings
///   api_key_env: OPENAI_API_KEY          # optional (local servers); the variable must be set
///   timeout_seconds: 120                 # per HTTP request
///   retry: {max_attempts: 4, base_delay_ms: 500, max_delay_ms: 20000, max_wait_ms: 60000}
/// ```
public struct OpenAIConnection: Sendable, Equatable {
    public var baseURL: String
    public var apiKeyEnv: String?
    public var timeout: Duration = .seconds(120)
    public var retry: RetryPolicy = .standard

    public static let settingKeys = ["base_url", "api_key_env", "timeout_seconds", "retry"]

    /// Reads and checks these four settings; `allowedKeys` are every key the adapter knows (a
    /// key outside them is refused with its line, a typo being the usual cause).
    public init(manifest: ProviderManifest, allowedKeys: [String]) throws {
        let settings = manifest.settingsReader
        let path = manifest.file.path
        try settings.rejectUnknownKeys(allowed: allowedKeys)

        guard let url = try settings.string("base_url")?.trimmingCharacters(in: .whitespaces), !url.isEmpty else {
            throw ProviderConfigError.badValue(
                file: path, line: manifest.line(ofKey: "settings"), key: "settings.base_url",
                problem: "is missing; add the server's API root, e.g. `base_url: http://127.0.0.1:8080/v1` "
                    + "(llama-server), `http://127.0.0.1:11434/v1` (Ollama) or `https://api.openai.com/v1`")
        }
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil
        else {
            throw ProviderConfigError.badValue(
                file: path, line: settings.value("base_url")?.mark?.line, key: "settings.base_url",
                problem: "is `\(url)`, not an http(s) URL; write it like `http://127.0.0.1:8080/v1`")
        }
        // Trailing slashes would give `//chat/completions`, which some servers answer with 404.
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        baseURL = base

        apiKeyEnv = try settings.string("api_key_env").flatMap { $0.isEmpty ? nil : $0 }
        if let seconds = try settings.double("timeout_seconds") {
            guard seconds > 0 else {
                throw ProviderConfigError.badValue(
                    file: path, line: settings.value("timeout_seconds")?.mark?.line, key: "settings.timeout_seconds",
                    problem: "must be more than 0 seconds; use e.g. `timeout_seconds: 120`")
            }
            timeout = .milliseconds(Int64(seconds * 1000))
        }
        if let policy = try RetryPolicy.read("retry", from: settings) { retry = policy }
    }

    /// The key `api_key_env` names, from `environment` (the process's, in the app); nil for a
    /// server that needs none. The variable being unset is an error that says what to run.
    public static func key(variable: String?, manifest: ProviderManifest, environment: [String: String]) throws -> APIKey? {
        guard let variable else { return nil }
        guard let value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            throw ProviderConfigError.badValue(
                file: manifest.file.path, line: manifest.line(ofKey: "settings"), key: "settings.api_key_env",
                problem: "names the environment variable \(variable), which is not set; run `export \(variable)=<your key>` "
                    + "before primer, or remove `api_key_env` for a local server that needs no key")
        }
        return APIKey(value: value, variable: variable)
    }
}
