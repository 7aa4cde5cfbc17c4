import PrimerCore

/// How a model's answer key points at a choice: a letter ("B", "(B)", "B) bar", "Option B"), the
/// choice's text, or a marker on the choice itself ("*", "(correct)", "✓"). Shared by the text
/// and JSON quiz formats.
enum QuizAnswerKey {
    /// The index named by an answer, and any text after the letter that is not just the
    /// choice repeated ("B — because…"), which is kept as an explanation.
    static func resolve(_ answer: String, choices: [String]) -> (index: Int, rest: String)? {
        var text = LineSyntax.trim(LineSyntax.stripBold(answer))
        if let index = matchText(text, choices: choices) { return (index, "") }
        if let match = text.prefixMatch(of: quizAnswerPattern0) {
            text = String(text[match.range.upperBound...])
        }
        // A letter must stand alone ("B", "B)", "(B).", "B —") so "A cell wall" is not "A".
        guard let match = text.prefixMatch(of: quizAnswerPattern1),
            let index = letterIndex(match.output.1), index < choices.count
        else { return nil }
        var rest = LineSyntax.trim(text[match.range.upperBound...])
        rest = LineSyntax.trim(rest.drop { ".):,-–— ".contains($0) })
        if matchText(rest, choices: choices) == index { rest = "" }
        return (index, rest)
    }

    /// A–H only: in model text a later letter is rarely a choice.
    static func letterIndex(_ letter: some StringProtocol) -> Int? {
        guard letter.count == 1, let index = ChoiceLetter.index(of: letter), index < 8 else { return nil }
        return index
    }

    private static func matchText(_ text: String, choices: [String]) -> Int? {
        let wanted = normalize(text)
        guard !wanted.isEmpty else { return nil }
        return choices.firstIndex { normalize($0) == wanted }
    }

    private static func normalize(_ text: String) -> String {
        var text = LineSyntax.trim(text).lowercased()
        while let last = text.last, ".!".contains(last) { text.removeLast() }
        return text
    }

    private static let suffixMarkers = [
        "(correct answer)", "(correct)", "[correct]", "← correct", "<- correct", "- correct",
        "— correct", "✓", "✔", "✔️", "✅", "*",
    ]

    /// A choice's text without its correctness marker, and whether it had one. A leading `*`
    /// counts only without a space ("*B) bar"); "* B) bar" is a Markdown bullet.
    static func stripMarker(_ choice: String) -> (text: String, marked: Bool) {
        var text = LineSyntax.trim(choice)
        var marked = false
        var changed = true
        while changed {
            changed = false
            // Lowercased once per change of the text, not once per marker.
            var lower = text.lowercased()
            for marker in suffixMarkers where lower.hasSuffix(marker) {
                text = LineSyntax.trim(text.dropLast(marker.count))
                lower = text.lowercased()
                marked = true
                changed = true
            }
            for marker in ["✓", "✔️", "✔", "✅", "(correct)", "[correct]"] where text.hasPrefix(marker) {
                text = LineSyntax.trim(text.dropFirst(marker.count))
                marked = true
                changed = true
            }
        }
        return (text, marked)
    }
}

// Regex literals are compiled each time they are evaluated; these are built once (they are
// immutable, hence safe to share).

nonisolated(unsafe) private let quizAnswerPattern0 = /(?i)(?:option|choice)\s+/
nonisolated(unsafe) private let quizAnswerPattern1 = /\(?([A-Ha-h])\)?(?=$|[.):,]|\s+[-–—(])/
