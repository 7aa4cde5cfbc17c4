import Foundation
import PrimerCore

extension Workspace {
    /// Creates a subject without generating anything yet (what an app does before it uploads a
    /// document and starts a generation). `StoreError.taken` when the owner has one of this title.
    public func createSubject(
        title: String, notes: String = "", kind: SubjectKind = .general, instructions: String = "", color: String = "", icon: String = ""
    ) async throws -> StoredSubject {
        let store = try await store()
        let title = SubjectTitle.normalized(title)
        guard !title.isEmpty else { throw WorkspaceError("a subject needs a title") }
        if try await store.subject(titled: title) != nil { throw StoreError.taken("A subject titled ‘\(title)’") }
        var subject = try await store.upsertSubject(title: title, notes: notes, kind: kind, instructions: instructions)
        if !color.isEmpty || !icon.isEmpty {
            try await store.setAppearance(subjectID: subject.id, color: color, icon: icon)
            (subject.color, subject.icon) = (color, icon)
        }
        return subject
    }
}
