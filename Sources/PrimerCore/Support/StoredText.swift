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

    /// The first forbidden character in any string of a JSON text, the key it belongs to named,
    /// read from the bytes as the decoder will read them: raw control bytes, a C1 control's UTF-8
    /// form, DEL, and the escapes `\b`, `\f` and `\u…` that stand for one. A duplicate key is
    /// checked each time it appears, whichever one a decoder keeps; a NUL byte anywhere (UTF-16 or
    /// UTF-32 JSON) is refused, since the body must be UTF-8.
    public static func problem<Bytes: Collection>(inJSON bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        var inString = false
        var current: [UInt8] = []
        var lastKey: String?
        var pendingKey: String?
        var iterator = bytes.makeIterator()
        var pending: [UInt8] = []
        func next() -> UInt8? { pending.isEmpty ? iterator.next() : pending.removeFirst() }
        func found(_ value: UInt32) -> String {
            let field = lastKey ?? "the body"
            return problem(in: String(decoding: current, as: UTF8.self) + String(Character(Unicode.Scalar(value) ?? "?")), field: field)
                ?? "\(field) holds a control character; remove it"
        }
        while let byte = next() {
            if byte == 0 { return "the body holds a NUL byte: send JSON as UTF-8 text" }
            guard inString else {
                if byte == UInt8(ascii: "\"") {
                    inString = true
                    current = []
                } else if byte == UInt8(ascii: ":"), let key = pendingKey {
                    lastKey = key
                }
                if byte != UInt8(ascii: "\"") && !(byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == UInt8(ascii: ":")) { pendingKey = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = false
                pendingKey = String(decoding: current, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = next() else { return nil }
                switch escaped {
                case UInt8(ascii: "b"): return found(0x08)
                case UInt8(ascii: "f"): return found(0x0C)
                case UInt8(ascii: "u"):
                    var hex: [UInt8] = []
                    while hex.count < 4, let digit = next() { hex.append(digit) }
                    guard let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16) else { return nil }  // the decoder refuses it
                    if let scalar = Unicode.Scalar(value), isForbidden(scalar) { return found(value) }
                    current.append(contentsOf: Array(String(Character(Unicode.Scalar(value) ?? "?")).utf8))
                default:
                    current.append(escaped)
                }
            case 0x00...0x1F, 0x7F:
                if byte != 0x09 && byte != 0x0A && byte != 0x0D { return found(UInt32(byte)) }
                current.append(byte)
            case 0xC2:
                guard let second = next() else { return nil }
                if (0x80...0x9F).contains(second) { return found(UInt32(second)) }
                current.append(byte)
                pending.append(second)
            default:
                current.append(byte)
            }
        }
        return nil
    }
}
