import Foundation
import PrimerCore

/// An item a front end sends as a shape's name and its fields (a JSON object in the shape's
/// names, as the API shows items), turned into content — or one sentence naming the fields the
/// shape takes.
public enum ItemFieldsInput {
    public static func content(shape name: String, fieldsJSON: String) throws -> ItemContent {
        if name == Shape.lesson.rawValue { throw WorkspaceError("a lesson is written as its subtopic's lesson, not as an item's fields") }
        guard let shape = Shape(rawValue: name), shape != .outline else {
            let names = Shape.allCases.filter { $0 != .outline && $0 != .lesson }.map(\.rawValue)
            throw WorkspaceError("there is no shape '\(name.excerpt(40))' for an item; the shapes are: \(names.joined(separator: ", "))")
        }
        do {
            return try ItemFieldsJSON.decode(try withDefaults(fieldsJSON, shape: shape), shape: shape)
        } catch {
            throw WorkspaceError("the fields do not make a \(shape) item; a \(shape) item has \(fieldNames(shape))")
        }
    }

    /// The optional texts of the built-in shapes filled in as empty (a question without an
    /// explanation, a cloze note without an extra), as a learner leaves them out.
    static func withDefaults(_ json: String, shape: Shape) throws -> String {
        let defaults: [String: Any] = shape == .choice ? ["explanation": ""] : shape == .cloze ? ["extra": ""] : [:]
        guard !defaults.isEmpty, var object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return json }
        for (key, value) in defaults where object[key] == nil { object[key] = value }
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// The fields of a shape as a sentence lists them.
    static func fieldNames(_ shape: Shape) -> String {
        switch shape {
        case .pair: "front and back (texts) and an optional hint"
        case .choice: "question (a text), choices (2 to 8 texts), correctIndex (a number, 0 for the first) and explanation (a text)"
        case .cloze: "text (with {{c1::…}} deletions) and an optional extra"
        default:
            ShapeRegistry.shape(shape).map { definition in
                definition.fields.map { "\($0.name) (\($0.isList ? "texts" : "a text")\($0.required ? "" : ", optional"))" }.joined(separator: ", ")
            } ?? "no fields this release knows"
        }
    }
}
