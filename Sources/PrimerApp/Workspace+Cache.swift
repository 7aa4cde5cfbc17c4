import Foundation
import PrimerCore

/// The response cache in the store (`primer cache`), which `primer eval` reruns answer from.
extension Workspace {
    /// What the cache holds.
    public func cacheStats() async throws -> ResponseCacheStats {
        try await readingStore().cacheStats()
    }

    /// Forgets cached answers created before `date` (all when nil); returns how many.
    @discardableResult
    public func clearCache(olderThan date: Date?) async throws -> Int {
        try await store().clearCache(olderThan: date)
    }
}
