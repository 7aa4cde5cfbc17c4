import Foundation
import ZIPFoundation

/// Builds a Word document with ZIPFoundation: the three parts a minimal .docx needs
/// ([Content_Types].xml, _rels/.rels, word/document.xml).
enum MinimalDOCX {
    enum Paragraph {
        case heading(Int, String)
        case title(String)
        case body(String)
        /// A numbered/bulleted paragraph (w:numPr) at a level.
        case listItem(String, level: Int)
        /// Text in several runs, with a tab between the first two.
        case runs([String])
    }

    static func write(_ paragraphs: [Paragraph], to url: URL) throws {
        try write(parts: [
            "[Content_Types].xml": contentTypes,
            "_rels/.rels": relationships,
            "word/document.xml": documentXML(paragraphs),
        ], to: url)
    }

    static func write(parts: [String: String], to url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (path, text) in parts.sorted(by: { $0.key < $1.key }) {
            let data = Data(text.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count),
                                 compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    static let contentTypes = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
        <Default Extension="xml" ContentType="application/xml"/>
        <Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
        </Types>
        """

    static let relationships = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
        <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
        </Relationships>
        """

    static func documentXML(_ paragraphs: [Paragraph]) -> String {
        let body = paragraphs.map(paragraphXML).joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" \
            xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">
            <w:body>
            \(body)
            <w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>
            </w:body>
            </w:document>
            """
    }

    private static func paragraphXML(_ paragraph: Paragraph) -> String {
        switch paragraph {
        case .heading(let level, let text):
            return "<w:p><w:pPr><w:pStyle w:val=\"Heading\(level)\"/></w:pPr>\(run(text))</w:p>"
        case .title(let text):
            return "<w:p><w:pPr><w:pStyle w:val=\"Title\"/></w:pPr>\(run(text))</w:p>"
        case .body(let text):
            return "<w:p>\(run(text))</w:p>"
        case .listItem(let text, let level):
            return "<w:p><w:pPr><w:pStyle w:val=\"ListParagraph\"/><w:numPr><w:ilvl w:val=\"\(level)\"/>"
                + "<w:numId w:val=\"1\"/></w:numPr></w:pPr>\(run(text))</w:p>"
        case .runs(let pieces):
            var xml = "<w:p>"
            for (index, piece) in pieces.enumerated() {
                if index == 1 { xml += "<w:r><w:tab/></w:r>" }
                xml += run(piece)
            }
            return xml + "</w:p>"
        }
    }

    private static func run(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        return "<w:r><w:rPr><w:b/></w:rPr><w:t xml:space=\"preserve\">\(escaped)</w:t></w:r>"
    }
}
