/// Model text made safe to put in a Markdown document (`show --format markdown`, the study
/// guide export) that a viewer may render as HTML.
///
/// Why: a lesson, title or answer is untrusted; raw HTML such as `<img src=x onerror=alert(1)>`
/// and links such as `[x](javascript:alert(1))` passed through to the reader's viewer.
/// - `<` becomes `&lt;` outside code, so no HTML tag, comment or angle-bracket autolink survives
///   (it shows as written). `>` is kept: it is harmless alone and marks block quotes.
/// - A link or image destination (`](…)`, or a reference definition's `]: …`) whose scheme is not
///   http, https or mailto, or that holds an `&` before its first `/` (an entity could spell
///   `javascript:`), gets a `#` in front: it becomes a link within the page and does nothing.
/// - Code spans and fenced code are left as they are: they are shown literally.
/// - `block` closes a fenced code block the text leaves open (see `MarkdownFence.closed`).
public enum MarkdownSafe {
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// A block of Markdown (a lesson, notes, an overview).
    public static func block(_ markdown: String) -> String {
        var fence = MarkdownFence()
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            fence.isCode(line) ? String(line) : text(String(line))
        }
        return MarkdownFence.closed(lines.joined(separator: "\n"))
    }

    /// Inline Markdown (a title, a term, a quiz choice, an error message).
    public static func text(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        // Most text has nothing to rewrite: return it without copying.
        guard scalars.contains(where: { $0 == "<" || $0 == "]" }) else { return text }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            switch scalar {
            case "\\" where i + 1 < scalars.count:
                // An escaped character is literal: `\<` and `` \` `` stay as they are.
                out.append(contentsOf: scalars[i...i + 1])
                i += 2
            case "`":
                let end = codeSpanEnd(scalars, from: i)
                out.append(contentsOf: scalars[i..<end])
                i = end
            case "<":
                out.append(contentsOf: "&lt;".unicodeScalars)
                i += 1
            case "]" where i + 1 < scalars.count && (scalars[i + 1] == "(" || scalars[i + 1] == ":"):
                out.append(contentsOf: scalars[i...i + 1])
                i += 2
                while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" {
                    out.append(scalars[i])
                    i += 1
                }
                if !isSafeDestination(scalars[i...]) { out.append("#") }
            default:
                out.append(scalar)
                i += 1
            }
        }
        return String(out)
    }

    /// A URL to put in a link destination: inert unless safe (see the type), and with the
    /// characters that would end the destination early (spaces, parentheses, angle brackets)
    /// percent-encoded.
    public static func url(_ url: String) -> String {
        var out = isSafeDestination(Array(url.unicodeScalars)[...]) ? "" : "#"
        for scalar in url.unicodeScalars {
            switch scalar {
            case " ": out += "%20"
            case "(": out += "%28"
            case ")": out += "%29"
            case "<": out += "%3C"
            case ">": out += "%3E"
            case "\n", "\r", "\t": out += ""
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a destination starting here is harmless: no scheme (a relative link or a page
    /// anchor), or an allowed one.
    static func isSafeDestination(_ destination: ArraySlice<Unicode.Scalar>) -> Bool {
        var scheme = String.UnicodeScalarView()
        for scalar in destination {
            switch scalar {
            case ":":
                return allowedSchemes.contains(String(scheme).lowercased())
            case "&":
                return false
            case "/", "?", "#", ")", " ", "\n":
                return true
            default:
                // Browsers drop tabs and line breaks inside a scheme (`java\tscript:`).
                if scalar != "\t" && scalar != "\r" { scheme.append(scalar) }
            }
        }
        return true
    }

    /// Where the code span opening at `start` ends: after the closing run of as many backticks,
    /// or right after the opening run when none closes it (the backticks are then literal).
    static func codeSpanEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var afterOpen = start
        while afterOpen < scalars.count, scalars[afterOpen] == "`" { afterOpen += 1 }
        let length = afterOpen - start
        var i = afterOpen
        while i < scalars.count {
            guard scalars[i] == "`" else {
                i += 1
                continue
            }
            var run = i
            while run < scalars.count, scalars[run] == "`" { run += 1 }
            if run - i == length { return run }
            i = run
        }
        return afterOpen
    }
}
