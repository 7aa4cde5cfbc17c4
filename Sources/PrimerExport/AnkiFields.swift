import Foundation

/// The two fields of the Basic note an item becomes, as HTML.
///
/// Quiz questions are Basic notes too (one card each, studied like any other card):
/// Front = the question, a blank line, then the lettered choices, one per line;
/// Back = the answer letter and text in bold, a blank line, then the explanation.
extension StudyItem {
    public var ankiFront: String {
        guard family == .question else { return AnkiHTML.escape(front) }
        let choiceLines = choices.enumerated().map { "\(StudyItems.letter($0.offset))) \(AnkiHTML.escape($0.element))" }
        return ([AnkiHTML.escape(front)] + (choiceLines.isEmpty ? [] : [""] + choiceLines)).joined(separator: "<br>")
    }

    public var ankiBack: String {
        guard family == .question else { return AnkiHTML.escape(back) }
        let answer = correctIndex == nil ? "<b>No answer given</b>" : "<b>\(answerLetter)) \(AnkiHTML.escape(back))</b>"
        let explanation = explanation.trimmingCharacters(in: .whitespacesAndNewlines)
        return explanation.isEmpty ? answer : answer + "<br><br>" + AnkiHTML.escape(explanation)
    }
}
