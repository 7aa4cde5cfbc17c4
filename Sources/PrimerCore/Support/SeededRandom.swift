import Foundation

/// SplitMix64: a tiny, well-mixed seeded PRNG, for everything that must draw the same numbers on
/// every run (the mock's choices, eval's bootstrap, the scheduling benchmark): its own shuffle and
/// pick, so results never depend on the standard library's algorithms.
public struct SplitMix64 {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A number in `range` (inclusive).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// An index below `count` (which must be positive).
    public mutating func index(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    public mutating func pick<T>(_ items: [T]) -> T { items[index(items.count)] }

    public mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    /// Fisher–Yates.
    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        guard items.count > 1 else { return items }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, index(i + 1))
        }
        return items
    }

    /// `count` items (or all of them), in a random order.
    public mutating func sample<T>(_ items: [T], _ count: Int) -> [T] {
        Array(shuffled(items).prefix(count))
    }

    /// `count` items (or all of them), keeping their original order.
    public mutating func sampleInOrder<T>(_ items: [T], _ count: Int) -> [T] {
        let chosen = Set(sample(Array(items.indices), count))
        return items.indices.filter { chosen.contains($0) }.map { items[$0] }
    }
}
