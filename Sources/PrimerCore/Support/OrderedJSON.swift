import Foundation

/// JSON text with object keys in the order they were written.
///
/// Why: a JSON schema's `properties` order is the order a grammar-constrained model (llama.cpp,
/// OpenAI structured outputs) writes the fields in. Sorted keys made every model write a quiz
/// question's `answer_index` before its `question`, and a topic's `subtopics` before its `title`.
public enum OrderedJSON {
    /// `body` as JSON with sorted keys (equal requests give equal bytes), except that every
    /// `RawJSON` value inside it is written verbatim, keeping its own key order.
    public static func data(_ body: [String: Any]) throws -> Data {
        var raws: [String: String] = [:]
        let replaced = substitute(body, raws: &raws, base: UUID().uuidString)
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: replaced, options: [.sortedKeys]))
        for (marker, raw) in raws {
            bytes = replacing(Array(("\"" + marker + "\"").utf8), with: Array(raw.utf8), in: bytes)
        }
        return Data(bytes)
    }

    /// Every occurrence of `needle` in `bytes` replaced, on the bytes: the quoted marker is
    /// ASCII without any canonically equivalent spelling and sits between JSON punctuation, so
    /// this finds what a string search would, without bridging the whole body to Foundation.
    static func replacing(_ needle: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard let first = needle.first, bytes.count >= needle.count else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + replacement.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == first, i + needle.count <= bytes.count, bytes[i..<(i + needle.count)].elementsEqual(needle) {
                out.append(contentsOf: replacement)
                i += needle.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    private static func substitute(_ value: Any, raws: inout [String: String], base: String) -> Any {
        switch value {
        case let raw as RawJSON:
            // A marker that needs no escaping and cannot occur in real text.
            let marker = "@@primer-raw-json-\(raws.count)-\(base)@@"
            raws[marker] = raw.text
            return marker
        case let string as String where string.utf8.count >= longString:
            // Long strings (the prompts) are escaped here, which is much cheaper than
            // JSONSerialization's writer; it writes only the short rest of the body.
            let marker = "@@primer-raw-json-\(raws.count)-\(base)@@"
            raws[marker] = literal(string)
            return marker
        case let object as [String: Any]:
            return object.mapValues { substitute($0, raws: &raws, base: base) }
        case let array as [Any]:
            return array.map { substitute($0, raws: &raws, base: base) }
        default:
            return value
        }
    }

    /// Strings at least this long (in UTF-8 bytes) are escaped by `literal`.
    static let longString = 64

    /// A string as a JSON string literal, escaped exactly as JSONSerialization escapes it:
    /// quote, backslash and slash with a backslash; backspace, form feed, line feed, carriage
    /// return and tab as \b \f \n \r \t; other control characters as \u00xx; everything
    /// else as its UTF-8 bytes. `OrderedJSONSpliceTests` compares it with JSONSerialization on
    /// every scalar of the Basic Multilingual Plane and more.
    static func literal(_ string: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count + 16)
        out.append(0x22)
        let hex = Array("0123456789abcdef".utf8)
        for byte in string.utf8 {
            switch byte {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x2F: out.append(contentsOf: [0x5C, 0x2F])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }
}

/// Already-serialised JSON (a prompt family's schema) to embed as is in a request body.
public struct RawJSON: Sendable {
    public let text: String

    /// Nil unless `text` is a JSON object.
    public init?(object text: String) {
        guard (try? JSONSerialization.jsonObject(with: Data(text.utf8))) is [String: Any] else { return nil }
        self.text = text
    }
}
