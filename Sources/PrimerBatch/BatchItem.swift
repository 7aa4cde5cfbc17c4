import PrimerCore

/// One subject of a batch file.
public struct BatchItem: Sendable, Equatable, Codable {
    public var title: String
    public var notes: String?
    public var kind: SubjectKind?
    /// Document paths, resolved against the batch file's folder.
    public var documents: [String]
    public var instructions: String?
    /// A provider or profile name for this subject; nil uses the run's provider.
    public var provider: String?
    /// Where the item is in its file (line for JSON Lines and CSV, entry number for YAML).
    public var location: String

    public init(title: String, notes: String? = nil, kind: SubjectKind? = nil, documents: [String] = [], instructions: String? = nil, provider: String? = nil, location: String = "") {
        self.title = title
        self.notes = notes
        self.kind = kind
        self.documents = documents
        self.instructions = instructions
        self.provider = provider
        self.location = location
    }

    public var request: SubjectRequest {
        SubjectRequest(title: title, notes: notes, kind: kind, instructions: instructions)
    }
}

public struct BatchFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
