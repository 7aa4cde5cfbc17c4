import Foundation
import PrimerApp
import PrimerCore

extension PrimerAPI {
    func listItems(_ input: Operations.ListItems.Input) async throws -> Operations.ListItems.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        var cards = try await workspace.studyCards(subject: subject.title, subtopic: input.query.subtopic)
        if let family = input.query.family { cards = cards.filter { $0.family == family } }
        return .ok(.init(body: .json(.init(items: cards.map(Self.schema)))))
    }

    func createItem(_ input: Operations.CreateItem.Input) async throws -> Operations.CreateItem.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the item as JSON.") }
        let library = try await workspace.library()
        let subtopic: SubtopicID
        if let id = body.subtopicId {
            guard try await library.place(of: SubtopicID(id)).subjectID == subject.id else { throw APIError.notFound("subtopic in this subject") }
            subtopic = SubtopicID(id)
        } else if let title = body.subtopic {
            subtopic = try await library.subtopic(named: title, in: SubjectID(subject.id))
        } else {
            throw APIError.invalid("Name the subtopic: subtopicId (GET /api/subjects/{id}/topics lists them) or its title as subtopic.")
        }
        let content: ItemContent
        if let shape = body.shape {
            guard body.front == nil, body.back == nil, body.hint == nil, let fields = body.fields else {
                throw APIError.invalid("Send an item either as shape and fields, or as a card's front and back — not both.")
            }
            content = try ItemFieldsInput.content(shape: shape, fieldsJSON: try Self.json(fields))
        } else {
            guard let front = body.front, let back = body.back, body.fields == nil else {
                throw APIError.invalid("Send a card's front and back, or an item's shape and fields.")
            }
            try Self.checkLengths(front: front, back: back, hint: body.hint)
            content = .pair(PairItem(front: front, back: back, hint: body.hint.flatMap { $0.trimmedWhitespace.isEmpty ? nil : $0.trimmedWhitespace }))
        }
        let card = try await library.addItem(to: subtopic, family: body.family, content: content)
        return .created(.init(body: .json(Self.schema(card))))
    }

    func getItem(_ input: Operations.GetItem.Input) async throws -> Operations.GetItem.Output {
        let (account, workspace) = try caller()
        _ = try await ownedItem(input.path.itemId, of: account)
        return .ok(.init(body: .json(Self.schema(try await workspace.studyCard(ItemKey.of(input.path.itemId))))))
    }

    func updateItem(_ input: Operations.UpdateItem.Input) async throws -> Operations.UpdateItem.Output {
        let (account, workspace) = try caller()
        _ = try await ownedItem(input.path.itemId, of: account)
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the change as JSON.") }
        if let fields = body.fields {
            guard body.front == nil, body.back == nil, body.hint == nil, body.text == nil, body.extra == nil else {
                throw APIError.invalid("Send either all of the item's fields, or some of a card's sides — not both.")
            }
            let library = try await workspace.library()
            let id = ItemID(input.path.itemId)
            let shape = try await library.item(id).content.shape
            let card = try await library.edit(id, content: try ItemFieldsInput.content(shape: shape.rawValue, fieldsJSON: try Self.json(fields)))
            return .ok(.init(body: .json(Self.schema(card))))
        }
        try Self.checkLengths(front: body.front, back: body.back, hint: body.hint, text: body.text, extra: body.extra)
        let card = try await workspace.editCard(
            ItemKey.of(input.path.itemId), CardEdit(front: body.front, back: body.back, hint: body.hint, text: body.text, extra: body.extra))
        return .ok(.init(body: .json(Self.schema(card))))
    }

    /// The one length rule for what a client writes into an item, on create and on edit alike.
    static func checkLengths(front: String?, back: String?, hint: String?, text: String? = nil, extra: String? = nil) throws {
        let limits: [(String, String?, Int)] = [("front", front, 2_000), ("back", back, 2_000), ("hint", hint, 500), ("text", text, 4_000), ("extra", extra, 2_000)]
        for (field, value, limit) in limits where (value ?? "").count > limit {
            throw APIError.invalid("An item's \(field) is at most \(limit) characters; this one has \((value ?? "").count).")
        }
    }

    func deleteItem(_ input: Operations.DeleteItem.Input) async throws -> Operations.DeleteItem.Output {
        let (account, workspace) = try caller()
        _ = try await ownedItem(input.path.itemId, of: account)
        _ = try await workspace.library().delete([ItemID(input.path.itemId)])
        return .noContent(.init())
    }

    func markVocab(_ input: Operations.MarkVocab.Input) async throws -> Operations.MarkVocab.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send {\"known\": true} or false as JSON.") }
        let card = try await workspace.study().markKnown(ItemID(input.path.itemId), known: body.known)
        return .ok(.init(body: .json(Self.schema(card))))
    }
}
