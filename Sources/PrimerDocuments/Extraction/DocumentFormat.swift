import Foundation

/// The kinds of files Primer can read, chosen by the file's extension (case-insensitive).
public enum DocumentFormat: String, Sendable, Codable, CaseIterable, Equatable {
    case text
    case markdown
    case html
    case pdf
    case docx
    /// A photo or a scan, read by OCR.
    case image

    /// The extensions (without the dot) each format accepts.
    public var extensions: [String] {
        switch self {
        case .text: ["txt"]
        case .markdown: ["md", "markdown"]
        case .html: ["html", "htm"]
        case .pdf: ["pdf"]
        case .docx: ["docx"]
        case .image: ["png", "jpg", "jpeg"]
        }
    }

    /// The format for a file, or nil when its extension is not supported.
    public init?(file: URL) {
        let ext = file.pathExtension.lowercased()
        guard let format = DocumentFormat.allCases.first(where: { $0.extensions.contains(ext) }) else {
            return nil
        }
        self = format
    }

    /// ".txt, .md, .markdown, .html, .htm, .pdf, .docx": for messages.
    public static var supportedExtensionsList: String {
        allCases.flatMap(\.extensions).map { "." + $0 }.joined(separator: ", ")
    }
}
