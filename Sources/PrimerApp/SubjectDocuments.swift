import Foundation
import PrimerCore
import PrimerDocuments

/// Reading, attaching and indexing a subject's documents, shared by `generate --doc`, `batch`
/// and `docs`.
public enum SubjectDocuments {
    /// Extracts every file first, so a bad file stops the command before anything is stored.
    public static func extract(_ paths: [String]) throws -> [ExtractedDocument] {
        try paths.map { path in
            do {
                return try DocumentExtractor.extract(file: URL(fileURLWithPath: path))
            } catch let error as DocumentError {
                throw WorkspaceError("\(error)")
            }
        }
    }

    /// Stores the documents under the subject; returns one line per document.
    public static func attach(_ documents: [ExtractedDocument], to subjectID: Int64, store: any DocumentStore) async throws -> [String] {
        var lines: [String] = []
        for document in documents {
            let result = try await store.addDocument(
                subjectID: subjectID, name: document.name, format: document.format.rawValue,
                text: document.storedText, contentHash: document.contentHash)
            lines.append(result.added
                ? "Attached \(document.name) (\(document.format.rawValue), \(document.text.count) characters\(document.pages.map { ", \($0.count) pages" } ?? ""))"
                : "\(document.name) is already attached (same content as \(result.document.name)); nothing changed")
        }
        return lines
    }

    /// The grounding built from all of the subject's stored documents, or nil when it has none.
    public static func grounding(subjectID: Int64, store: any DocumentStore, budget: Int = DocumentGrounding.defaultBudget) async throws -> (any GroundingSource)? {
        let stored = try await store.documents(subjectID: subjectID)
        guard !stored.isEmpty else { return nil }
        return DocumentGrounding(
            documents: stored.map { ExtractedDocument(name: $0.name, format: DocumentFormat(rawValue: $0.format) ?? .text, storedText: $0.text) },
            budget: budget)
    }
}
