import Foundation
import PrimerCore

/// Perplexity's web-grounded models (`adapter: perplexity`): answers come with the web sources
/// they were grounded on (`CompletionResponse.citations`) and their cost in USD.
///
/// `settings.api` picks the endpoint: `agent` (default, `POST /v1/agent`) or `sonar` (the
/// legacy `POST /chat/completions`, retiring 2026-09-27). Both are read into the same
/// `CompletionResponse`: text without `<think>` blocks, citations (url, title, snippet), token
/// usage, cost, and the finish reason (`.length` when the answer was cut at the token limit).
///
/// Errors are `ProviderError`s whose message says what to do, and that never contain the key:
///
/// | what happened | retryable |
/// | --- | --- |
/// | HTTP 401/403 (bad key, no credits) | no |
/// | HTTP 400/404/422 and other 4xx (bad request, model, base_url) | no |
/// | HTTP 429 with a quota/credit/billing error | no |
/// | HTTP 429 rate limit, 408, 409, 5xx | yes |
/// | `Retry-After` longer than `retry.max_wait_ms` | no for 429, yes for 5xx |
/// | HTTP 200 with `status: failed` | yes, unless the error is of an invalid/unsupported/auth/quota type |
/// | HTTP 200 with `status: cancelled`, or a body that is not the documented JSON | yes |
/// | connection refused or reset, timeout | yes |
///
/// "Retryable" is for the generator, after the transport's own retries: built from a manifest,
/// every request goes through a `ResilientTransport` (408/409/429/5xx and network failures
/// retried with backoff, `Retry-After` honoured, the manifest's `limits:` shared process-wide).
public struct PerplexityProvider: Provider {
    public let name: String
    public let model: String
    public let configuration: PerplexityConfiguration
    /// The manifest file, named in messages that point at a setting.
    public let manifestFile: String
    /// The manifest's declared capabilities (reported by `check()`).
    public let capabilities: [String]
    let apiKey: APIKey
    /// What requests go through (a `ResilientTransport` when built from a manifest).
    let transport: any HTTPTransport

    /// An adapter over `transport` exactly as given (no retries are added).
    public init(
        name: String = "perplexity", model: String = "", configuration: PerplexityConfiguration = PerplexityConfiguration(),
        apiKey: String, transport: any HTTPTransport = AsyncHTTPTransport.shared, manifestFile: String = "Plugins/perplexity.yaml",
        capabilities: [String] = ["web_search", "citations", "json_schema"]
    ) {
        self.name = name
        self.model = model.isEmpty ? configuration.api.defaultModel : model
        self.configuration = configuration
        self.apiKey = APIKey(value: apiKey.trimmingCharacters(in: .whitespacesAndNewlines), variable: configuration.apiKeyEnv)
        self.transport = transport
        self.manifestFile = manifestFile
        self.capabilities = capabilities
    }

