import Foundation
import PrimerCore

/// The text of one attached file. Headings are Markdown `#` lines whatever the source format;
/// paragraphs are separated by blank lines and list items are "- " lines.
public struct ExtractedDocument: Sendable, Codable, Equatable {
    /// The file's name, e.g. "week3-notes.pdf".
    public var name: String
    public var format: DocumentFormat
    /// The whole text. For PDFs: the pages joined by blank lines.
    public var text: String
    /// The text of each page (index 0 is page 1), when the format has pages (PDF).
    public var pages: [String]?
    /// FNV-1a 64-bit of the text, 16 hex digits: identifies the content across runs.
    public var contentHash: String

    public init(name: String, format: DocumentFormat, text: String, pages: [String]? = nil) {
        self.name = name
        self.format = format
        self.text = text
        self.pages = pages
        self.contentHash = StableHash.hex(text)
    }
}
