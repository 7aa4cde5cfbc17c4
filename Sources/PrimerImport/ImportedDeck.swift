import Foundation
import PrimerCore

/// The formats `primer import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// Comma- (or semicolon-) separated, quoted as RFC 4180: `Question,Answer`, `Front,Back,Tags`.
    case csv
    /// Tab-separated term and definition, one per line, unquoted: Quizlet's export.
    case quizlet
    /// Anki's plain-text export (`#separator:tab`, `#notetype column:2`, …), also Primer's anki-text.
    case ankiText = "anki-text"
    /// An Anki package (`.apkg`), with its review history.
    case apkg
}

/// One card read from a file: where its deck puts it, what it asks, its tags and the reviews
/// the app that held it recorded.
public struct ImportedCard: Sendable, Equatable {
    /// The deck path (`Biology::Cells` is `["Biology", "Cells"]`); empty when the file has none.
    public var deck: [String]
    /// A pair (front and back) or a cloze note with one deletion number.
    public var content: ItemContent
    public var tags: [String]
    /// Oldest first; empty for a card never reviewed.
    public var reviews: [PastReview]

    public init(deck: [String] = [], content: ItemContent, tags: [String] = [], reviews: [PastReview] = []) {
        self.deck = deck
        self.content = content
        self.tags = tags
        self.reviews = reviews
    }
}

/// One of the learner's notes (a `Note,Context` CSV row): a fact in their words, for the model to
/// write cards from, and where it belongs.
public struct ImportedNote: Sendable, Equatable {
    public var note: String
    /// The note's context (a chapter, a lecture, a topic); empty when the file gives none.
    public var context: String

    public init(note: String, context: String = "") {
        self.note = note
        self.context = context
    }
}

/// What a file held: its cards — or its notes, when it holds notes rather than cards — and what
/// it had that cannot be studied here, counted by why (`"only images or sound": 3`).
public struct ImportedDeck: Sendable, Equatable {
    public var format: ImportFormat
    public var cards: [ImportedCard]
    public var notes: [ImportedNote]
    public var unreadable: [String: Int]

    public init(format: ImportFormat, cards: [ImportedCard], notes: [ImportedNote] = [], unreadable: [String: Int] = [:]) {
        self.format = format
        self.cards = cards
        self.notes = notes
        self.unreadable = unreadable
    }
}
