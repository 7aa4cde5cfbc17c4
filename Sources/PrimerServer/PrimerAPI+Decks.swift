import Foundation
import PrimerApp
import PrimerCore

/// Decks by hand: the subject's plan and its lessons, over the application's `Library` — which
/// finds only the caller's rows, so another account's id is a 404 from below HTTP.
extension PrimerAPI {
    func updateSubject(_ input: Operations.UpdateSubject.Input) async throws -> Operations.UpdateSubject.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the change as JSON.") }
        let change = SubjectChange(
            title: body.title, notes: body.notes, kind: body.kind.map { SubjectKind(rawValue: $0.rawValue) ?? .general },
            instructions: body.instructions, color: body.color, icon: body.icon)
        let subject = try await workspace.library().update(SubjectID(input.path.subjectId), change)
        return .ok(.init(body: .json(try await subjectSchema(subject.id, workspace))))
    }

    func getPlan(_ input: Operations.GetPlan.Input) async throws -> Operations.GetPlan.Output {
        let (_, workspace) = try caller()
        let id = SubjectID(input.path.subjectId)
        let topics = try await workspace.library().plan(id)
        return .ok(.init(body: .json(.init(topics: topics.map { Self.schema($0, subject: id) }))))
    }

    func addTopic(_ input: Operations.AddTopic.Input) async throws -> Operations.AddTopic.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the topic as JSON.") }
        let id = SubjectID(input.path.subjectId)
        let topic = try await workspace.library().addTopic(to: id, title: body.title, overview: body.overview ?? "")
        return .created(.init(body: .json(Self.schema(topic, subject: id))))
    }

    func changeTopic(_ input: Operations.ChangeTopic.Input) async throws -> Operations.ChangeTopic.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the change as JSON.") }
        let library = try await workspace.library()
        let id = TopicID(input.path.topicId)
        let topic = try await library.change(id, PlanChange(title: body.title, overview: body.overview, position: body.position))
        let place = try await library.topicSubject(id)
        return .ok(.init(body: .json(Self.schema(topic, subject: place))))
    }

    func deleteTopic(_ input: Operations.DeleteTopic.Input) async throws -> Operations.DeleteTopic.Output {
        let (_, workspace) = try caller()
        try await workspace.library().delete(TopicID(input.path.topicId))
        return .noContent(.init())
    }

    func addSubtopic(_ input: Operations.AddSubtopic.Input) async throws -> Operations.AddSubtopic.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the subtopic as JSON.") }
        let subtopic = try await workspace.library().addSubtopic(to: TopicID(input.path.topicId), title: body.title)
        return .created(.init(body: .json(.init(id: subtopic.id, title: subtopic.title, topicId: input.path.topicId))))
    }

    func changeSubtopic(_ input: Operations.ChangeSubtopic.Input) async throws -> Operations.ChangeSubtopic.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the change as JSON.") }
        let library = try await workspace.library()
        let id = SubtopicID(input.path.subtopicId)
        let place = try await library.change(id, PlanChange(title: body.title, position: body.position, topicID: body.topicId))
        let topic = try await library.topic(TopicID(place.topicID))
        let title = topic.subtopics.first { $0.id == id.rawValue }?.title ?? ""
        return .ok(.init(body: .json(.init(id: id.rawValue, title: title, topicId: place.topicID))))
    }

    func deleteSubtopic(_ input: Operations.DeleteSubtopic.Input) async throws -> Operations.DeleteSubtopic.Output {
        let (_, workspace) = try caller()
        try await workspace.library().delete(SubtopicID(input.path.subtopicId))
        return .noContent(.init())
    }

    func getLesson(_ input: Operations.GetLesson.Input) async throws -> Operations.GetLesson.Output {
        let (_, workspace) = try caller()
        return .ok(.init(body: .json(try await lessonSchema(SubtopicID(input.path.subtopicId), try await workspace.library()))))
    }

    func writeLesson(_ input: Operations.WriteLesson.Input) async throws -> Operations.WriteLesson.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the lesson as JSON: {\"text\": \"…\"}.") }
        let library = try await workspace.library()
        let id = SubtopicID(input.path.subtopicId)
        _ = try await library.writeLesson(id, text: body.text)
        return .ok(.init(body: .json(try await lessonSchema(id, library))))
    }

    func placeItems(_ input: Operations.PlaceItems.Input) async throws -> Operations.PlaceItems.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the items as JSON: {\"items\": [id, …]}.") }
        try await workspace.library().place(body.items.map { ItemID($0) }, in: SubtopicID(input.path.subtopicId))
        return .noContent(.init())
    }

    func deleteItems(_ input: Operations.DeleteItems.Input) async throws -> Operations.DeleteItems.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the items as JSON: {\"items\": [id, …]}.") }
        return .ok(.init(body: .json(.init(deleted: try await workspace.library().delete(body.items.map { ItemID($0) })))))
    }

    func itemHistory(_ input: Operations.ItemHistory.Input) async throws -> Operations.ItemHistory.Output {
        let (_, workspace) = try caller()
        let revisions = try await workspace.library().history(ItemID(input.path.itemId))
        return .ok(.init(body: .json(.init(revisions: revisions.map(Self.schema)))))
    }

    func lessonSchema(_ id: SubtopicID, _ library: Library) async throws -> Components.Schemas.Lesson {
        let text = try await library.lesson(id)
        let revisions = try await library.lessonHistory(id)
        return .init(subtopicId: id.rawValue, text: text ?? "", revisions: revisions.map(Self.schema))
    }

    static func schema(_ topic: StoredTopic, subject: SubjectID) -> Components.Schemas.Topic {
        .init(
            id: topic.id, subjectId: subject.rawValue, title: topic.title, overview: topic.overview,
            subtopics: topic.subtopics.map { .init(id: $0.id, title: $0.title, topicId: topic.id) })
    }

    static func schema(_ revision: ItemRevision) -> Components.Schemas.Revision {
        .init(fields: itemFields(revision.content), replacedAt: revision.replacedAt)
    }

    /// An item's fields as `ItemFields` (numbers as numbers).
    static func itemFields(_ content: ItemContent) -> Components.Schemas.ItemFields {
        .init(additionalProperties: content.fieldValues.mapValues { value in
            switch value {
            case .text(let text): .case1(text)
            case .number(let number): .case2(number)
            case .list(let items): .case3(items)
            }
        })
    }

    /// `ItemFields` as the JSON object text the application reads.
    static func json(_ fields: Components.Schemas.ItemFields) throws -> String {
        var object: [String: Any] = [:]
        for (name, value) in fields.additionalProperties {
            switch value {
            case .case1(let text): object[name] = text
            case .case2(let number): object[name] = number
            case .case3(let list): object[name] = list
            }
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
}
