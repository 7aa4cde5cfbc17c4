/// Where provider answers are kept for reuse (evaluation reruns). The store implements it; a
/// caching provider wrapper consults it. Errors are never cached.
public protocol ResponseCache: Sendable {
    func cachedResponse(forKey key: String) throws -> CompletionResponse?
    func storeResponse(_ response: CompletionResponse, forKey key: String, provider: String, model: String) throws
}
