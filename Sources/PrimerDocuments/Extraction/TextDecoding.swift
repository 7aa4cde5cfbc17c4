import Foundation

/// Bytes to text for plain files: UTF-8 (with or without a BOM), UTF-16 with a BOM,
/// then Windows-1252 / Latin-1. Binary data (NUL bytes) is refused.
enum TextDecoding {
    static func decode(_ data: Data, name: String) throws -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            if let text = String(bytes: bytes.dropFirst(3), encoding: .utf8) { return normalizeNewlines(text) }
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            if let text = String(data: data, encoding: .utf16) {
                return normalizeNewlines(text.replacingOccurrences(of: "\u{FEFF}", with: ""))
            }
        }
        if bytes.contains(0) { throw DocumentError.notText(name: name) }
        if let text = String(bytes: bytes, encoding: .utf8) { return normalizeNewlines(text) }
        if let text = String(bytes: bytes, encoding: .windowsCP1252) { return normalizeNewlines(text) }
        if let text = String(bytes: bytes, encoding: .isoLatin1) { return normalizeNewlines(text) }
        throw DocumentError.notText(name: name)
    }

    static func normalizeNewlines(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}

extension String {
    /// True when the text has nothing but whitespace (form feeds included).
    var isBlank: Bool {
        unicodeScalars.allSatisfy { CharacterSet.whitespacesAndNewlines.contains($0) }
    }
}
