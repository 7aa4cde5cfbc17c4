import Foundation

/// Where provider answers are kept for reuse (evaluation reruns). The store implements it; a
/// caching provider wrapper consults it. Errors are never cached.
public protocol ResponseCache: Sendable {
    /// The answer stored under `key`, or nil. A hit is counted (see `ResponseCacheStats.hits`).
    func cachedResponse(forKey key: String) async throws -> CompletionResponse?
    /// Stores (or replaces) the answer under `key`.
    func storeResponse(_ response: CompletionResponse, forKey key: String, provider: String, model: String) async throws
    /// What the cache holds.
    func cacheStats() async throws -> ResponseCacheStats
    /// Removes entries created before `date` (every entry when nil); returns how many.
    @discardableResult
    func clearCache(olderThan date: Date?) async throws -> Int
}

extension ResponseCache {
    /// Removes every entry; returns how many.
    @discardableResult
    public func clearCache() async throws -> Int { try await clearCache(olderThan: nil) }
}

/// A summary of a response cache, for `primer cache stats`.
public struct ResponseCacheStats: Sendable, Equatable {
    public var entries: Int
    /// Bytes of stored answers (their JSON).
    public var bytes: Int
    /// Times an entry was served, summed over entries.
    public var hits: Int
    public var oldest: Date?
    public var newest: Date?

    public init(entries: Int = 0, bytes: Int = 0, hits: Int = 0, oldest: Date? = nil, newest: Date? = nil) {
        self.entries = entries
        self.bytes = bytes
        self.hits = hits
        self.oldest = oldest
        self.newest = newest
    }
}

/// A response cache in memory (tests, one-off runs). Thread-safe.
public final class InMemoryResponseCache: ResponseCache, @unchecked Sendable {
    struct Entry {
        var response: CompletionResponse
        var provider: String
        var model: String
        var bytes: Int
        var createdAt: Date
        var hits: Int
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    public init() {}

    public func cachedResponse(forKey key: String) throws -> CompletionResponse? {
        lock.withLock {
            guard var entry = entries[key] else { return nil }
            entry.hits += 1
            entries[key] = entry
            return entry.response
        }
    }

    public func storeResponse(_ response: CompletionResponse, forKey key: String, provider: String, model: String) throws {
        let bytes = try JSONEncoder().encode(response).count
        lock.withLock {
            entries[key] = Entry(response: response, provider: provider, model: model, bytes: bytes, createdAt: Date(), hits: 0)
        }
    }

    public func cacheStats() throws -> ResponseCacheStats {
        lock.withLock {
            let values = entries.values
            return ResponseCacheStats(
                entries: values.count, bytes: values.reduce(0) { $0 + $1.bytes }, hits: values.reduce(0) { $0 + $1.hits },
                oldest: values.map(\.createdAt).min(), newest: values.map(\.createdAt).max())
        }
    }

    @discardableResult
    public func clearCache(olderThan date: Date?) throws -> Int {
        lock.withLock {
            let before = entries.count
            if let date {
                entries = entries.filter { $0.value.createdAt >= date }
            } else {
                entries.removeAll()
            }
            return before - entries.count
        }
    }
}
