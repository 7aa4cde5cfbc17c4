import Foundation
import Yams

/// JSON text with object keys in the order they were written.
///
/// Why: a JSON schema's `properties` order is the order a grammar-constrained model (llama.cpp,
/// OpenAI structured outputs) writes the fields in. Sorted keys made every model write a quiz
/// question's `answer_index` before its `question`, and a topic's `subtopics` before its `title`.
public enum OrderedJSON {
    /// A YAML node as compact JSON, mappings in file order; scalars typed as `YAMLJSON` types them.
    static func text(of node: Node) -> String? {
        switch node {
        case .mapping(let mapping):
            var parts: [String] = []
            for (key, value) in mapping {
                guard let name = scalarText(key.string ?? ""), let inner = text(of: value) else { return nil }
                parts.append(name + ":" + inner)
            }
            return "{" + parts.joined(separator: ",") + "}"
        case .sequence(let sequence):
            var parts: [String] = []
            for element in sequence {
                guard let inner = text(of: element) else { return nil }
                parts.append(inner)
            }
            return "[" + parts.joined(separator: ",") + "]"
        case .scalar, .alias:
            return scalarText(YAMLJSON.value(of: node))
        }
    }

    /// `body` as JSON with sorted keys (equal requests give equal bytes), except that every
    /// `RawJSON` value inside it is written verbatim, keeping its own key order.
    public static func data(_ body: [String: Any]) throws -> Data {
        var raws: [String: String] = [:]
        let replaced = substitute(body, raws: &raws)
        var text = String(decoding: try JSONSerialization.data(withJSONObject: replaced, options: [.sortedKeys]), as: UTF8.self)
        for (marker, raw) in raws {
            text = text.replacingOccurrences(of: "\"" + marker + "\"", with: raw)
        }
        return Data(text.utf8)
    }

    private static func substitute(_ value: Any, raws: inout [String: String]) -> Any {
        switch value {
        case let raw as RawJSON:
            // A marker that needs no escaping and cannot occur in real text.
            let marker = "@@primer-raw-json-\(raws.count)-\(UUID().uuidString)@@"
            raws[marker] = raw.text
            return marker
        case let object as [String: Any]:
            return object.mapValues { substitute($0, raws: &raws) }
        case let array as [Any]:
            return array.map { substitute($0, raws: &raws) }
        default:
            return value
        }
    }

    private static func scalarText(_ value: Any) -> String? {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else { return nil }
        return String(decoding: data, as: UTF8.self)
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
