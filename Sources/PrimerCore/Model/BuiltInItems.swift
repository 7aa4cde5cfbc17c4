/// The items of the built-in list shapes: `pair`, `choice`, `cloze` (a registered shape's items
/// are `ShapedItem`s).

/// One item of the `pair` shape: a flashcard (question, answer), a glossary term (term,
/// definition), a vocabulary entry (word, translation). The family names the two sides.
public struct PairItem: Sendable, Equatable, Codable {
    public var front: String
    public var back: String
    /// A nudge shown on request before the back, when the family asks for one.
    public var hint: String?
    public init(front: String, back: String, hint: String? = nil) {
        self.front = front
        self.back = back
        self.hint = hint
    }
}

/// One item of the `choice` shape: a multiple-choice question, one choice correct, with an
/// explanation of why. True/false is a choice with two choices.
public struct ChoiceItem: Sendable, Equatable, Codable {
    public var question: String
    public var choices: [String]
    /// Index into `choices`, or -1 when the answer gave no valid marker (a gate rejects it).
    public var correctIndex: Int
    public var explanation: String
    public init(question: String, choices: [String], correctIndex: Int, explanation: String) {
        self.question = question
        self.choices = choices
        self.correctIndex = correctIndex
        self.explanation = explanation
    }
}

/// One item of the `cloze` shape: a text with numbered deletions written as Anki writes them,
/// `{{c1::answer}}` or `{{c1::answer::hint}}`; each number is one card.
public struct ClozeItem: Sendable, Equatable, Codable {
    public var text: String
    /// Extra text shown on the back of every card of the note.
    public var extra: String
    public init(text: String, extra: String = "") {
        self.text = text
        self.extra = extra
    }
}
