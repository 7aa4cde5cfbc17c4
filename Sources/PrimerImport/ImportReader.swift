import Foundation
import PrimerCore

/// Reads a file to import, its format told by its extension and, for text, its first line:
/// `.apkg`/`.colpkg` a package; text starting with Anki's `#` headers Anki text; `.csv` CSV;
/// `.tsv`/`.txt` Quizlet's tab-separated export.
public enum ImportReader {
    public static func format(of url: URL, text: String?) -> ImportFormat? {
        switch url.pathExtension.lowercased() {
        case "apkg", "colpkg": return .apkg
        case "csv": return text.map(AnkiTextReader.isAnkiText) == true ? .ankiText : .csv
        case "tsv", "txt": return text.map(AnkiTextReader.isAnkiText) == true ? .ankiText : .quizlet
        default: return nil
        }
    }

    public static func read(_ url: URL, limits: ImportLimits = .standard, tools: ToolLocator = ToolLocator()) async throws -> ImportedDeck {
        let name = url.lastPathComponent
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ImportError(.unreadable, "\(url.path) does not exist; check the path")
        }
        if format(of: url, text: nil) == .apkg { return try await AnkiPackageReader.read(url, limits: limits, tools: tools) }
        guard format(of: url, text: "") != nil else {
            throw ImportError(
                .unsupported,
                "\(name): Primer imports .apkg (Anki packages), .csv (Question,Answer; Front,Back,Tags), .tsv or .txt "
                    + "(Quizlet's export; Anki's text export) files")
        }
        let text = try ImportText.read(url, limits: limits)
        switch format(of: url, text: text)! {
        case .ankiText: return try AnkiTextReader.read(text, name: name, limits: limits)
        case let format: return try DelimitedDeckReader.read(text, name: name, format: format, limits: limits)
        }
    }
}
