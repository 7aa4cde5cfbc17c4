import Foundation
import PrimerCore

/// What `cards edit` changes: the fields given, the others kept.
public struct CardEdit: Sendable {
    public var front: String?
    public var back: String?
    public var hint: String?
    public var text: String?
    public var extra: String?

    public init(front: String? = nil, back: String? = nil, hint: String? = nil, text: String? = nil, extra: String? = nil) {
        self.front = front
        self.back = back
        self.hint = hint
        self.text = text
        self.extra = extra
    }

    var isEmpty: Bool { [front, back, hint, text, extra].allSatisfy { $0 == nil } }
}

extension Workspace {
    /// Adds a flashcard the learner wrote to a subtopic, in `family` (default: flashcards).
    public func addCard(
        subject: String, subtopic: String, front: String, back: String, hint: String? = nil, family: String = "flashcards"
    ) async throws -> StudyCard {
        let front = try Self.required(front, "the front"), back = try Self.required(back, "the back")
        let families = try locations.families(config: config)
        let pairFamilies = families.families.filter { $0.shape == .pair }.map(\.name)
        guard pairFamilies.contains(family) else {
            let declared = families.family(named: family)
            throw WorkspaceError(
                declared == nil ? .notFound : .invalid,
                (declared.map { "family '\($0.name)' holds \($0.shape.rawValue) items" } ?? "there is no family '\(family.excerpt(40))'")
                    + "; cards add writes flashcards (front and back) into one of: \(pairFamilies.joined(separator: ", "))")
        }
        let store = try await store()
        guard let stored = try await store.subject(titled: subject) else { throw Self.noSubject(subject) }
        let match = try await Self.subtopic(subtopic, of: stored, in: store)
        let hint = hint.map(\.trimmedWhitespace).flatMap { $0.isEmpty ? nil : $0 }
        let id = try await store.addItem(
            subjectID: stored.id, subtopicID: match.id, family: family,
            content: .pair(PairItem(front: front, back: back, hint: hint)), at: Date())
        guard let card = try await store.studyCard(id: id) else { throw WorkspaceError(.notFound, "the new card was deleted meanwhile") }
        return card
    }

    /// Changes a card's text; its review history and schedule stay, and regeneration keeps it.
    public func editCard(_ key: String, _ edit: CardEdit) async throws -> StudyCard {
        if edit.isEmpty { throw WorkspaceError("say what to change: the front, back or hint (flashcards, terms), or the text or extra (cloze notes)") }
        var card = try await studyCard(key)
        switch card.content {
        case .pair(var item):
            if edit.text != nil || edit.extra != nil { throw WorkspaceError("item \(card.key) is a \(card.family) card: change its front, back or hint") }
            if let front = edit.front { item.front = try Self.required(front, "the front") }
            if let back = edit.back { item.back = try Self.required(back, "the back") }
            if let hint = edit.hint { item.hint = hint.trimmedWhitespace.isEmpty ? nil : hint.trimmedWhitespace }
            card.content = .pair(item)
        case .cloze(var item):
            if edit.front != nil || edit.back != nil || edit.hint != nil { throw WorkspaceError("item \(card.key) is a cloze note: change its text or extra") }
            if let text = edit.text {
                let text = try Self.required(text, "the text")
                if let problem = ClozeText.problem(text) {
                    throw WorkspaceError("the text is not a cloze note: \(problem)")
                }
                item.text = text
            }
            if let extra = edit.extra { item.extra = extra.trimmedWhitespace }
            card.content = .cloze(item)
        case .choice, .lesson, .shaped:
            throw WorkspaceError("item \(card.key) is a \(card.content.shape.rawValue) item; cards edit changes flashcards, terms and cloze notes")
        }
        try await store().editItem(id: card.id, content: card.content, at: Date())
        card.edited = true
        return card
    }

    /// Deletes a card with its schedule; its reviews stay in the log.
    public func deleteCard(_ key: String) async throws -> StudyCard {
        let card = try await studyCard(key)
        try await store().deleteItem(id: card.id)
        return card
    }

    static func required(_ text: String, _ side: String) throws -> String {
        let trimmed = text.trimmedWhitespace
        if trimmed.isEmpty { throw WorkspaceError("\(side) is empty; a card needs text on both sides") }
        return trimmed
    }
}
