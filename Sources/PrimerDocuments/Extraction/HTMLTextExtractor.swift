import PrimerCore

/// HTML to text: tags, scripts, styles and comments removed, entities decoded, headings kept
/// as Markdown `#` lines, paragraphs as blocks and list items as "- " lines (indented two
/// spaces per nesting level). A forgiving scanner, not a validating parser.
enum HTMLTextExtractor {
    /// Elements whose content is never text for the reader.
    private static let skippedElements: Set<String> = [
        "script", "style", "title", "noscript", "template", "svg", "iframe", "object", "canvas", "math", "select",
    ]
    private static let blockElements: Set<String> = [
        "p", "div", "section", "article", "header", "footer", "main", "aside", "nav", "blockquote",
        "table", "thead", "tbody", "tfoot", "dl", "figure", "figcaption", "form", "fieldset", "address",
        "hr", "details", "summary", "body", "html", "caption",
    ]

    static func text(fromHTML html: String) -> String {
        let scalars = Array(html.unicodeScalars)
        var writer = BlockWriter()
        var listDepth = 0
        var headingLevel: Int? = nil
        var preDepth = 0
        var index = 0
        var textStart = 0

        func flushText(upTo end: Int) {
            guard end > textStart else { return }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[textStart..<end])
            writer.append(HTMLEntities.decode(String(view)))
        }

        while index < scalars.count {
            guard scalars[index] == "<" else { index += 1; continue }
            // Comments, doctype, processing instructions.
            if matches(scalars, at: index, "<!--") {
                flushText(upTo: index)
                index = find(scalars, "-->", from: index + 4).map { $0 + 3 } ?? scalars.count
                textStart = index
                continue
            }
            if matches(scalars, at: index, "<!") || matches(scalars, at: index, "<?") {
                flushText(upTo: index)
                index = find(scalars, ">", from: index).map { $0 + 1 } ?? scalars.count
                textStart = index
                continue
            }
            guard let tag = parseTag(scalars, at: index) else { index += 1; continue }
            flushText(upTo: index)
            index = tag.end
            textStart = index
            let name = tag.name

            if skippedElements.contains(name) && !tag.isClosing {
                if !tag.isSelfClosing {
                    index = find(scalars, "</" + name, from: index, caseInsensitive: true)
                        .flatMap { find(scalars, ">", from: $0) }.map { $0 + 1 } ?? scalars.count
                    textStart = index
                }
                continue
            }
            if let level = headingLevelOf(name) {
                if tag.isClosing {
                    writer.breakBlock()
                    headingLevel = nil
                } else {
                    writer.breakBlock()
                    headingLevel = level
                    writer.pendingPrefix = String(repeating: "#", count: level) + " "
                }
                continue
            }
            switch name {
            case "ul", "ol", "menu":
                if tag.isClosing {
                    listDepth = max(0, listDepth - 1)
                    writer.breakLine()
                    if listDepth == 0 { writer.breakBlock() }
                } else {
                    if listDepth == 0 { writer.breakBlock() } else { writer.breakLine() }
                    listDepth += 1
                }
            case "li", "dt", "dd":
                writer.breakLine()
                if !tag.isClosing {
                    let depth = UntrustedSize.clamp(listDepth, 1...8)
                    writer.pendingPrefix = String(repeating: "  ", count: depth - 1) + (name == "li" ? "- " : "")
                }
            case "br":
                writer.breakLine()
            case "tr":
                writer.breakLine()
            case "td", "th":
                if !tag.isClosing { writer.append(" ") }
            case "pre":
                writer.breakBlock()
                preDepth = tag.isClosing ? max(0, preDepth - 1) : preDepth + 1
                writer.preserveWhitespace = preDepth > 0
            default:
                if blockElements.contains(name) {
                    if listDepth > 0 || headingLevel != nil { writer.breakLine() } else { writer.breakBlock() }
                }
            }
        }
        flushText(upTo: scalars.count)
        return writer.finish()
    }

    private struct Tag {
        var name: String
        var isClosing: Bool
        var isSelfClosing: Bool
        var end: Int
    }

    /// A tag starting at `start` ("<name ...>" or "</name>"), or nil when "<" is just text.
    private static func parseTag(_ s: [Unicode.Scalar], at start: Int) -> Tag? {
        var i = start + 1
        var closing = false
        if i < s.count, s[i] == "/" { closing = true; i += 1 }
        var name = ""
        while i < s.count, s[i].properties.isAlphabetic || (name.count > 0 && ("0"..."9").contains(s[i])) || (name.count > 0 && s[i] == "-") {
            name.unicodeScalars.append(s[i])
            i += 1
        }
        guard !name.isEmpty else { return nil }
        // Skip attributes, honouring quotes (a ">" inside a quoted value does not end the tag).
        var quote: Unicode.Scalar? = nil
        var selfClosing = false
        while i < s.count {
            let c = s[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ">" {
                selfClosing = i > start && s[i - 1] == "/"
                return Tag(name: name.lowercased(), isClosing: closing, isSelfClosing: selfClosing, end: i + 1)
            }
            i += 1
        }
        return Tag(name: name.lowercased(), isClosing: closing, isSelfClosing: selfClosing, end: s.count)
    }

    private static func headingLevelOf(_ name: String) -> Int? {
        guard name.count == 2, name.hasPrefix("h"), let level = Int(name.dropFirst()), (1...6).contains(level) else {
            return nil
        }
        return level
    }

    private static func matches(_ s: [Unicode.Scalar], at index: Int, _ text: String, caseInsensitive: Bool = false) -> Bool {
        let pattern = Array(text.unicodeScalars)
        guard index + pattern.count <= s.count else { return false }
        for (offset, p) in pattern.enumerated() {
            let c = s[index + offset]
            if caseInsensitive {
                if c.properties.lowercaseMapping != p.properties.lowercaseMapping { return false }
            } else if c != p {
                return false
            }
        }
        return true
    }

    private static func find(_ s: [Unicode.Scalar], _ text: String, from start: Int, caseInsensitive: Bool = false) -> Int? {
        var index = start
        while index < s.count {
            if matches(s, at: index, text, caseInsensitive: caseInsensitive) { return index }
            index += 1
        }
        return nil
    }
}
