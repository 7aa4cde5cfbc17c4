/// FNV-1a, 64 bit. Swift's `Hasher` is seeded per process, so it cannot identify content
/// across runs; this can (family hashes, deterministic choices).
public enum StableHash {
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    public static func hex(_ text: String) -> String {
        let value = String(fnv1a(text), radix: 16)
        return String(repeating: "0", count: 16 - value.count) + value
    }
}
