/// The same pseudo-random numbers on every run (a 64-bit linear congruential generator), so
/// generated test inputs are reproducible.
struct SeededNumbers {
    var state: UInt64

    mutating func next() -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(truncatingIfNeeded: state >> 33)
    }
}
