import Foundation
import PrimerCore

/// The JSON export: the complete kits (plan, lessons, cards, quiz, terms, sources and the
/// provenance of every generation) in a versioned envelope.
public struct KitExportDocument: Sendable, Equatable, Codable {
    public static let formatName = "primer-kit"
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    public var exportedAt: Date
    public var kits: [Kit]

    public init(kits: [Kit], exportedAt: Date) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.exportedAt = exportedAt
        self.kits = kits
    }

    enum CodingKeys: String, CodingKey {
        case format, version
        case exportedAt = "exported_at"
        case kits
    }
}

public enum JSONKitExport {
    public static func encode(_ kits: [Kit], exportedAt: Date) throws -> Data {
        let encoder = OutputJSON.encoder([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(KitExportDocument(kits: kits, exportedAt: exportedAt))
        data.append(0x0A)
        return data
    }

    /// Reads an exported document back (the round trip the tests check).
    public static func decode(_ data: Data) throws -> KitExportDocument {
        let decoder = OutputJSON.decoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(KitExportDocument.self, from: data)
    }
}
