import Foundation
import PrimerCore

extension Workspace {
    /// Creates a subject without generating anything yet (what an app does before it uploads a
    /// document and starts a generation). `StoreError.taken` when the owner has one of this title.
    public func createSubject(
        title: String, notes: String = "", kind: SubjectKind = .general, instructions: String = "", color: String = "", icon: String = ""
    ) async throws -> StoredSubject {
        let subject = NewSubject(title: title, notes: notes, kind: kind, instructions: instructions, color: color, icon: icon)
        guard !subject.title.isEmpty else { throw WorkspaceError("a subject needs a title") }
        let fields = SubjectChange(title: subject.title, notes: notes, instructions: instructions, color: color, icon: icon)
        if let problem = SubjectRules.problem(fields) { throw WorkspaceError(problem) }
        return try await Library.mapped { try await store().createSubject(subject, at: Date()) }
    }
}