    /// Builds the adapter from its manifest. The key is read from the variable named by
    /// `settings.api_key_env` (default `PERPLEXITY_API_KEY`); a missing or empty key is a
    /// `ProviderConfigError` that names the variable and how to set it.
    ///
    /// - Parameters:
    ///   - transport: the base transport; a `ResilientTransport` with `settings.retry` and the
    ///     manifest's `limits:` is layered over it.
    ///   - limiter: the process-wide limiter, replaceable so tests do not share permits.
    public init(
        manifest: ProviderManifest, environment: [String: String], transport: any HTTPTransport = AsyncHTTPTransport.shared,
        limiter: ProviderLimiter = .shared
    ) throws {
        let configuration = try PerplexityConfiguration(settings: manifest.settingsReader)
        let variable = configuration.apiKeyEnv
        guard let key = environment[variable], !key.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            let reader = manifest.settingsReader
            throw ProviderConfigError.badValue(
                file: manifest.file.path, line: reader.lineOf("api_key_env"), key: "settings.api_key_env",
                problem: "names \(variable), which is not set, so provider `\(manifest.name)` has no Perplexity API key; "
                    + "create a key at https://www.perplexity.ai/account/api and run `export \(variable)=<your key>` "
                    + "before primer (or point `api_key_env` at the variable that holds it)")
        }
        self.init(
            name: manifest.name, model: manifest.model, configuration: configuration, apiKey: key,
            transport: ResilientTransport(
                base: transport, provider: manifest.name, limits: manifest.limits, policy: configuration.retry, limiter: limiter),
            manifestFile: manifest.file.path, capabilities: manifest.capabilities)
    }

    public func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        do {
            return try await send(request)
        } catch var error as ProviderError {
            error.message = apiKey.redact(error.message)
            throw error
        }
    }

    var headers: [String: String] {
        ["Authorization": apiKey.authorizationHeader, "Content-Type": "application/json", "Accept": "application/json"]
    }

    /// Attempts per request under the transport's retry policy ("after N attempts" in messages).
    var attempts: Int { (transport as? ResilientTransport)?.policy.maxAttempts ?? 1 }

    func send(_ request: CompletionRequest) async throws -> CompletionResponse {
        let api = configuration.api
        let body: [String: Any]
        switch api {
        case .agent: body = try PerplexityAgentAPI.body(for: request, model: model, configuration: configuration, provider: name)
        case .sonar: body = try PerplexitySonarAPI.body(for: request, model: model, configuration: configuration, provider: name)
        }
        let url = configuration.endpoint
        let spec = HTTPRequestSpec(
            method: "POST", url: url,
            headers: headers,
            body: try OrderedJSON.data(body),
            timeout: .milliseconds(Int64((configuration.timeoutSeconds * 1000).rounded())))

        let response: HTTPResponseData
        do {
            response = try await transport.send(spec)
        } catch let error as HTTPTransportError {
            throw transportError(error, attempts: attempts)
        } catch let error as ResilientTransportError {
            throw resilienceError(error)
        }

        guard (200..<300).contains(response.status) else { throw httpError(response, attempts: attempts) }
        guard let json = PerplexityJSON(data: response.body), json.isObject else {
            throw ProviderError(
                provider: name,
                message: "Perplexity answered HTTP \(response.status) with a body that is not the documented JSON "
                    + "(\(Self.excerpt(response.text))); it will be asked again",
                retryable: true)
        }
        switch api {
        case .agent: return try PerplexityAgentAPI.parse(json, requestedModel: model, provider: name)
        case .sonar: return try PerplexitySonarAPI.parse(json, requestedModel: model, provider: name)
        }
    }

    /// Below HTTP: the server could not be reached or did not answer in time. Both are worth
    /// another try.
    func transportError(_ error: HTTPTransportError, attempts: Int) -> ProviderError {
        let tries = Self.tries(attempts)
        switch error {
        case let .connectionFailed(url, reason):
            return ProviderError(
                provider: name,
                message: "cannot reach Perplexity at \(url) (\(reason))\(tries); check the network connection and `base_url` in \(manifestFile)",
                retryable: true)
        case let .timedOut(url, _):
            return ProviderError(
                provider: name,
                message: "Perplexity did not answer within \(Self.seconds(configuration.timeoutSeconds)) s (\(url))\(tries); "
                    + "raise `timeout_seconds` in \(manifestFile) if this keeps happening",
                retryable: true)
        }
    }

    /// The server asked (Retry-After) for a longer wait than `retry.max_wait_ms` allows.
    func resilienceError(_ error: ResilientTransportError) -> ProviderError {
        switch error {
        case let .serverWaitTooLong(_, response, requested, limit):
            let said = Self.serverMessage(response).message.map { ": \($0)" } ?? ""
            return ProviderError(
                provider: name,
                message: "Perplexity answered HTTP \(response.status)\(said) and asks to wait \(ResilientTransportError.seconds(requested)) "
                    + "before retrying, longer than the \(ResilientTransportError.seconds(limit)) limit (`retry.max_wait_ms` in "
                    + "\(manifestFile)); try again later",
                retryable: response.status >= 500)
        }
    }

    /// ` after N attempts` when the transport retried.
    static func tries(_ attempts: Int) -> String { attempts > 1 ? " after \(attempts) attempts" : "" }

    /// A non-2xx answer as one sentence that says what to do.
    func httpError(_ response: HTTPResponseData, attempts: Int) -> ProviderError {
        let tries = Self.tries(attempts)
        let status = response.status
        let reason = Self.serverMessage(response)
        let said = reason.message.map { ": \($0)" } ?? ""
        let variable = configuration.apiKeyEnv
        switch status {
        case 401, 403:
            return ProviderError(
                provider: name,
                message: "Perplexity rejected the key in $\(variable) (HTTP \(status)); set a valid key with credits "
                    + "(https://www.perplexity.ai/account/api) in \(variable) and run again"
                    + (reason.message.map { " (Perplexity said: \($0))" } ?? ""),
                retryable: false)
        case 429 where reason.isQuota || RetryClassifier.isQuotaExhausted(response):
            return ProviderError(
                provider: name,
                message: "Perplexity says the account's quota is used up (HTTP 429)\(said); add credits or raise the plan "
                    + "at https://www.perplexity.ai/account/api before running again",
                retryable: false)
        case 429:
            return ProviderError(
                provider: name,
                message: "Perplexity's rate limit was hit (HTTP 429)\(said)\(tries); lower `limits.requests_per_minute` in "
                    + "\(manifestFile) or try again later",
                retryable: true)
        case 404:
            return ProviderError(
                provider: name,
                message: "Perplexity has nothing at \(configuration.endpoint) (HTTP 404)\(said); check `base_url` and `api` in \(manifestFile)",
                retryable: false)
        case 408, 409, 500...599:
            return ProviderError(
                provider: name, message: "Perplexity had a server problem (HTTP \(status))\(said)\(tries); try again later",
                retryable: true)
        default:
            return ProviderError(
                provider: name,
                message: "Perplexity refused the request (HTTP \(status))\(said); fix the model or settings in \(manifestFile) "
                    + "(this request will not be sent again as it is)",
                retryable: false)
        }
    }

    /// The server's own words: `error.message` (Perplexity's `{"error":{"message","type","code"}}`),
    /// else `detail`/`message`/a string `error`, else the start of the body.
    static func serverMessage(_ response: HTTPResponseData) -> (message: String?, isQuota: Bool) {
        guard let json = PerplexityJSON(data: response.body), json.isObject else {
            let text = response.text.trimmingCharacters(in: .whitespacesAndNewlines)
            return (text.isEmpty ? nil : excerpt(text), quotaWords(text))
        }
        let error = json["error"]
        let message =
            error["message"].text ?? error.text ?? json["detail"].text ?? json["detail"]["message"].text ?? json["message"].text
        let kind = [error["type"].string, error["code"].string, message].compactMap { $0 }.joined(separator: " ")
        return (message.map(excerpt), quotaWords(kind))
    }

    static func quotaWords(_ text: String) -> Bool {
        let text = text.lowercased()
        return ["quota", "insufficient", "credit", "billing"].contains { text.contains($0) }
    }

    /// At most 300 characters on one line.
    static func excerpt(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension PerplexityProvider: CustomReflectable {
    /// Dumps show the settings, not the key nor the shared HTTP client's internals (whose
    /// in-flight requests carry other callers' headers).
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "name": name, "model": model, "configuration": configuration, "manifestFile": manifestFile, "apiKey": apiKey,
                "transport": String(describing: type(of: transport)),
            ])
    }
}
