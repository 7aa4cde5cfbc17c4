import Foundation

/// The one rule for text that comes from outside and reaches the store: no control characters
/// but tab, line feed and carriage return. SQLite cuts a string at a NUL (a password
/// `"abc\u{0}defgh"` would be stored and checked as `"abc"`), PostgreSQL refuses one with an SQL
/// error, and an escape character in a name reaches every terminal that prints it — so such text
/// is refused before anything is written, the same way on both engines.
public enum StoredText {
    /// What is wrong with `text`, in words a client can act on, or nil when it may be stored.
    /// - Parameter field: how the message names the text (`title`, `items[2].front`).
    public static func problem(in text: String, field: String) -> String? {
        for (offset, scalar) in text.unicodeScalars.enumerated() where isForbidden(scalar) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            return "\(field) holds the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) at character \(offset + 1); "
                + "remove it (only tab and line breaks are kept in text)"
        }
        return nil
    }

    /// NUL and the other C0 controls (but tab, LF, CR), DEL, and the C1 controls.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// Whether some byte of UTF-8 `bytes` could stand for a forbidden character in JSON: a
    /// `\u` escape, DEL, or a C1 control's UTF-8 form. Raw C0 bytes are not valid JSON inside a
    /// string and are refused by the decoder. A body without any of these needs no closer look.
    public static func mayHoldControls<Bytes: Sequence>(json bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x7F { return true }
            if previous == UInt8(ascii: "\\") && byte == UInt8(ascii: "u") { return true }
            if previous == 0xC2 && (0x80...0x9F).contains(byte) { return true }
            // An escaped backslash (`\\`) does not start an escape with the byte after it.
            previous = previous == UInt8(ascii: "\\") && byte == UInt8(ascii: "\\") ? 0 : byte
        }
        return false
    }

    /// The first problem in any string (keys included) of a decoded JSON value, its path named.
    public static func problem(inJSON value: Any, path: String = "") -> String? {
        switch value {
        case let text as String:
            return problem(in: text, field: path.isEmpty ? "the body" : path)
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = problem(inJSON: element, path: "\(path)[\(index)]") { return found }
            }
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                let keyPath = path.isEmpty ? key : "\(path).\(key)"
                if let found = problem(in: key, field: "a key of \(path.isEmpty ? "the body" : path)") { return found }
                if let found = problem(inJSON: object[key]!, path: keyPath) { return found }
            }
        default:
            break
        }
        return nil
    }
}
