import Foundation
import PrimerCore

/// A field's text as a card holds it: Anki's HTML turned into plain text (line breaks kept,
/// tags dropped, entities decoded), whitespace trimmed, and held to the field size limit.
enum CardText {
    static func fromHTML(_ html: String) -> String {
        var text = html.replacing(/(?i)<br\s*\/?>|<\/(div|p|li|h[1-6])>/, with: "\n")
        text = text.replacing(/\[sound:[^\]]*\]/, with: "")
        return tidy(AnkiHTML.strip(text))
    }

    /// Trims each line and drops runs of blank lines.
    static func tidy(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{a0}", with: " ").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
            .replacing(/\n{3,}/, with: "\n\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func checked(_ text: String, _ where_: @autoclosure () -> String, limits: ImportLimits) throws -> String {
        guard text.utf8.count <= limits.fieldBytes else {
            throw ImportError(
                .tooLarge, "\(where_()): a field of \(text.utf8.count / 1024) KB; a card's field is at most \(limits.fieldBytes / 1024) KB")
        }
        return text
    }

    /// Tags written as Anki writes them (space-separated) or as people do in spreadsheets (commas
    /// or semicolons between them).
    static func tags(_ text: String) -> [String] {
        var seen = Set<String>()
        return text.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == ";" }).map(String.init)
            .filter { seen.insert($0.lowercased()).inserted }
    }

    /// A card of a front and a back; a front that is a cloze note (`{{c1::…}}`) is a cloze card,
    /// its back the extra. Nil when a side is empty.
    static func content(front: String, back: String, hint: String? = nil) -> ItemContent? {
        if !front.isEmpty, ClozeText.problem(front) == nil { return .cloze(ClozeItem(text: front, extra: back)) }
        guard !front.isEmpty, !back.isEmpty else { return nil }
        return .pair(PairItem(front: front, back: back, hint: hint.flatMap { $0.isEmpty ? nil : $0 }))
    }
}
