import Foundation

/// The formats a kit can be exported to. The raw values are what the CLI accepts.
public enum ExportFormat: String, Sendable, CaseIterable, Codable {
    /// One JSON document: `{format: "primer-kit", version: 1, exported_at, kits: [Kit]}`.
    case json
    /// One Markdown study guide with a part per subject and the answer key at the end.
    case markdown
    /// One RFC 4180 CSV file, a row per flashcard, term and quiz question.
    case csv
    /// Anki's text import (2.1.54+): tab separated, with `#` header lines.
    case ankiText = "anki-text"
    /// One Anki package (legacy schema 11, as genanki writes it).
    case apkg

    /// The file extension an exported file usually has.
    public var fileExtension: String {
        switch self {
        case .json: "json"
        case .markdown: "md"
        case .csv: "csv"
        case .ankiText: "txt"
        case .apkg: "apkg"
        }
    }
}

public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// `export` was called with no kits.
    case nothingToExport
    /// The package could not be written (SQLite or zip), with the underlying reason.
    case packageFailed(String)

    public var description: String {
        switch self {
        case .nothingToExport: "nothing to export: no kits given"
        case .packageFailed(let reason): "could not write the Anki package: \(reason)"
        }
    }
}
