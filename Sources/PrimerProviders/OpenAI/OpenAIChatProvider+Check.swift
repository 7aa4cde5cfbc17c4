import Foundation
import PrimerCore

extension OpenAIChatProvider {
    /// `GET {base_url}/models` once (no retries, at most 10 s): is the server up, is the key
    /// accepted, is the model listed. OpenAI, vLLM, llama-server and Ollama all answer
    /// `{"data": [{"id": …}]}` there.
    public func check() async -> ProviderCheck {
        let url = settings.baseURL + "/models"
        let spec = HTTPRequestSpec(method: "GET", url: url, headers: headers, timeout: min(settings.timeout, .seconds(10)))
        let base = (transport as? ResilientTransport)?.base ?? transport
        let mapper = errors(policy: .once)
        let response: HTTPResponseData
        do {
            response = try await base.send(spec)
        } catch {
            return ProviderCheck(reachable: false, capabilities: capabilities, message: mapper.error(for: error, url: url).message)
        }
        switch response.status {
        case 200:
            struct Listing: Decodable {
                struct Model: Decodable { var id: String }
                var data: [Model]
            }
            guard let listing = try? JSONDecoder().decode(Listing.self, from: response.body) else {
                return ProviderCheck(
                    reachable: true, authorised: true, capabilities: capabilities,
                    message: "\(url) answered but not with a model list; check that `base_url` ends where /chat/completions starts")
            }
            let models = listing.data.map(\.id)
            let served = models.contains(model)
            let message = served
                ? "\(settings.baseURL) is up and serves `\(model)`"
                : "\(settings.baseURL) is up but does not list `\(model)` (it lists: \(models.prefix(10).joined(separator: ", "))); "
                    + "set `model:` to one of them"
            return ProviderCheck(
                reachable: true, authorised: true, modelServed: served, models: models, capabilities: capabilities,
                message: mapper.make(message, retryable: false).message)
        case 401, 403:
            return ProviderCheck(
                reachable: true, authorised: false, capabilities: capabilities,
                message: mapper.error(for: response, url: url).message)
        case 404:
            return ProviderCheck(
                reachable: true, capabilities: capabilities,
                message: "\(settings.baseURL) is up but has no /models endpoint (HTTP 404); check that `base_url` ends in /v1")
        default:
            return ProviderCheck(
                reachable: true, capabilities: capabilities, message: mapper.error(for: response, url: url).message)
        }
    }
}
