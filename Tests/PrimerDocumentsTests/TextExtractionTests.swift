import Foundation
import PrimerCore
import Testing
@testable import PrimerDocuments

@Suite("Text, Markdown and HTML extraction")
struct TextExtractionTests {
    @Test func plainTextIsKeptAsIs() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Notes.TXT", "\n\nCells are the unit of life.\r\nThey divide.   \n\n")
        let doc = try await DocumentExtractor.extract(file: file)
        #expect(doc.name == "Notes.TXT")
        #expect(doc.format == .text)
        #expect(doc.text == "Cells are the unit of life.\nThey divide.")
        #expect(doc.pages == nil)
        #expect(doc.contentHash == StableHash.hex(doc.text))
        #expect(doc.contentHash.count == 16)
    }

    @Test func contentHashIsStableAndFollowsTheText() async throws {
        let folder = try TemporaryFolder()
        let a = try await DocumentExtractor.extract(file: try folder.write("a.txt", "Same text"))
        let b = try await DocumentExtractor.extract(file: try folder.write("b.md", "Same text"))
        let c = try await DocumentExtractor.extract(file: try folder.write("c.txt", "Other text"))
        #expect(a.contentHash == b.contentHash)
        #expect(a.contentHash != c.contentHash)
    }

    @Test func latin1TextIsDecoded() async throws {
        let folder = try TemporaryFolder()
        // "Café crème" in Latin-1: é = 0xE9, è = 0xE8 (not valid UTF-8).
        let bytes: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0x63, 0x72, 0xE8, 0x6D, 0x65]
        let file = try folder.write("menu.txt", data: Data(bytes))
        let doc = try await DocumentExtractor.extract(file: file)
        #expect(doc.text == "Café crème")
    }

    @Test func utf8WithBOMLosesTheBOM() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("bom.txt", data: Data([0xEF, 0xBB, 0xBF]) + Data("Élan vital".utf8))
        #expect(try await DocumentExtractor.extract(file: file).text == "Élan vital")
    }

    @Test func binaryDataInATextFileIsRefused() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("binary.txt", data: Data([0x00, 0x01, 0x02, 0xFF, 0x00, 0x41]))
        await #expect(throws: DocumentError.notText(name: "binary.txt")) { try await DocumentExtractor.extract(file: file) }
    }

    @Test func markdownIsKeptAsIs() async throws {
        let folder = try TemporaryFolder()
        let markdown = "# Biology\n\n## Photosynthesis\n\nLight reactions.\n\n## Mitosis\n\n- Prophase\n- Metaphase"
        let doc = try await DocumentExtractor.extract(file: try folder.write("bio.markdown", markdown))
        #expect(doc.format == .markdown)
        #expect(doc.text == markdown)
    }

    @Test func htmlLosesMarkupButKeepsStructure() async throws {
        let folder = try TemporaryFolder()
        let html = """
            <!DOCTYPE html>
            <html><head><title>Page title is not content</title>
            <style>body { color: red; } h1 > p { margin: 0 }</style>
            <script>var x = "<h1>not a heading</h1>"; if (a < b) { alert('x'); }</script>
            </head>
            <body>
            <!-- a comment <p>hidden</p> -->
            <h1>Cell  Biology</h1>
            <p>Cells &amp; tissues: the <b>basic</b>
               unit of&nbsp;life &mdash; &#233;tude &#x263A; &copy; &unknown;</p>
            <h2 class="sub">Organelles</h2>
            <ul>
              <li>Nucleus</li>
              <li>Mitochondria
                <ul><li>Cristae</li><li>Matrix</li></ul>
              </li>
              <li>Ribosomes</li>
            </ul>
            <p>Line one<br>Line two</p>
            <noscript>Enable JavaScript</noscript>
            <div><p>Nested paragraph with a <a href="x.html?a=1&amp;b=2" title="a > b">link</a>.</p></div>
            </body></html>
            """
        let doc = try await DocumentExtractor.extract(file: try folder.write("page.HTM", html))
        #expect(doc.format == .html)
        #expect(doc.text == """
            # Cell Biology

            Cells & tissues: the basic unit of life — étude ☺ © &unknown;

            ## Organelles

            - Nucleus
            - Mitochondria
              - Cristae
              - Matrix
            - Ribosomes

            Line one
            Line two

            Nested paragraph with a link.
            """)
        #expect(!doc.text.contains("alert"))
        #expect(!doc.text.contains("color"))
        #expect(!doc.text.contains("Page title"))
        #expect(!doc.text.contains("hidden"))
    }

    @Test func htmlEntitiesDecode() {
        #expect(HTMLEntities.decode("a &lt;b&gt; &amp;amp; &#65;&#x42; &quot;q&quot; & alone") == "a <b> &amp; AB \"q\" & alone")
    }
}

@Suite("Extraction errors")
struct ExtractionErrorTests {
    @Test func missingFile() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("nope.txt")
        await #expect(throws: DocumentError.fileNotFound(path: file.path)) { try await DocumentExtractor.extract(file: file) }
    }

    @Test func unknownExtensionListsSupportedFormats() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("slides.pptx", "whatever")
        let error = await #expect(throws: DocumentError.self) { try await DocumentExtractor.extract(file: file) }
        #expect(error == .unsupportedFormat(name: "slides.pptx"))
        let message = error?.description ?? ""
        for ext in [".txt", ".md", ".markdown", ".html", ".htm", ".pdf", ".docx"] {
            #expect(message.contains(ext), "message should list \(ext): \(message)")
        }
    }

    @Test func noExtensionIsUnsupported() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("README", "text")
        await #expect(throws: DocumentError.unsupportedFormat(name: "README")) { try await DocumentExtractor.extract(file: file) }
    }

    @Test func emptyFile() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("empty.md", "")
        let error = await #expect(throws: DocumentError.self) { try await DocumentExtractor.extract(file: file) }
        #expect(error == .emptyFile(name: "empty.md"))
        #expect(error?.description == "empty.md is empty; attach a file that has content.")
    }

    @Test func whitespaceOnlyFileHasNoText() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("blank.txt", "  \n\n\t \n")
        await #expect(throws: DocumentError.noText(name: "blank.txt")) { try await DocumentExtractor.extract(file: file) }
    }

    @Test func htmlWithOnlyMarkupHasNoText() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("shell.html", "<html><head><script>app()</script></head><body><div></div></body></html>")
        await #expect(throws: DocumentError.noText(name: "shell.html")) { try await DocumentExtractor.extract(file: file) }
    }

    @Test func folderIsUnreadable() async throws {
        let folder = try TemporaryFolder()
        let sub = folder.file("notes.md")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let error = await #expect(throws: DocumentError.self) { try await DocumentExtractor.extract(file: sub) }
        #expect(error == .unreadable(path: sub.path, reason: "it is a folder"))
    }

    @Test func everyMessageIsOneSentenceSayingWhatToDo() {
        let errors: [DocumentError] = [
            .fileNotFound(path: "/x/a.pdf"), .unreadable(path: "/x/a.pdf", reason: "permission denied"),
            .emptyFile(name: "a.txt"), .noText(name: "a.txt"), .unsupportedFormat(name: "a.pptx"),
            .notText(name: "a.txt"), .toolMissing(tool: "pdftotext", package: "poppler-utils"),
            .toolFailed(tool: "pdftotext", name: "a.pdf", message: "crashed"), .noTextLayer(name: "a.pdf"),
            .encryptedPDF(name: "a.pdf"), .corruptPDF(name: "a.pdf", detail: "no header"),
            .corruptDOCX(name: "a.docx", detail: "not a zip archive"),
        ]
        for error in errors {
            let message = error.description
            #expect(message.hasSuffix("."), "\(message)")
            #expect(message.contains(";") || message.contains(":"), "should say what to do: \(message)")
            #expect(!message.contains("\n"))
        }
    }
}
