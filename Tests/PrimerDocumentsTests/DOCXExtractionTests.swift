import Foundation
import Testing
import ZIPFoundation
@testable import PrimerDocuments

@Suite("Word (.docx) extraction")
struct DOCXExtractionTests {
    @Test func headingsParagraphsAndListsOfAMinimalDocument() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("Lecture 3.DOCX")
        try MinimalDOCX.write([
            .title("Thermodynamics"),
            .heading(1, "First law"),
            .body("Energy is conserved: ΔU = Q − W."),
            .body("Heat & work are <transfers>, not contents."),
            .heading(2, "Examples"),
            .listItem("Gas in a piston", level: 0),
            .listItem("Adiabatic expansion", level: 1),
            .listItem("Boiling water", level: 0),
            .runs(["Term", "Definition"]),
            .body("   "),
        ], to: file)
        let doc = try await DocumentExtractor.extract(file: file)
        #expect(doc.format == .docx)
        #expect(doc.pages == nil)
        #expect(doc.text == """
            # Thermodynamics

            # First law

            Energy is conserved: ΔU = Q − W.

            Heat & work are <transfers>, not contents.

            ## Examples

            - Gas in a piston
              - Adiabatic expansion
            - Boiling water

            Term\tDefinition
            """)
    }

    @Test func fallbackCopiesAndDeletedTextAreIgnored() throws {
        let xml = """
            <w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" \
            xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">
            <w:body>
            <w:p><w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:r><w:t>Outline level heading</w:t></w:r></w:p>
            <w:p><w:r><w:t>Kept</w:t></w:r><w:del><w:r><w:delText>Deleted</w:delText></w:r></w:del>
            <mc:AlternateContent><mc:Choice Requires="wps"><w:r><w:t xml:space="preserve"> box</w:t></w:r></mc:Choice>
            <mc:Fallback><w:r><w:t> box copy</w:t></w:r></mc:Fallback></mc:AlternateContent></w:p>
            </w:body></w:document>
            """
        let text = try DOCXTextExtractor.text(fromDocumentXML: Data(xml.utf8), name: "x.docx")
        #expect(text == "## Outline level heading\n\nKept box")
    }

    @Test func notAZipIsCorrupt() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("essay.docx", "I am plain text pretending to be Word.")
        let error = await #expect(throws: DocumentError.self) { try await DocumentExtractor.extract(file: file) }
        #expect(error == .corruptDOCX(name: "essay.docx", detail: "not a zip archive"))
        #expect(error?.description == "essay.docx is not a valid Word document (not a zip archive); save it again as .docx or attach a text version.")
    }

    @Test func zipWithoutDocumentXMLIsCorrupt() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("slides.docx")
        try MinimalDOCX.write(parts: ["[Content_Types].xml": MinimalDOCX.contentTypes, "ppt/presentation.xml": "<p/>"], to: file)
        await #expect(throws: DocumentError.corruptDOCX(name: "slides.docx", detail: "no word/document.xml inside")) {
            try await DocumentExtractor.extract(file: file)
        }
    }

    @Test func malformedDocumentXMLIsCorrupt() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("half.docx")
        try MinimalDOCX.write(parts: ["word/document.xml": "<w:document><w:body><w:p>"], to: file)
        await #expect(throws: DocumentError.corruptDOCX(name: "half.docx", detail: "word/document.xml is not well-formed XML")) {
            try await DocumentExtractor.extract(file: file)
        }
    }

    @Test func documentWithoutTextHasNoText() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("blank.docx")
        try MinimalDOCX.write([.body(""), .body("  ")], to: file)
        await #expect(throws: DocumentError.noText(name: "blank.docx")) { try await DocumentExtractor.extract(file: file) }
    }
}
