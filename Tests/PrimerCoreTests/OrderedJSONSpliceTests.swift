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
