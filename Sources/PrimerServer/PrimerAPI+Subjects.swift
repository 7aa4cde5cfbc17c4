import Foundation
import PrimerApp
import PrimerCore

extension PrimerAPI {
    func listSubjects(_ input: Operations.ListSubjects.Input) async throws -> Operations.ListSubjects.Output {
        let (_, workspace) = try caller()
        return .ok(.init(body: .json(.init(subjects: try await subjectSchemas(workspace)))))
    }

    func createSubject(_ input: Operations.CreateSubject.Input) async throws -> Operations.CreateSubject.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the subject as JSON.") }
        let title = SubjectTitle.normalized(body.title)
        guard (1...200).contains(title.count) else { throw APIError.invalid("A subject's title is 1 to 200 characters.") }
        guard (body.notes ?? "").count <= 20_000, (body.instructions ?? "").count <= 5_000 else {
            throw APIError.invalid("Notes are at most 20,000 characters and instructions at most 5,000.")
        }
        let color = body.color ?? ""
        guard color.isEmpty || color.wholeMatch(of: /#[0-9A-Fa-f]{6}/) != nil else {
            throw APIError.invalid("A colour is written #rrggbb (such as #3366ff), not ‘\(color.prefix(20))’.")
        }
        guard (body.icon ?? "").count <= 40 else { throw APIError.invalid("An icon's name is at most 40 characters.") }
        let subject = try await workspace.createSubject(
            title: title, notes: body.notes ?? "", kind: body.kind.map { SubjectKind(rawValue: $0.rawValue) ?? .general } ?? .general,
            instructions: body.instructions ?? "", color: color, icon: body.icon ?? "")
        return .created(.init(body: .json(try await subjectSchema(subject.id, workspace))))
    }

    func getSubject(_ input: Operations.GetSubject.Input) async throws -> Operations.GetSubject.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        return .ok(.init(body: .json(try await subjectSchema(subject.id, workspace))))
    }

    func deleteSubject(_ input: Operations.DeleteSubject.Input) async throws -> Operations.DeleteSubject.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        await jobs.cancel(subjectID: subject.id)
        try await workspace.deleteSubject(titled: subject.title)
        return .noContent(.init())
    }

    /// One of the caller's subjects as the API shows it.
    func subjectSchema(_ id: Int64, _ workspace: Workspace) async throws -> Components.Schemas.Subject {
        guard let subject = try await subjectSchemas(workspace).first(where: { $0.id == id }) else { throw APIError.notFound("subject") }
        return subject
    }

    /// The caller's subjects with their counts and knowledge, by title.
    func subjectSchemas(_ workspace: Workspace) async throws -> [Components.Schemas.Subject] {
        let library = try await workspace.library()
        let summaries = try await workspace.subjects()
        let progress = Dictionary(try await workspace.progress().map { ($0.progress.title, $0.progress) }, uniquingKeysWith: { a, _ in a })
        var schemas: [Components.Schemas.Subject] = []
        for summary in summaries {
            let stored = try? await library.subject(SubjectID(summary.id))
            let deck = progress[summary.title]
            schemas.append(
                .init(
                    id: summary.id, title: summary.title, notes: stored?.notes ?? "", instructions: stored?.instructions ?? "",
                    kind: summary.kind.rawValue, color: summary.color, icon: summary.icon, topics: summary.topics,
                    subtopics: summary.subtopics, items: deck?.cards ?? 0, due: (deck?.dueToday ?? 0) + (deck?.new ?? 0),
                    knowledgePercent: deck?.knowledgePercent ?? 0))
        }
        return schemas
    }
}
