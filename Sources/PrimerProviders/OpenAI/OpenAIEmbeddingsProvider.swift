import Foundation
import PrimerCore

/// `adapter: openai-embeddings`: any server with an OpenAI-style `POST /embeddings` — OpenAI,
/// vLLM, Ollama (`/v1`), llama.cpp's `llama-server --embedding` (`minilm-local`). Settings: the
/// connection's (`OpenAIConnection`), and
///
/// ```yaml
/// settings:
///   batch_size: 32               # texts sent in one request
///   max_input_characters: 1000   # longer texts are cut here (a BERT model reads 256–512 tokens)
/// ```
///
/// Requests go through the same `ResilientTransport` and process-wide limits as chat calls.
public struct OpenAIEmbeddingsProvider: Embedder, ProviderChecking {
    public static let adapterName = "openai-embeddings"
    public static let settingKeys = OpenAIConnection.settingKeys + ["batch_size", "max_input_characters"]

    public let name: String
    public let model: String
    public let connection: OpenAIConnection
    public let batchSize: Int
    public let maxInputCharacters: Int
    let key: APIKey?
    let transport: any HTTPTransport

    public init(
        manifest: ProviderManifest, environment: [String: String], transport: any HTTPTransport = AsyncHTTPTransport.shared,
        limiter: ProviderLimiter = .shared
    ) throws {
        connection = try OpenAIConnection(manifest: manifest, allowedKeys: Self.settingKeys)
        guard !manifest.model.isEmpty else {
            throw ProviderConfigError.badValue(
                file: manifest.file.path, line: nil, key: "model",
                problem: "is missing; add `model:` with the embedding model to ask for (`text-embedding-3-small`, "
                    + "`nomic-embed-text`; llama-server accepts any name)")
        }
        let settings = manifest.settingsReader
        batchSize = try settings.int("batch_size", minimum: 1) ?? 32
        maxInputCharacters = try settings.int("max_input_characters", minimum: 1) ?? 1000
        key = try OpenAIConnection.key(variable: connection.apiKeyEnv, manifest: manifest, environment: environment)
        name = manifest.name
        model = manifest.model
        self.transport = ResilientTransport(
            base: transport, provider: manifest.name, limits: manifest.limits, policy: connection.retry, limiter: limiter)
    }

    var errors: OpenAIChatErrors {
        OpenAIChatErrors(
            provider: name, baseURL: connection.baseURL, model: model, key: key, apiKeyEnv: connection.apiKeyEnv,
            policy: connection.retry)
    }

    public func embed(_ texts: [String]) async throws -> [[Float]] {
        var vectors: [[Float]] = []
        vectors.reserveCapacity(texts.count)
        var start = 0
        while start < texts.count {
            let batch = Array(texts[start..<min(texts.count, start + batchSize)])
            vectors += try await request(batch)
            start += batch.count
        }
        return vectors
    }

    /// One request for `texts` (at most `batchSize`), vectors in the order asked.
    private func request(_ texts: [String]) async throws -> [[Float]] {
        let url = connection.baseURL + "/embeddings"
        let input = texts.map { $0.count > maxInputCharacters ? String($0.prefix(maxInputCharacters)) : $0 }
        let body = try JSONSerialization.data(withJSONObject: ["model": model, "input": input], options: [.sortedKeys])
        var headers = ["Content-Type": "application/json", "Accept": "application/json"]
        if let key { headers["Authorization"] = key.authorizationHeader }
        let response: HTTPResponseData
        do {
            response = try await transport.send(
                HTTPRequestSpec(method: "POST", url: url, headers: headers, body: body, timeout: connection.timeout))
        } catch {
            throw errors.error(for: error, url: url)
        }
        guard response.status == 200 else { throw errors.error(for: response, url: url) }
        guard let decoded = try? JSONDecoder().decode(EmbeddingsResponse.self, from: response.body),
            decoded.data.count == texts.count,
            Set(decoded.data.map(\.index)) == Set(texts.indices)
        else {
            throw errors.make(
                "\(url) answered HTTP 200 without \(texts.count) embeddings (\(OpenAIChatErrors.shorten(response.text, limit: 200))); "
                    + "check that `base_url` points at an OpenAI-compatible API serving an embedding model "
                    + "(llama-server needs --embedding)", retryable: false)
        }
        return decoded.data.sorted { $0.index < $1.index }.map { Embeddings.normalised($0.embedding) }
    }

    /// Reachable and serving embeddings: one short text is embedded.
    public func check() async -> ProviderCheck {
        do {
            let vector = try await embed(["check"])
            return ProviderCheck(reachable: true, authorised: true, modelServed: true, message: "\(vector.first?.count ?? 0) dimensions.")
        } catch let error as ProviderError {
            return ProviderCheck(reachable: !error.message.contains("cannot reach"), message: error.message)
        } catch {
            return ProviderCheck(reachable: false, message: "\(error)")
        }
    }
}

/// The part of an `/embeddings` answer Primer reads.
private struct EmbeddingsResponse: Decodable {
    struct Item: Decodable {
        var index: Int
        var embedding: [Float]
    }
    var data: [Item]
}
