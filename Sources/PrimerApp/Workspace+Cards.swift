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

    static func required(_ text: String, _ side: String) throws -> String {
        let trimmed = text.trimmedWhitespace
        if trimmed.isEmpty { throw WorkspaceError("\(side) is empty; a card needs text on both sides") }
        return trimmed
    }
}
