import Foundation
import PrimerCore
import PrimerDocuments

/// Reading, attaching and indexing a subject's documents, shared by `generate --doc`, `batch`
/// and `docs`.
public enum SubjectDocuments {
    /// Extracts every file first, so a bad file stops the command before anything is stored;
    /// scans and photos are read by OCR in `ocrLanguage`.
    public static func extract(_ paths: [String], ocrLanguage: String = "eng") async throws -> [ExtractedDocument] {
        var documents: [ExtractedDocument] = []
        for path in paths {
            do {
                documents.append(try await DocumentExtractor.extract(file: URL(fileURLWithPath: path), ocrLanguage: ocrLanguage))
            } catch let error as DocumentError {
                throw WorkspaceError("\(error)")
            }
        }
        return documents
    }

    /// Stores the documents under the subject; returns what happened to each.
    public static func attach(
        _ documents: [ExtractedDocument], to subjectID: Int64, store: any DocumentStore
    ) async throws -> [DocumentAttachment] {
        var attached: [DocumentAttachment] = []
        for document in documents {
            let result = try await store.addDocument(
                subjectID: subjectID, name: document.name, format: document.format.rawValue,
                text: document.storedText, contentHash: document.contentHash)
            attached.append(
                DocumentAttachment(
                    name: document.name, format: document.format.rawValue, characters: document.text.count,
                    pages: document.pages?.count, added: result.added, sameAs: result.document.name))
        }
        return attached
    }

    /// The grounding built from all of the subject's stored documents, or nil when it has none;
    /// with an embedder, passages are ranked by meaning too (`DocumentGrounding.hybrid`).
    public static func grounding(
        subjectID: Int64, store: any DocumentStore, budget: Int = DocumentGrounding.defaultBudget, embedder: (any Embedder)? = nil
    ) async throws -> (any GroundingSource)? {
        let stored = try await store.documents(subjectID: subjectID)
        guard !stored.isEmpty else { return nil }
        let documents = stored.map { ExtractedDocument(name: $0.name, format: DocumentFormat(rawValue: $0.format) ?? .text, storedText: $0.text) }
        guard let embedder else { return DocumentGrounding(documents: documents, budget: budget) }
        return try await DocumentGrounding.hybrid(documents: documents, budget: budget, embedder: embedder)
    }
}

/// One document attached to a subject (or found already attached).
public struct DocumentAttachment: Sendable, Equatable {
    public var name: String
    public var format: String
    public var characters: Int
    public var pages: Int?
    /// False when a document with the same content was attached already (as `sameAs`).
    public var added: Bool
    public var sameAs: String

    /// What `docs add` and `generate --doc` print about it.
    public var line: String {
        added
            ? "Attached \(name) (\(format), \(characters) characters\(pages.map { ", \($0) \(DocumentPlace.isTimed(name) ? "minute" : "page")\($0 == 1 ? "" : "s")" } ?? ""))"
            : "\(name) is already attached (same content as \(sameAs)); nothing changed"
    }
}
