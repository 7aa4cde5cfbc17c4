import Foundation

/// Documents attached to subjects, stored once per content (attaching the same file twice
/// changes nothing).
public protocol DocumentStore: Sendable {
    /// Stores a document under the subject; returns it and whether it was new.
    @discardableResult
    func addDocument(subjectID: Int64, name: String, format: String, text: String, contentHash: String) async throws
        -> (document: StoredDocument, added: Bool)
    /// The subject's documents in the order they were attached.
    func documents(subjectID: Int64) async throws -> [StoredDocument]
    /// Removes the document with this name (or content hash prefix); false when there is none.
    func removeDocument(subjectID: Int64, name: String) async throws -> Bool
}

/// A document attached to a subject, as stored.
public struct StoredDocument: Sendable, Equatable, Codable {
    public var id: Int64
    public var name: String
    public var format: String
    public var contentHash: String
    /// The extracted text; pages separated by form feeds when the format has pages.
    public var text: String
    public var createdAt: Date

    public init(id: Int64, name: String, format: String, contentHash: String, text: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.format = format
        self.contentHash = contentHash
        self.text = text
        self.createdAt = createdAt
    }
}
