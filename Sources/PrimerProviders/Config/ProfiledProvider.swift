import PrimerCore

/// Applies a profile's temperature and token limit to every request, over the family's own.
public struct ProfiledProvider: ProviderWrapper {
    public let base: any Provider
    public let name: String
    public let temperature: Double?
    public let maxTokens: Int?

    public init(base: any Provider, name: String, temperature: Double?, maxTokens: Int?) {
        self.base = base
        self.name = name
        self.temperature = temperature
        self.maxTokens = maxTokens
    }

    public var model: String { base.model }
    public var wrapped: any Provider { base }

    /// The request with the profile's temperature and token limit.
    public func forwardedRequest(_ request: CompletionRequest) -> CompletionRequest {
        var request = request
        if let temperature { request.temperature = SamplingTemperature.raised(temperature, by: request.temperatureRaise) }
        if let maxTokens { request.maxTokens = maxTokens }
        return request
    }

    public func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        try await base.complete(forwardedRequest(request))
    }
}

extension ProfiledProvider: ProviderChecking {
    public func check() async -> ProviderCheck {
        guard let checking = base as? any ProviderChecking else {
            return ProviderCheck(reachable: true, message: "\(name) cannot be checked without generating")
        }
        return await checking.check()
    }
}
