import Foundation
import Yams

/// Converts a YAML node to the Foundation values JSONSerialization accepts, keeping quoted
/// scalars as strings (Yams' own `any` would turn "3" into a number).
public enum YAMLJSON {
    public static func value(of node: Node) -> Any {
        switch node {
        case .mapping(let mapping):
            var object: [String: Any] = [:]
            for (key, value) in mapping { object[key.string ?? ""] = Self.value(of: value) }
            return object
        case .sequence(let sequence):
            return sequence.map { Self.value(of: $0) }
        case .scalar(let scalar):
            if scalar.style == .plain {
                if let int = node.int { return int }
                if let double = node.float { return double }
                if let bool = node.bool { return bool }
                if node.null != nil { return NSNull() }
            }
            return scalar.string
        case .alias:
            return NSNull()
        }
    }

    /// A YAML node as compact JSON, mappings in file order; scalars typed as `YAMLJSON` types them.
    public static func orderedText(of node: Node) -> String? {
        switch node {
        case .mapping(let mapping):
            var parts: [String] = []
            for (key, value) in mapping {
                guard let name = jsonText(key.string ?? ""), let inner = orderedText(of: value) else { return nil }
                parts.append(name + ":" + inner)
            }
            return "{" + parts.joined(separator: ",") + "}"
        case .sequence(let sequence):
            var parts: [String] = []
            for element in sequence {
                guard let inner = orderedText(of: element) else { return nil }
                parts.append(inner)
            }
            return "[" + parts.joined(separator: ",") + "]"
        case .scalar, .alias:
            return jsonText(value(of: node))
        }
    }


    private static func jsonText(_ value: Any) -> String? {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
