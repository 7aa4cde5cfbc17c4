import Foundation

/// An item's fields as the JSON object a store keeps (`items.fields`), in the shape's names; every
/// engine writes and reads them through here, so stores copy between engines byte for byte.
public enum ItemFieldsJSON {
    private struct Fields: Encodable {
        let content: ItemContent
        func encode(to encoder: any Encoder) throws { try content.encodeFields(to: encoder) }
    }

    private struct Decoded: Decodable {
        let content: ItemContent
        init(from decoder: any Decoder) throws {
            guard let shape = decoder.userInfo[ItemFieldsJSON.shapeKey] as? Shape else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no shape given"))
            }
            content = try ItemContent(from: decoder, shape: shape)
        }
    }

    fileprivate static let shapeKey = CodingUserInfoKey(rawValue: "shape")!

    public static func encode(_ content: ItemContent) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Fields(content: content)), as: UTF8.self)
    }

    public static func decode(_ text: String, shape: Shape) throws -> ItemContent {
        let decoder = JSONDecoder()
        decoder.userInfo[shapeKey] = shape
        return try decoder.decode(Decoded.self, from: Data(text.utf8)).content
    }
}
