import Foundation
import PrimerCore

/// The two fields of the note an item becomes, as HTML: Front and Back of a Basic note, or Text
/// (with its `{{c1::…}}` deletions, which escaping leaves alone) and Back Extra of a Cloze note.
///
/// Quiz questions are Basic notes too (one card each, studied like any other card):
/// Front = the question, a blank line, then the lettered choices, one per line;
/// Back = the answer letter and text in bold, a blank line, then the explanation.
extension StudyItem {
    public var ankiFront: String {
        guard shape == .choice else { return AnkiHTML.escape(front) }
        let choiceLines = choices.enumerated().map { "\(ChoiceLetter.of($0.offset))) \(AnkiHTML.escape($0.element))" }
        return ([AnkiHTML.escape(front)] + (choiceLines.isEmpty ? [] : [""] + choiceLines)).joined(separator: "<br>")
    }

    public var ankiBack: String {
        guard shape == .choice else { return AnkiHTML.escape(back) }
        let answer = correctIndex == nil ? "<b>No answer given</b>" : "<b>\(answerLetter)) \(AnkiHTML.escape(back))</b>"
        let explanation = explanation.trimmingCharacters(in: .whitespacesAndNewlines)
        return explanation.isEmpty ? answer : answer + "<br><br>" + AnkiHTML.escape(explanation)
    }
}
