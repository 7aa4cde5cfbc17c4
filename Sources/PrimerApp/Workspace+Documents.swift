import Foundation
import PrimerCore
import PrimerDocuments

/// The documents a subject's kit is grounded on: attach, list, remove (`primer docs`).
extension Workspace {
    /// What attaching documents did: one line per document, and whether a plan made before them
    /// is stored (it follows the documents only once it is made again).
    public struct AttachedDocuments: Sendable {
        public var subject: StoredSubject
        public var documents: [DocumentAttachment]
        public var planMadeBefore: Bool
        public var lines: [String] { documents.map(\.line) }
    }

    /// Attaches the files' documents to the subject, creating the subject when it is new.
    public func attachDocuments(_ files: [String], to title: String) async throws -> AttachedDocuments {
        let documents = try await SubjectDocuments.extract(files, ocrLanguage: locations.chosenOCRLanguage)
        let store = try await store()
        let subject: StoredSubject
        if let existing = try await store.subject(titled: title) {
            subject = existing
        } else {
            let kind = SubjectClassifier.classify(title: title).kind
            subject = try await store.upsertSubject(title: title, notes: "", kind: kind, instructions: "")
        }
        let attached = try await SubjectDocuments.attach(documents, to: subject.id, store: store)
        let planMadeBefore = try await !store.plan(subjectID: subject.id).isEmpty
        return AttachedDocuments(subject: subject, documents: attached, planMadeBefore: planMadeBefore)
    }

    /// The subject's documents in the order they were attached.
    public func documents(of title: String) async throws -> (subject: StoredSubject, documents: [StoredDocument]) {
        let store = try await readingStore()
        let subject = try await Self.storedSubject(title, in: store)
        return (subject, try await store.documents(subjectID: subject.id))
    }

    /// Removes the document named `name` (or whose content hash starts with it) from the subject.
    @discardableResult
    public func removeDocument(_ name: String, from title: String) async throws -> StoredSubject {
        let store = try await store()
        let subject = try await Self.storedSubject(title, in: store)
        guard try await store.removeDocument(subjectID: subject.id, name: name) else {
            let names = try await store.documents(subjectID: subject.id).map(\.name)
            throw WorkspaceError(
                .notFound,
                "'\(subject.title)' has no document '\(name)'\(names.isEmpty ? "" : "; its documents are: \(names.joined(separator: ", "))")")
        }
        return subject
    }

    private static func storedSubject(_ title: String, in store: any KitStore) async throws -> StoredSubject {
        guard let subject = try await store.subject(titled: title) else {
            throw WorkspaceError(.notFound, "no subject titled '\(title)' in the store", cliHint: "`primer list` shows the stored subjects")
        }
        return subject
    }
}
