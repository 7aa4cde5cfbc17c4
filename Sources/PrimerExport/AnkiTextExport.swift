import Foundation
import PrimerCore

/// Anki's text import (2.1.54+): UTF-8, tab separated, with header lines telling Anki the
/// separator, that fields are HTML, and which columns hold the guid, the note type, the deck and
/// the tags. Columns: 1 guid, 2 note type (`Basic`, or `Cloze` for cloze notes: Text and Back
/// Extra), 3 deck (`Subject::Topic::Subtopic`), 4 Front, 5 Back, 6 tags.
///
/// Fields are HTML-escaped with newlines as `<br>` and tabs as `&#9;`, so they never hold the
/// separator, a line break or a quote. The guid comes first: it is base62, so no line starts
/// with `#` (a comment to Anki). The guids are the ones the .apkg export uses.
public enum AnkiTextExport {
    public static let headers = [
        "#separator:tab",
        "#html:true",
        "#guid column:1",
        "#notetype column:2",
        "#deck column:3",
        "#tags column:6",
    ]

    public static func render(_ kits: [Kit], learner: LearnerRecords = LearnerRecords()) -> String {
        var lines = headers
        for item in StudyItems.collect(kits) {
            lines.append([
                item.guid, item.shape == .cloze ? "Cloze" : "Basic", item.deckName, item.ankiFront, item.ankiBack, learner.tags(of: item).joined(separator: " "),
            ].map(quoted).joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Deck names are not HTML; one holding a quote is quoted CSV-style (a quote doubled).
    static func quoted(_ field: String) -> String {
        let needsQuotes = field.unicodeScalars.contains { $0 == "\t" || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        return needsQuotes ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }
}
