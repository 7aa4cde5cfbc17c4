import Foundation
import Yams

/// Converts a YAML node to the Foundation values JSONSerialization accepts, keeping quoted
/// scalars as strings (Yams' own `any` would turn "3" into a number).
enum YAMLJSON {
    static func value(of node: Node) -> Any {
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
}
