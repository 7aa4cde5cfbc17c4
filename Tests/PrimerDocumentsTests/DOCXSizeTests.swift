import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import ZIPFoundation
@testable import PrimerDocuments

/// Large Word documents are read whole, and zip bombs are refused before they fill memory.
@Suite("Word (.docx) size limits")
struct DOCXSizeTests {
    /// libxml2 (behind XMLParser on Linux) stopped past 10 MB, so every document.xml of 10 to
    /// 64 MB failed as "not well-formed XML". A 20 MB one now reads in full, in order.
    @Test func aTwentyMegabyteDocumentIsReadInFull() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("book.docx")
        let count = 225_000
        var paragraphs: [MinimalDOCX.Paragraph] = [.title("The Long Book")]
        for index in 1...count {
            paragraphs.append(index % 75_000 == 0 ? .heading(1, "Part \(index / 75_000)") : .body("Paragraph \(index)"))
        }
        let xml = MinimalDOCX.documentXML(paragraphs)
        #expect(xml.utf8.count > 20_000_000)
        try MinimalDOCX.write(parts: ["[Content_Types].xml": MinimalDOCX.contentTypes, "word/document.xml": xml], to: file)

        let text = try await DocumentExtractor.extract(file: file).text
        let blocks = text.components(separatedBy: "\n\n")
        #expect(blocks.count == count + 1)
        #expect(blocks.first == "# The Long Book")
        #expect(blocks[1] == "Paragraph 1")
        #expect(blocks[75_000] == "# Part 1")
        #expect(blocks[150_000] == "# Part 2")
        #expect(blocks.last == "# Part 3")
        #expect(blocks[count - 1] == "Paragraph \(count - 1)")
    }

    /// A zip whose document.xml declares more than 64 MB is refused before anything is unpacked.
    @Test func aDeclaredSizeOverTheLimitIsRefusedAtOnce() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("bomb.docx")
        try Self.writeBomb(to: file, xmlBytes: 70 * 1024 * 1024)
        let error = try await #require(throws: DocumentError.self) { try await DocumentExtractor.extract(file: file) }
        #expect(error == .docxTooLarge(name: "bomb.docx", limitMB: 64))
        #expect(error.description == "bomb.docx: word/document.xml expands to more than 64 MB; a Word document this large is not supported (or the file is a zip bomb); split it into smaller documents or attach a text version.")
    }

    /// A crafted zip can declare a small size and still inflate to far more: the bytes are
    /// counted while unpacking, and unpacking stops at the limit.
    @Test func aFalseDeclaredSizeIsCaughtWhileUnpacking() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("liar.docx")
        try Self.writeBomb(to: file, xmlBytes: 70 * 1024 * 1024)
        var zip = try Data(contentsOf: file)
        #expect(Self.patchDeclaredSize(of: "word/document.xml", in: &zip, to: 4096) == 2)
        try zip.write(to: file)
        let error = try await #require(throws: DocumentError.self) { try await DocumentExtractor.extract(file: file) }
        #expect(error == .docxTooLarge(name: "liar.docx", limitMB: 64))
    }

    /// Pieces cut between the body's children read like the whole document, whatever sits in
    /// comments, CDATA, processing instructions, quoted attribute values and nested tables.
    @Test func piecesReadLikeTheWholeDocument() throws {
        var body = ""
        for index in 1...40 {
            body += "<w:p><w:pPr><w:pStyle w:val=\"Heading1\"/></w:pPr><w:r><w:t>Head \(index)</w:t></w:r></w:p>\n"
            body += "<!-- a comment with <w:p> and </w:body> in it -->"
            body += "<w:p><w:r><w:t xml:space=\"preserve\">Text &amp; \(index) &lt;b&gt;</w:t></w:r></w:p>"
            body += "<?custom instruction > with a bracket?>"
            body += "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Cell \(index)</w:t></w:r></w:p></w:tc></w:tr></w:tbl>"
            body += "<w:p w:rsidR=\"a>b\" w:other='c/>d'><w:r><w:t><![CDATA[Raw <w:p> \(index)]]></w:t></w:r></w:p>"
            body += "<w:bookmarkStart w:id=\"\(index)\"/>\n"
        }
        let xml = Data("""
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:background w:color="FFFFFF"/><w:body>
            \(body)<w:sectPr><w:pgSz w:w="12240"/></w:sectPr></w:body></w:document>

            """.utf8)
        let pieces = try #require(WordXMLPieces.split(xml, pieceBytes: 500))
        #expect(pieces.count > 20)
        let whole = try DOCXTextExtractor.text(fromDocumentXML: xml, name: "whole.docx")
        #expect(whole.hasSuffix("Cell 40"))
        let reader = WordXMLReader()
        for piece in pieces {
            let parser = XMLParser(data: piece)
            parser.shouldProcessNamespaces = true
            parser.delegate = reader
            #expect(parser.parse(), "\(String(decoding: piece, as: UTF8.self))")
        }
        #expect(reader.paragraphs.joinedAsBlocks() == whole)
    }

    // MARK: - Helpers

    /// A docx whose document.xml is `xmlBytes` of one repeated paragraph (it deflates about a
    /// thousandfold), written without holding the XML in memory.
    static func writeBomb(to url: URL, xmlBytes: Int) throws {
        let head = Data(#"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>"#.utf8)
        let tail = Data("</w:body></w:document>".utf8)
        let paragraph = Data("<w:p><w:r><w:t>lol lol lol lol lol lol lol lol</w:t></w:r></w:p>".utf8)
        let bodyBytes = xmlBytes - head.count - tail.count
        // Any window of the repeated body is a slice of this block (chunks are 16 KB).
        let block = Data((0..<(70_000 / paragraph.count)).flatMap { _ in paragraph })
        let archive = try Archive(url: url, accessMode: .create)
        try archive.addEntry(with: "word/document.xml", type: .file, uncompressedSize: Int64(xmlBytes),
                             compressionMethod: .deflate) { position, size in
            var chunk = Data(capacity: size)
            var offset = Int(position)
            while chunk.count < size {
                let want = size - chunk.count
                if offset < head.count {
                    chunk += head[offset..<min(head.count, offset + want)]
                } else if offset - head.count < bodyBytes {
                    let inBody = offset - head.count
                    let start = inBody % paragraph.count
                    chunk += block[start..<(start + min(want, bodyBytes - inBody))]
                } else {
                    let inTail = offset - head.count - bodyBytes
                    chunk += tail[inTail..<min(tail.count, inTail + want)]
                }
                offset = Int(position) + chunk.count
            }
            return chunk
        }
    }

    /// Sets the uncompressed size the local header and the central directory declare for
    /// `path`; returns how many records were changed.
    static func patchDeclaredSize(of path: String, in zip: inout Data, to size: UInt32) -> Int {
        let name = Array(path.utf8)
        let bytes = [UInt8](zip)
        var patched = 0
        // (signature, offset of the name, offset of the uncompressed size)
        for (signature, nameOffset, sizeOffset) in [([0x50, 0x4B, 0x03, 0x04], 30, 22), ([0x50, 0x4B, 0x01, 0x02], 46, 24)] as [([UInt8], Int, Int)] {
            var i = 0
            while i + nameOffset + name.count <= bytes.count {
                if Array(bytes[i..<(i + 4)]) == signature && Array(bytes[(i + nameOffset)..<(i + nameOffset + name.count)]) == name {
                    withUnsafeBytes(of: size.littleEndian) { zip.replaceSubrange((i + sizeOffset)..<(i + sizeOffset + 4), with: $0) }
                    patched += 1
                }
                i += 1
            }
        }
        return patched
    }
}
