import Foundation
import PrimerCore

/// What an item a learner writes by hand must be, whichever front end sends it: text on every
/// side, a question with 2 to 8 choices and its key among them, a cloze with a deletion, a
/// registered shape's own rules (`ContentShape.problem`); each text within its limit.
enum ItemRules {
    static let longest = 4_000

    static func problem(_ content: ItemContent) -> String? {
        switch content {
        case .lesson: return "a lesson is written with the subtopic's lesson, not added as an item"
        case .pair(let item):
            if let problem = texts([("front", item.front), ("back", item.back)]) { return problem }
            if (item.hint ?? "").count > 500 { return "a hint is at most 500 characters" }
        case .choice(let item):
            if let problem = texts([("question", item.question)] + item.choices.enumerated().map { ("choice \(ChoiceLetter.of($0.offset))", $0.element) }) {
                return problem
            }
            guard (2...8).contains(item.choices.count) else { return "a question has 2 to 8 choices, not \(item.choices.count)" }
            guard item.choices.indices.contains(item.correctIndex) else {
                return "the correct choice is one of the \(item.choices.count) (correctIndex 0 to \(item.choices.count - 1)), not \(item.correctIndex)"
            }
            if Set(item.choices.map { $0.lowercased() }).count < item.choices.count { return "two choices are the same; each choice says something else" }
            if item.explanation.count > longest { return "an explanation is at most \(longest) characters" }
        case .cloze(let item):
            if let problem = texts([("text", item.text)]) { return problem }
            if let problem = ClozeText.problem(item.text) { return "the text is not a cloze note: \(problem)" }
            if item.extra.count > 2_000 { return "a cloze note's extra is at most 2,000 characters" }
        case .shaped(let item):
            guard let shape = ShapeRegistry.shape(item.shape) else { return "no shape named '\(item.shape)' is registered" }
            if let problem = shape.problem(with: item) { return "this \(item.shape) item does not fit its shape: \(problem)" }
        }
        return nil
    }

    private static func texts(_ fields: [(String, String)]) -> String? {
        for (name, text) in fields {
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "the \(name) is empty; write it" }
            if text.count > longest { return "the \(name) is at most \(longest) characters; this one has \(text.count)" }
            if let problem = StoredText.problem(in: text, field: "the \(name)") { return problem }
        }
        return nil
    }
}

/// What a subject's fields must be, on create and on change alike.
enum SubjectRules {
    static func problem(_ change: SubjectChange) -> String? {
        if let title = change.title, !(1...200).contains(title.count) { return "a subject's title is 1 to 200 characters" }
        if (change.notes ?? "").count > 20_000 { return "a subject's notes are at most 20,000 characters" }
        if (change.instructions ?? "").count > 5_000 { return "a subject's instructions are at most 5,000 characters" }
        if let color = change.color, !color.isEmpty, color.wholeMatch(of: /#[0-9A-Fa-f]{6}/) == nil {
            return "a colour is written #rrggbb (such as #3366ff), not ‘\(color.prefix(20))’"
        }
        if (change.icon ?? "").count > 40 { return "an icon's name is at most 40 characters" }
        for (field, text) in [("title", change.title), ("notes", change.notes), ("instructions", change.instructions), ("icon", change.icon)] {
            if let text, let problem = StoredText.problem(in: text, field: "the subject's \(field)") { return problem }
        }
        return nil
    }
}
