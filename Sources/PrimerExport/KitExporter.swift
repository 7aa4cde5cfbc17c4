import Foundation
import PrimerCore

/// Writes kits to a file in one of the `ExportFormat`s. Every format writes exactly one file,
/// whatever the number of kits:
/// - json: one document whose `kits` is an array (one element for one kit);
/// - markdown: one study guide, a `#` part per subject, the answer key at the end;
/// - csv / anki-text: one table, the subject is a column (the deck column in Anki's case);
/// - apkg: one package, a deck per `Subject::Topic::Subtopic`.
public struct KitExporter: Sendable {
    /// Stamped into the JSON (`exported_at`) and used as the modification time in Anki packages.
    public var exportedAt: Date
    /// The learner's tags, memories and reviews of items (`LearnerRecords`); without memories,
    /// every card of an apkg is new.
    public var learner: LearnerRecords

    public init(exportedAt: Date = Date(), learner: LearnerRecords = LearnerRecords()) {
        self.exportedAt = exportedAt
        self.learner = learner
    }

    /// Writes `kits` to `url`, replacing a regular file there; anything else there (a symbolic
    /// link, FIFO, device, folder) is refused with an `OutputFileError` and left as it is.
    public func export(_ kits: [Kit], format: ExportFormat, to url: URL) throws {
        guard !kits.isEmpty else { throw ExportError.nothingToExport }
        try OutputFile.checkTarget(url)
        switch format {
        case .apkg:
            try AnkiPackageExport.write(kits, to: url, now: exportedAt, learner: learner)
        default:
            try OutputFile.write(data(kits, format: format), to: url)
        }
    }

    /// The exported bytes, for formats that are a single text (and for apkg, the zip's bytes).
    public func data(_ kits: [Kit], format: ExportFormat) throws -> Data {
        guard !kits.isEmpty else { throw ExportError.nothingToExport }
        switch format {
        case .json: return try JSONKitExport.encode(kits, exportedAt: exportedAt)
        case .markdown: return Data(MarkdownStudyGuide.render(kits).utf8)
        case .csv: return Data(CSVKitExport.render(kits).utf8)
        case .ankiText: return Data(AnkiTextExport.render(kits, learner: learner).utf8)
        case .apkg:
            let dir = FileManager.default.temporaryDirectory
                .appendingPathComponent("primer-apkg-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let file = dir.appendingPathComponent("kit.apkg")
            try AnkiPackageExport.write(kits, to: file, now: exportedAt, learner: learner)
            return try Data(contentsOf: file)
        }
    }
}
