import Foundation
import PrimerCore

extension PerplexityProvider: ProviderChecking {
    /// Checks the server and the key without paying for a search or an answer: it POSTs a body
    /// with no `input`/`messages` to the configured endpoint once (no retries, at most 10 s).
    /// Perplexity checks the key first (401/403 when it is bad) and then refuses the empty body
    /// with HTTP 400 before running anything, so a 400 means "reachable, key accepted". Neither
    /// API lists its models, so whether the model is served stays unknown (`modelServed` nil)
    /// until a real request.
    public func check() async -> ProviderCheck {
        let url = configuration.endpoint
        let probe = (try? JSONSerialization.data(withJSONObject: ["model": model], options: [.sortedKeys])) ?? Data()
        let seconds = min(configuration.timeoutSeconds, 10)
        let spec = HTTPRequestSpec(
            method: "POST", url: url, headers: headers, body: probe, timeout: .milliseconds(Int64((seconds * 1000).rounded())))
        let base = (transport as? ResilientTransport)?.base ?? transport
        func redacted(_ text: String) -> String { apiKey.redact(text) }

        let response: HTTPResponseData
        do {
            response = try await base.send(spec)
        } catch let error as HTTPTransportError {
            return ProviderCheck(reachable: false, capabilities: capabilities, message: redacted(transportError(error, attempts: 1).message))
        } catch {
            return ProviderCheck(
                reachable: false, capabilities: capabilities, message: redacted("cannot reach Perplexity at \(url) (\(error))"))
        }
        let endpointName = configuration.api == .agent ? "Agent API" : "Sonar API"
        switch response.status {
        case 200..<300, 400, 422:
            return ProviderCheck(
                reachable: true, authorised: true, capabilities: capabilities,
                message: "Perplexity's \(endpointName) at \(configuration.baseURL) is up and accepts the key in "
                    + "$\(configuration.apiKeyEnv); model `\(model)` is checked by the first real request")
        case 401, 403:
            return ProviderCheck(
                reachable: true, authorised: false, capabilities: capabilities, message: redacted(httpError(response, attempts: 1).message))
        default:
            return ProviderCheck(reachable: true, capabilities: capabilities, message: redacted(httpError(response, attempts: 1).message))
        }
    }
}
