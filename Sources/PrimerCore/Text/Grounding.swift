/// A passage from one of the learner's documents, chosen for a subtopic.
public struct GroundingPassage: Sendable, Equatable, Codable {
    /// The document's name (its file name).
    public var document: String
    public var page: Int?
    /// The heading path of the passage, e.g. "Week 3 › Thermodynamics".
    public var heading: String
    public var text: String
    /// Where it lies in the document's text, in characters (nil when not known).
    public var characters: Range<Int>?

    public init(document: String, page: Int? = nil, heading: String = "", text: String, characters: Range<Int>? = nil) {
        self.characters = characters
        self.document = document
        self.page = page
        self.heading = heading
        self.text = text
    }

    /// "syllabus.pdf, p. 3 › Week 3": how sources are shown to the learner.
    public var label: String {
        var label = document
        if let page { label += ", " + DocumentPlace.label(document: document, first: page) }
        if !heading.isEmpty { label += " › \(heading)" }
        return label
    }

    /// Stored with the content it grounded, as a source `primer show` lists: the document, its
    /// page and the characters the passage spans (`document:ch05.md#chars=1200-2350`), the
    /// section in the title.
    public var citation: Citation {
        let place = [page.map { DocumentPlace.fragment(document: document, page: $0) }, characters.map { "chars=\($0.lowerBound)-\($0.upperBound)" }].compactMap { $0 }
        return Citation(
            url: "document:\(document)" + (place.isEmpty ? "" : "#" + place.joined(separator: "&")), title: label,
            snippet: String(text.prefix(240)))
    }
}

/// Where passages come from: the subject's documents (PrimerDocuments builds one from them).
public protocol GroundingSource: Sendable {
    /// The most relevant passages for a subtopic, already within the source's size budget.
    func passages(subject: String, topic: String, subtopic: String) async throws -> [GroundingPassage]
    /// The structure of an attached syllabus or outline as topics, or nil when there is none.
    var outline: [PlanTopic]? { get }
}
