import Foundation
import PrimerCore

/// Turns HTTP failures into one-sentence `ProviderError`s that say what to do.
///
/// Retryability is for the generator, after the transport's own retries: 4xx will not get
/// better by asking again (false), 5xx and network failures may (true).
struct OpenAIChatErrors {
    let provider: String
    let baseURL: String
    let model: String
    let key: APIKey?
    let apiKeyEnv: String?
    let policy: RetryPolicy

    func error(for response: HTTPResponseData, url: String) -> ProviderError {
        let status = response.status
        let detail = Self.serverMessage(response)
        let shown = detail.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(detail)"
        let tries = RetryClassifier.isRetryable(response) && policy.maxAttempts > 1 ? " after \(policy.maxAttempts) attempts" : ""
        let message: String
        switch status {
        case 401, 403:
            // The server's text is left out on purpose: OpenAI echoes part of the key in it.
            if let apiKeyEnv {
                message = "the server rejected the API key in $\(apiKeyEnv) (HTTP \(status)); set a valid key in $\(apiKeyEnv)"
            } else {
                message = "the server at \(baseURL) wants an API key (HTTP \(status)); set `api_key_env` in the manifest "
                    + "to the name of the environment variable that holds it"
            }
        case 404:
            message = "model `\(model)` or URL \(url) not found (\(shown)); check `model` and `base_url` "
                + "(it usually ends in /v1)"
        case 429 where RetryClassifier.isQuotaExhausted(response):
            message = "the account has no quota or credit left (\(shown)); add credit or use another key"
        case 429:
            message = "rate limited by the server (\(shown))\(tries); lower `limits.requests_per_minute` "
                + "or `limits.concurrent_requests`, or try again later"
        case 400, 422:
            let lower = detail.lowercased()
            let hint = lower.contains("context") || lower.contains("too long") || lower.contains("exceed")
                ? "shorten the input or raise the server's context size"
                : "check `model`, `structured_output` and `extra_body` in the manifest"
            message = "the server refused the request (\(shown)); \(hint)"
        case 500...599:
            message = "the server failed (\(shown))\(tries); check that it is healthy (its logs) or try again later"
        default:
            message = "unexpected answer from \(url) (\(shown)); check `base_url` in the manifest"
        }
        return make(message, retryable: status >= 500 || status == 408)
    }

    func error(for error: any Error, url: String) -> ProviderError {
        let tries = policy.maxAttempts > 1 ? " (\(policy.maxAttempts) attempts)" : ""
        switch error {
        case let error as ProviderError:
            return error
        case HTTPTransportError.connectionFailed(_, let reason):
            return make("cannot reach \(baseURL): is the server running? (\(reason))\(tries)", retryable: true)
        case HTTPTransportError.timedOut(_, let after):
            return make(
                "no answer from \(url) within \(ResilientTransportError.seconds(after))\(tries); raise `timeout_seconds` "
                    + "or use a smaller model or prompt", retryable: true)
        case ResilientTransportError.serverWaitTooLong(_, let response, let requested, let limit):
            return make(
                "the server answered HTTP \(response.status) and asks to wait \(ResilientTransportError.seconds(requested)) "
                    + "before retrying, longer than the \(ResilientTransportError.seconds(limit)) limit "
                    + "(`retry.max_wait_ms`); try again later", retryable: response.status >= 500)
        case is CancellationError:
            return make("the request was cancelled", retryable: false)
        default:
            return make("request to \(url) failed (\(error)); check `base_url` in the manifest", retryable: true)
        }
    }

    /// A `ProviderError` whose message never holds the key nor the credentials of a URL.
    func make(_ message: String, retryable: Bool) -> ProviderError {
        ProviderError(provider: provider, message: URLRedaction.redactURLs(in: key?.redact(message) ?? message), retryable: retryable)
    }

    /// The server's own error text: `{"error":{"message"}}` (OpenAI, vLLM, llama-server),
    /// `{"error":"…"}` (Ollama), `{"message"|"detail"}`, else the start of the body.
    static func serverMessage(_ response: HTTPResponseData) -> String {
        if let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] {
            if let error = object["error"] as? [String: Any], let message = error["message"] as? String {
                return shorten(message)
            }
            for key in ["error", "message", "detail"] {
                if let message = object[key] as? String { return shorten(message) }
            }
        }
        return shorten(response.text)
    }

    static func shorten(_ text: String, limit: Int = 300) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return flat.count > limit ? String(flat.prefix(limit)) + "…" : flat
    }
}
