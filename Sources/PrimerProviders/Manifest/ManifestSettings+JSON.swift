import Foundation
import Yams

extension ManifestSettings {
    /// A mapping setting as a JSON object for a request body (e.g. `extra_body: {cache_prompt: true}`).
    /// Plain scalars become numbers, booleans or null as YAML reads them; quoted ones stay text.
    public func jsonObject(_ key: String) throws -> [String: Any]? {
        guard let value = value(key) else { return nil }
        guard value.mapping != nil, let object = Self.json(value) as? [String: Any] else {
            throw badType(key, "a mapping like `{cache_prompt: true}`", value)
        }
        return object
    }

    /// A YAML node as the Foundation values `JSONSerialization` writes.
    static func json(_ node: Node) -> Any {
        switch node {
        case .mapping(let mapping):
            var object: [String: Any] = [:]
            for (key, value) in mapping { object[key.string ?? ""] = json(value) }
            return object
        case .sequence(let sequence):
            return sequence.map { json($0) }
        case .scalar(let scalar):
            guard scalar.style == .plain else { return scalar.string }
            if let int = node.int { return int }
            if let double = node.float { return double }
            if let bool = node.bool { return bool }
            if node.null != nil { return NSNull() }
            return scalar.string
        case .alias:
            return NSNull()
        }
    }
}
