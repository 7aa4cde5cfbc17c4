import Foundation
import PrimerCore

/// Answers from a `ResponseCache` when it can, from the base provider otherwise.
///
/// The key is `ResponseCacheKey(request:for: base)`: provider name, model, temperature, token
/// limit, JSON schema, messages, and the purpose for adapters that read it (the mock). On a hit the
/// stored answer is returned as it was first given (same text, usage, cost, finish reason), so a
/// rerun reports what the first run did; `hits` says how many answers cost nothing this time.
/// On a miss the base is asked and its answer stored, unless it is an error (never cached) or was
/// cut (`finishReason` `.length`) or refused (`.refusal`): those are worth asking again.
///
/// A cache that fails to read or write does not fail the request: the base answers and
/// `cacheErrors` counts the failure. Put it directly around the adapter or around a
/// `ProfiledProvider` (the key sees the profile's temperature and token limit either way);
/// `--no-cache` simply means not wrapping.
public final class CachingProvider: ProviderWrapper, @unchecked Sendable {
    public let base: any Provider
    public let cache: any ResponseCache

    private let lock = NSLock()
    private var counters = Counters()

    /// What the wrapper did so far.
    public struct Counters: Sendable, Equatable {
        /// Answers served from the cache.
        public var hits = 0
        /// Requests passed to the base provider.
        public var misses = 0
        /// Answers of the base that were stored.
        public var stored = 0
        /// Answers not stored because they were cut or refused.
        public var skipped = 0
        /// Reads or writes of the cache that failed (the request went on without it).
        public var cacheErrors = 0
        public init() {}
    }

    public init(base: any Provider, cache: any ResponseCache) {
        self.base = base
        self.cache = cache
    }

    public var name: String { base.name }
    public var model: String { base.model }
    public var wrapped: any Provider { base }

    public var counts: Counters { lock.withLock { counters } }
    public var hits: Int { counts.hits }
    /// Calls made to the base provider.
    public var misses: Int { counts.misses }

    /// The cache key of `request` through this wrapper.
    public func key(for request: CompletionRequest) -> ResponseCacheKey {
        ResponseCacheKey(request: request, for: base)
    }

    public func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        let key = key(for: request).hex
        do {
            if let cached = try await cache.cachedResponse(forKey: key) {
                count { $0.hits += 1 }
                return cached
            }
        } catch {
            count { $0.cacheErrors += 1 }
        }
        count { $0.misses += 1 }
        let response = try await base.complete(request)
        guard Self.isCacheable(response) else {
            count { $0.skipped += 1 }
            return response
        }
        do {
            try await cache.storeResponse(response, forKey: key, provider: base.name, model: base.model)
            count { $0.stored += 1 }
        } catch {
            count { $0.cacheErrors += 1 }
        }
        return response
    }

    /// Whether an answer is kept: not when cut at the token limit or refused.
    public static func isCacheable(_ response: CompletionResponse) -> Bool {
        response.finishReason != .length && response.finishReason != .refusal
    }

    /// "0 provider calls (12 answers from the cache)".
    public var summary: String {
        let counts = counts
        let calls = counts.misses == 1 ? "1 provider call" : "\(counts.misses) provider calls"
        let answers = counts.hits == 1 ? "1 answer" : "\(counts.hits) answers"
        return "\(calls) (\(answers) from the cache)"
    }

    private func count(_ change: (inout Counters) -> Void) {
        lock.withLock { change(&counters) }
    }
}
