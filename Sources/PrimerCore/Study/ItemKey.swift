/// The short stable name of a stored item, as commands print and accept it: eight hex digits,
/// a bijection of the item's row id (multiplied by an odd constant modulo 2^32), so keys are
/// unique without a lookup table and neighbouring items do not share a prefix. A unique prefix
/// of a key names the item, as with git's commit names.
public enum ItemKey {
    private static let multiplier: UInt64 = 2_654_435_761  // odd: invertible modulo 2^32

    public static func of(_ id: Int64) -> String {
        let mixed = (UInt64(UInt32(truncatingIfNeeded: id)) &* multiplier) & 0xFFFF_FFFF
        let hex = String(mixed, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The multiplier's inverse modulo 2^32, which turns a key back into its id.
    private static let inverse: UInt64 = 244_002_641

    /// The row id a whole key names (eight hex digits, any case), nil for anything shorter:
    /// a whole key needs no lookup, a prefix needs every key (`LearnerStore.studyItemIDs`).
    public static func id(of key: String) -> Int64? {
        guard key.count == 8, key.allSatisfy(\.isHexDigit), let value = UInt64(key, radix: 16) else { return nil }
        return Int64((value &* inverse) & 0xFFFF_FFFF)
    }

    /// True when `text` can be (a prefix of) a key: 1 to 8 hex digits.
    public static func isWellFormed(_ text: String) -> Bool {
        (1...8).contains(text.count) && text.allSatisfy(\.isHexDigit)
    }
}
