import Foundation
import PrimerCore

/// The CSV export (RFC 4180): a header row, then a row per item (pair, choice or cloze).
/// Lines end in CRLF; a field is quoted when it holds a comma, a quote, CR or LF, and quotes
/// inside are doubled. Fields are plain text.
///
/// A field starting with `=`, `+`, `-`, `@`, a tab or CR gets a `'` in front (OWASP's rule
/// against CSV injection): a spreadsheet would otherwise run model text like `=HYPERLINK(…)` as
/// a formula. Spreadsheets show such a cell as text without the quote.
///
/// Columns: subject, topic, subtopic, family (the family's name), shape (pair | choice | cloze),
/// front, back, hint, choices, answer, explanation, sources.
/// - pair: front/back (a term and its definition, a word and its translation), hint if any;
/// - cloze: front = the text with its `{{c1::…}}` deletions, back = the extra text;
/// - choice: front = question, back = the correct choice's text, choices = the lettered
///   choices one per line (`A) …`), answer = the letter, explanation;
/// - sources: the subtopic's cited URLs, one per line.
public enum CSVKitExport {
    public static let columns = [
        "subject", "topic", "subtopic", "family", "shape", "front", "back", "hint", "choices", "answer", "explanation", "sources",
    ]

    public static func render(_ kits: [Kit]) -> String {
        var rows = [columns]
        for item in StudyItems.collect(kits) {
            rows.append([
                item.subject, item.topic, item.subtopic, item.family, item.shape.rawValue, item.front, item.back, item.hint ?? "",
                item.choices.enumerated().map { "\(ChoiceLetter.of($0.offset))) \($0.element)" }.joined(separator: "\n"),
                item.answerLetter, item.explanation,
                item.sources.map(\.url).joined(separator: "\n"),
            ])
        }
        return rows.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// The characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// One field: defused when a spreadsheet would take it for a formula, then quoted when
    /// RFC 4180 requires it.
    public static func field(_ text: String) -> String {
        let text = text.unicodeScalars.first.map(formulaStarts.contains) == true ? "'" + text : text
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
