/// The key a client sends with a rating (HTTP `Idempotency-Key`): a page that queued ratings
/// offline sends each with its own key, and sends it again when it cannot tell whether the first
/// send arrived; the store records a key once per item.
public enum ReviewClientKey {
    public static let longest = 100

    /// 1 to 100 letters, digits, `-`, `_`, `.` or `:` (a UUID fits).
    public static func check(_ key: String) throws {
        let allowed = key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-_.:".utf8.contains(byte)
        }
        guard !key.isEmpty, key.utf8.count <= longest, allowed else {
            throw WorkspaceError("a rating's client key is 1 to \(longest) letters, digits, '-', '_', '.' or ':' (a UUID); send a new one per rating")
        }
    }
}
