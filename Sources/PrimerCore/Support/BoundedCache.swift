import Foundation

/// A small thread-safe memo of values that are pure functions of their keys. Bounded: it is
/// emptied when full, which is enough for the caches here (their keys repeat in bursts, such as
/// one subtopic's families or the punctuation runs of one answer).
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let maxEntries: Int
    private let lock = NSLock()
    private var entries: [Key: Value] = [:]

    package init(maxEntries: Int) { self.maxEntries = maxEntries }

    /// The cached value for `key`, else `compute()`'s, stored. Computed outside the lock, so two
    /// threads may both compute a missing value; both get the same one.
    package func value(for key: Key, compute: () -> Value) -> Value {
        if let hit = lock.withLock({ entries[key] }) { return hit }
        let value = compute()
        lock.withLock {
            if entries.count >= maxEntries { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
        return value
    }
}
