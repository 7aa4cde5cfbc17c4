import Foundation

/// An item's tags as both engines keep them: a JSON array of strings, NULL when there are none.
public enum ImportedTags {
    public static func json(_ tags: [String]) throws -> String? {
        tags.isEmpty ? nil : String(decoding: try JSONEncoder().encode(tags), as: UTF8.self)
    }

    /// The tags of a stored value; a value that is not an array of strings reads as none.
    public static func decode(_ json: String?) -> [String] {
        guard let json, let tags = try? JSONDecoder().decode([String].self, from: Data(json.utf8)) else { return [] }
        return tags
    }
}
