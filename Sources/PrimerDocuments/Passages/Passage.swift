import PrimerCore

/// A piece of a document small enough to quote in a prompt, with where it came from.
public struct Passage: Sendable, Codable, Equatable, Hashable {
    /// The document's file name.
    public var documentName: String
    /// The document's `contentHash`.
    public var documentHash: String
    /// Position of the passage in its document, from 0.
    public var ordinal: Int
    /// The headings above the passage, outermost first, e.g. ["Week 3", "Thermodynamics"].
    public var headingPath: [String]
    /// The pages the passage spans (1-based), when the document has pages.
    public var pages: ClosedRange<Int>?
    /// The passage's text, without its headings.
    public var text: String
    /// Where the passage lies in its document's text, in characters from its first line to the
    /// end of its last (nil when it could not be found as written, e.g. a line cut mid-word).
    public var characters: Range<Int>?

    public init(documentName: String, documentHash: String, ordinal: Int, headingPath: [String],
                pages: ClosedRange<Int>?, text: String, characters: Range<Int>? = nil) {
        self.characters = characters
        self.documentName = documentName
        self.documentHash = documentHash
        self.ordinal = ordinal
        self.headingPath = headingPath
        self.pages = pages
        self.text = text
    }

    /// The heading path as one line: "Week 3 › Thermodynamics" ("" when there is none).
    public var heading: String { headingPath.joined(separator: " › ") }

    /// The first page, when known.
    public var page: Int? { pages?.lowerBound }

    /// Where the passage comes from, for a prompt or a citation: "notes.pdf, p. 3 — Week 3 › Heat".
    public var sourceLabel: String {
        var label = documentName
        if let pages { label += ", " + DocumentPlace.label(document: documentName, first: pages.lowerBound, last: pages.upperBound) }
        if !headingPath.isEmpty { label += " — " + heading }
        return label
    }
}
