import Foundation
import Testing
@testable import PrimerCore

/// `OrderedJSON.data` splices the raw schema into the serialised body on the bytes; it must give
/// the bytes the Foundation string replacement gave.
struct OrderedJSONSpliceTests {
    @Test func byteSpliceMatchesFoundationReplacement() throws {
        let schema = try #require(RawJSON(object: #"{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"integer"}}}"#))
        let body: [String: Any] = [
            "model": "m", "stream": false, "temperature": 0.2,
            "messages": [["role": "user", "content": "é/\"x\" 中文 😀 \n tab\t @@not-a-marker@@ K Å"]],
            "response_format": ["type": "json_schema", "json_schema": ["name": "quiz", "schema": schema, "strict": true]],
        ]
        // The same body with the raw value swapped for a fixed marker, serialised, and the
        // marker replaced with Foundation: the way the body was built before.
        var plain = body
        plain["response_format"] = ["type": "json_schema", "json_schema": ["name": "quiz", "schema": "@@MARKER@@", "strict": true]]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: plain, options: [.sortedKeys]), as: UTF8.self)
            .replacingOccurrences(of: "\"@@MARKER@@\"", with: schema.text)
        #expect(try OrderedJSON.data(body) == Data(text.utf8))
    }

    @Test func replacingFindsEveryOccurrence() {
        let bytes = Array("a\"m\"b\"m\"\"m\"".utf8)
        #expect(OrderedJSON.replacing(Array("\"m\"".utf8), with: Array("{}".utf8), in: bytes) == Array("a{}b{}{}".utf8))
        #expect(OrderedJSON.replacing(Array("xyz".utf8), with: [], in: Array("xy".utf8)) == Array("xy".utf8))
    }
}

extension OrderedJSONSpliceTests {
    /// JSONSerialization's own literal for a string.
    static func reference(_ string: String) throws -> String {
        let text = String(decoding: try JSONSerialization.data(withJSONObject: [string]), as: UTF8.self)
        return String(text.dropFirst().dropLast())
    }

    @Test func literalEscapesLikeJSONSerialization() throws {
        var mismatches: [String] = []
        var scalars = Array(0..<0xD800) + Array(0xE000..<0x10000) + [0x1F600, 0x1F44D, 0x1F3FD, 0x10FFFF, 0x1D11E]
        scalars += Array(0x1F1E6..<0x1F200)
        // One scalar at a time for the ASCII and Latin ranges, in chunks beyond.
        for value in scalars.prefix(0x300) {
            let s = String(Unicode.Scalar(UInt32(value))!)
            if try OrderedJSON.literal(s) != Self.reference(s) { mismatches.append(String(format: "U+%04X", value)) }
        }
        let rest = Array(scalars.dropFirst(0x300))
        for start in stride(from: 0, to: rest.count, by: 512) {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: rest[start..<min(start + 512, rest.count)].map { Unicode.Scalar(UInt32($0))! })
            let s = String(view)
            if try OrderedJSON.literal(s) != Self.reference(s) { mismatches.append("chunk from U+\(String(rest[start], radix: 16))") }
        }
        for s in ["", "a/b", "e\u{301}", "\r\n", "\u{2028}\u{2029}", "\u{FEFF}x", "\\\"/", String(repeating: "é中😀\n", count: 50)] {
            if try OrderedJSON.literal(s) != Self.reference(s) { mismatches.append(s.debugDescription) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(30))")
    }

    @Test func longStringsInTheBodyGiveTheSameBytes() throws {
        let schema = try #require(RawJSON(object: #"{"type":"object","properties":{"b":{},"a":{}}}"#))
        let ascii = String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) })
        let long = String(repeating: "Write the notes — é/中文 😀 \"quoted\" \\ tab\t\n", count: 40) + ascii
        let body: [String: Any] = [
            "model": "m", "seed": 7, "max_tokens": 100, "temperature": 0.25, "stream": false,
            "messages": [["role": "system", "content": long], ["role": "user", "content": String(long.reversed())],
                         ["role": "user", "content": "short / one"]],
            "extra": ["nested": [long, 1, true, NSNull()] as [Any], "key": String(repeating: "x", count: 64)] as [String: Any],
            "response_format": ["type": "json_schema", "json_schema": ["name": "notes", "schema": schema, "strict": true]],
        ]
        var plain = body
        plain["response_format"] = ["type": "json_schema", "json_schema": ["name": "notes", "schema": "@@MARKER@@", "strict": true]]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: plain, options: [.sortedKeys]), as: UTF8.self)
            .replacingOccurrences(of: "\"@@MARKER@@\"", with: schema.text)
        #expect(try OrderedJSON.data(body) == Data(text.utf8))
    }
}
