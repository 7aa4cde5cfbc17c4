import PrimerCore

/// Text for people to read in a terminal or an exported document, with every control character
/// made visible instead of acted on.
///
/// Model answers, provider error messages and subject or topic titles are untrusted: an ESC
/// sequence in them would set the window title (`ESC ] 0 ; … BEL`), write the clipboard
/// (OSC 52) or clear the screen (`ESC [ 2 J`) when printed raw. Every human-readable output path
/// (`show`, `generate`'s progress and summary, error messages, the Markdown exports) passes its
/// text through `text(_:)`. JSON output does not: JSON escapes control characters itself.
///
/// Kept: newline and tab (layout). CRLF becomes a newline. Replaced: the other C0 characters and
/// DEL by caret notation (ESC → `^[`, BEL → `^G`, a lone CR → `^M`, DEL → `^?`), the C1
/// characters U+0080–U+009F (a single-character CSI is U+009B) by U+FFFD.
public enum TerminalSafe {
    public static func text(_ text: String) -> String {
        // Most text has nothing to replace: return it without copying.
        guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "\r" && pending == "\n" { continue }  // CRLF: the newline comes next
            guard needsReplacing(scalar) else {
                out.append(scalar)
                continue
            }
            out.append(contentsOf: visible(scalar).unicodeScalars)
        }
        return String(out)
    }

    /// Whether `scalar` is a control character other than newline and tab.
    public static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F, 0x80...0x9F: true
        default: false
        }
    }

    static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F: "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        case 0x7F: "^?"
        default: "\u{FFFD}"
        }
    }
}
