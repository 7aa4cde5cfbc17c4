import Foundation
import PrimerCore
#if canImport(FoundationXML)
import FoundationXML
#endif
import ZIPFoundation

/// A Word document's text from word/document.xml: one paragraph (`w:p`) per block, the text
/// of its runs (`w:t`, tabs, breaks), headings (styles Heading1…6 and Title, or an outline
/// level) as Markdown `#` lines and list paragraphs (numbered or in a List style) as "- " lines.
enum DOCXTextExtractor {
    /// The most word/document.xml may expand to. A long book is a few MB of XML; a zip bomb
    /// (a few MB of zip holding a GB of XML) would otherwise be unpacked into memory whole.
    static let maxDocumentXMLBytes = 64 * 1024 * 1024

    static func text(file: URL, name: String) throws -> String {
        if let problem = ZipHeaders.problem(in: file) { throw DocumentError.corruptDOCX(name: name, detail: problem) }
        let archive: Archive
        do {
            archive = try Archive(url: file, accessMode: .read)
        } catch {
            throw DocumentError.corruptDOCX(name: name, detail: "not a zip archive")
        }
        guard let entry = archive["word/document.xml"] else {
            throw DocumentError.corruptDOCX(name: name, detail: "no word/document.xml inside")
        }
        // The size the zip declares is checked first; the bytes are counted as well, because a
        // crafted zip can declare a small size and still inflate to far more.
        let limit = maxDocumentXMLBytes
        guard entry.uncompressedSize <= limit else {
            throw DocumentError.docxTooLarge(name: name, limitMB: limit / (1024 * 1024))
        }
        struct TooLarge: Error {}
        var xml = Data()
        xml.reserveCapacity(Int(entry.uncompressedSize))
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard xml.count + chunk.count <= limit else { throw TooLarge() }
                xml.append(chunk)
            }
        } catch is TooLarge {
            throw DocumentError.docxTooLarge(name: name, limitMB: limit / (1024 * 1024))
        } catch {
            throw DocumentError.corruptDOCX(name: name, detail: "word/document.xml cannot be unpacked")
        }
        return try text(fromDocumentXML: xml, name: name)
    }

    static func text(fromDocumentXML xml: Data, name: String) throws -> String {
        let reader = WordXMLReader()
        for piece in WordXMLPieces.split(xml) ?? [xml] {
            let parser = XMLParser(data: piece)
            parser.shouldProcessNamespaces = true
            parser.delegate = reader
            // An unterminated document can end without a parse error: the root must be closed.
            guard parser.parse(), parser.parserError == nil, reader.depth == 0, reader.sawRoot else {
                // Past libxml2's 10 MB the failure is its size limit, not the XML (see WordXMLPieces).
                let detail = piece.count > WordXMLPieces.parserLimit
                    ? "word/document.xml has a single paragraph or table of more than 10 MB, which cannot be read"
                    : "word/document.xml is not well-formed XML"
                throw DocumentError.corruptDOCX(name: name, detail: detail)
            }
        }
        return reader.paragraphs.joinedAsBlocks()
    }
}

/// One paragraph of a Word document.
struct WordParagraph: Equatable {
    enum Role: Equatable { case body, heading(Int), listItem(Int) }
    var kind: Role
    var text: String
}

extension [WordParagraph] {
    /// Headings and body paragraphs are blocks (blank line between); consecutive list items
    /// stay together as "- " lines.
    func joinedAsBlocks() -> String {
        var result = ""
        var previous: WordParagraph.Role? = nil
        for paragraph in self {
            let text = paragraph.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let line: String
            switch paragraph.kind {
            case .body: line = text
            case .heading(let level): line = String(repeating: "#", count: UntrustedSize.clamp(level, 1...6)) + " " + text
            case .listItem(let level): line = String(repeating: "  ", count: UntrustedSize.clamp(level, 0...8)) + "- " + text
            }
            if !result.isEmpty {
                if case .listItem = paragraph.kind, case .listItem = previous {
                    result += "\n"
                } else {
                    result += "\n\n"
                }
            }
            result += line
            previous = paragraph.kind
        }
        return result
    }
}

/// SAX reader for word/document.xml (namespaces processed, so names are local: "p", "t").
final class WordXMLReader: NSObject, XMLParserDelegate {
    private(set) var paragraphs: [WordParagraph] = []
    /// Open elements; 0 again at the end of a complete document.
    private(set) var depth = 0
    private(set) var sawRoot = false
    private var inParagraph = false
    private var paragraphDepth = 0
    private var text = ""
    private var inText = false
    private var styleID: String? = nil
    private var outlineLevel: Int? = nil
    private var listLevel: Int? = nil
    private var inParagraphProperties = false
    /// Inside mc:Fallback (a copy of the mc:Choice content) or deleted text: ignored.
    private var ignoredDepth = 0

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        depth += 1
        sawRoot = true
        let name = localName(elementName, qName)
        if name == "Fallback" || name == "delText" || name == "instrText" { ignoredDepth += 1 }
        guard ignoredDepth == 0 else { return }
        switch name {
        case "p":
            paragraphDepth += 1
            if paragraphDepth == 1 {
                inParagraph = true
                text = ""
                styleID = nil
                outlineLevel = nil
                listLevel = nil
            }
        case "pPr":
            inParagraphProperties = true
        case "pStyle" where inParagraphProperties:
            styleID = value(attributes)
        case "outlineLvl" where inParagraphProperties:
            outlineLevel = value(attributes).flatMap { Int($0) }
        case "numPr" where inParagraphProperties:
            listLevel = listLevel ?? 0
        case "ilvl" where inParagraphProperties:
            listLevel = UntrustedSize.clamp(value(attributes).flatMap { Int($0) } ?? 0, 0...8)
        case "t":
            inText = true
        case "tab" where !inParagraphProperties:
            text += "\t"
        case "br", "cr":
            text += " "
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        depth -= 1
        let name = localName(elementName, qName)
        if name == "Fallback" || name == "delText" || name == "instrText" {
            ignoredDepth = max(0, ignoredDepth - 1)
            return
        }
        guard ignoredDepth == 0 else { return }
        switch name {
        case "t":
            inText = false
        case "pPr":
            inParagraphProperties = false
        case "p":
            paragraphDepth = max(0, paragraphDepth - 1)
            if paragraphDepth == 0 && inParagraph {
                inParagraph = false
                paragraphs.append(WordParagraph(kind: kind(), text: text))
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText && ignoredDepth == 0 { text += string }
    }

    private func kind() -> WordParagraph.Role {
        if let style = styleID?.lowercased() {
            if style == "title" { return .heading(1) }
            if style.hasPrefix("heading"), let level = Int(style.filter(\.isNumber)), (1...6).contains(level) {
                return .heading(level)
            }
            if listLevel == nil && style.hasPrefix("list") { return .listItem(0) }
        }
        if let outlineLevel, (0...5).contains(outlineLevel) { return .heading(outlineLevel + 1) }
        if let listLevel { return .listItem(Swift.min(listLevel, 8)) }
        return .body
    }

    private func localName(_ elementName: String, _ qName: String?) -> String {
        // With namespace processing the name is already local; strip a prefix in case it is not.
        if let colon = elementName.lastIndex(of: ":") { return String(elementName[elementName.index(after: colon)...]) }
        return elementName
    }

    private func value(_ attributes: [String: String]) -> String? {
        attributes["w:val"] ?? attributes["val"] ?? attributes.first(where: { $0.key.hasSuffix(":val") })?.value
    }
}
