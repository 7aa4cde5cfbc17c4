/// One field of an item as a reader shows it by name: a text, a number (a choice's
/// `correctIndex`) or a list of texts.
public enum ItemFieldValue: Sendable, Equatable {
    case text(String)
    case number(Int)
    case list([String])
}

extension ItemContent {
    /// The item's fields by the names `encodeFields` writes to the store (`items.fields`), an
    /// absent hint left out as it is there: for readers that show the fields one by one (the
    /// API's `fields`), without writing JSON to read it back (a tenth of a rating's server CPU).
    /// `ItemFieldValuesTests` holds the two equal for every shape.
    public var fieldValues: [String: ItemFieldValue] {
        switch self {
        case .lesson(let text):
            return ["body": .text(text)]
        case .pair(let item):
            var fields: [String: ItemFieldValue] = ["front": .text(item.front), "back": .text(item.back)]
            if let hint = item.hint { fields["hint"] = .text(hint) }
            return fields
        case .choice(let item):
            return [
                "question": .text(item.question), "choices": .list(item.choices), "correctIndex": .number(item.correctIndex),
                "explanation": .text(item.explanation),
            ]
        case .cloze(let item):
            return ["text": .text(item.text), "extra": .text(item.extra)]
        case .shaped(let item):
            return item.fields.mapValues { value in
                switch value {
                case .text(let text): .text(text)
                case .list(let items): .list(items)
                }
            }
        }
    }
}
