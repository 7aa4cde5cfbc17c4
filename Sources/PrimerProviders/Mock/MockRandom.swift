import Foundation

/// FNV-1a, 64 bit, over UTF-8. Stable across processes and platforms, unlike `Hasher`.
enum FNV1a {
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// SplitMix64: a tiny, well-mixed PRNG. Every choice the mock makes goes through it, with its own
/// shuffle and pick so that results never depend on the standard library's algorithms.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` (inclusive).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// An index below `count` (which must be positive).
    mutating func index(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    mutating func pick<T>(_ items: [T]) -> T { items[index(items.count)] }

    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    /// Fisher–Yates.
    mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        guard items.count > 1 else { return items }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, index(i + 1))
        }
        return items
    }

    /// `count` items (or all of them), in a random order.
    mutating func sample<T>(_ items: [T], _ count: Int) -> [T] {
        Array(shuffled(items).prefix(count))
    }

    /// `count` items (or all of them), keeping their original order.
    mutating func sampleInOrder<T>(_ items: [T], _ count: Int) -> [T] {
        let chosen = Set(sample(Array(items.indices), count))
        return items.indices.filter { chosen.contains($0) }.map { items[$0] }
    }
}
