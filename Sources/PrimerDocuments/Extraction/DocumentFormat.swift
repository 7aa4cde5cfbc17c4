import Foundation
import PrimerCore

/// The kinds of files Primer can read, chosen by the file's extension (case-insensitive).
public enum DocumentFormat: String, Sendable, Codable, CaseIterable, Equatable {
    case text
    case markdown
    case html
    case pdf
    case docx
    /// A photo or a scan, read by OCR.
    case image
    /// A lecture's transcript (WebVTT, SubRip): its pages are its minutes (`DocumentPlace`).
    case transcript
    /// A lecture recording, transcribed offline (`SpeechTextExtractor`); pages are minutes too.
    case recording

    /// The extensions (without the dot) each format accepts.
    public var extensions: [String] {
        switch self {
        case .text: ["txt"]
        case .markdown: ["md", "markdown"]
        case .html: ["html", "htm"]
        case .pdf: ["pdf"]
        case .docx: ["docx"]
        case .image: ["png", "jpg", "jpeg"]
        case .transcript: ["vtt", "srt"]
        case .recording: DocumentPlace.timedExtensions.subtracting(["vtt", "srt"]).sorted()
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
