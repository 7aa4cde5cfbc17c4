import PrimerCore

/// The JSON quiz format: an array (or `{"questions": […]}`) of objects with the question, its
/// choices as an array or a `{"A": …}` object, the answer as a letter, a 0-based index or the
/// choice's text, and an explanation. Key spellings vary between models, so several are
/// accepted.
extension QuizParser {
    static func fromJSON(_ json: Any) -> [ChoiceItem] {
        let items = JSONAccess.items(json, containers: ["questions", "quiz", "items", "mcqs"]) ?? []
        return items.compactMap { item in
            guard let object = item as? [String: Any],
                let question = JSONAccess.string(object, ["question", "q", "prompt", "stem", "text"]),
                !question.isEmpty
            else { return nil }
            let (choices, flagged) = choiceList(
                JSONAccess.value(object, ["choices", "options", "answers", "alternatives"]))
            guard !choices.isEmpty else { return nil }
            let answer = JSONAccess.value(object, [
                "correct_index", "answer_index", "correct_option_index", "answer", "correct",
                "correct_answer", "correct_option", "solution", "key",
            ])
            var explanation = JSONAccess.string(object, ["explanation", "rationale", "reason", "explain"]) ?? ""
            var correct = flagged ?? -1
            if let (index, rest) = resolve(answer, choices: choices) {
                correct = index
                if explanation.isEmpty { explanation = rest }
            }
            return ChoiceItem(
                question: question, choices: choices, correctIndex: correct, explanation: explanation)
        }
    }

    /// An integer is a 0-based index; a string is a letter or the choice's text.
    private static func resolve(_ answer: Any?, choices: [String]) -> (Int, String)? {
        switch answer {
        case let number as Int where choices.indices.contains(number):
            return (number, "")
        case let text as String:
            if let number = Int(LineSyntax.trim(text)), choices.indices.contains(number) {
                return (number, "")
            }
            return QuizAnswerKey.resolve(text, choices: choices).map { ($0.index, $0.rest) }
        default:
            return nil
        }
    }

    /// Choices as strings without letter prefixes or markers, and the one flagged correct
    /// (`{"text": …, "correct": true}` or a marker in the text), if any.
    private static func choiceList(_ value: Any?) -> ([String], Int?) {
        var entries: [(text: String, flagged: Bool)] = []
        if let array = value as? [Any] {
            for element in array {
                if let text = element as? String {
                    entries.append((text, false))
                } else if let object = element as? [String: Any],
                    let text = JSONAccess.string(object, ["text", "choice", "option", "answer", "label"])
                {
                    let flag = JSONAccess.value(object, ["correct", "is_correct", "isCorrect"]) as? Bool
                    entries.append((text, flag ?? false))
                }
            }
        } else if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                if let text = object[key] as? String { entries.append((text, false)) }
            }
        }
        var choices: [String] = []
        var flagged: [Int] = []
        for (index, entry) in entries.enumerated() {
            var text = LineSyntax.trim(LineSyntax.stripBold(entry.text))
            if let match = text.prefixMatch(of: quizParserJSONPattern0) {
                text = String(text[match.range.upperBound...])
            }
            let (clean, marked) = QuizAnswerKey.stripMarker(text)
            choices.append(clean)
            if marked || entry.flagged { flagged.append(index) }
        }
        return (choices, flagged.count == 1 ? flagged[0] : nil)
    }
}

// Regex literals are compiled each time they are evaluated; these are built once (they are
// immutable, hence safe to share).

nonisolated(unsafe) private let quizParserJSONPattern0 = /(?:\([A-Ha-h]\)|[A-H][).:])\s+/
