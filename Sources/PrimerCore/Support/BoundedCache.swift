import Foundation

/// A small thread-safe memo of values that are pure functions of their keys. Bounded: it is
/// emptied when full, which is enough for the caches here (their keys repeat in bursts, such as
/// one subtopic's families or the punctuation runs of one answer).
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let maxEntries: Int
    /// What the keys may weigh together (`weight`, e.g. a text's bytes), for caches keyed by
    /// texts of any length: a count alone would let a few thousand long texts hold megabytes.
    private let maxWeight: Int
    private let weight: @Sendable (Key) -> Int
    private let lock = NSLock()
    private var entries: [Key: Value] = [:]
    private var totalWeight = 0

    package init(maxEntries: Int) {
        self.maxEntries = maxEntries
        self.maxWeight = .max
        self.weight = { _ in 0 }
    }

    /// Bounded by the count of entries and by their keys' total `weight`; a key heavier than
    /// `maxWeight` alone is computed every time, never kept.
    package init(maxEntries: Int, maxWeight: Int, weight: @escaping @Sendable (Key) -> Int) {
        self.maxEntries = maxEntries
        self.maxWeight = maxWeight
        self.weight = weight
    }

    /// The cached value for `key`, else `compute()`'s, stored. Computed outside the lock, so two
    /// threads may both compute a missing value; both get the same one.
    package func value(for key: Key, compute: () -> Value) -> Value {
        if let hit = lock.withLock({ entries[key] }) { return hit }
        let value = compute()
        let added = weight(key)
        guard added <= maxWeight else { return value }
        lock.withLock {
            if entries.count >= maxEntries || totalWeight > maxWeight - added {
                entries.removeAll(keepingCapacity: true)
                totalWeight = 0
            }
            // Another thread may have stored the same key meanwhile: weigh it once.
            if entries.updateValue(value, forKey: key) == nil { totalWeight += added }
        }
        return value
    }
}
