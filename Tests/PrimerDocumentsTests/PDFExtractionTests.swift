import Foundation
import PrimerCore
import Testing
import PrimerTestSupport
@testable import PrimerDocuments

/// These tests run poppler's pdftotext (Debian: poppler-utils) and qpdf (Debian: qpdf).
/// When either is missing the test fails and says which package to install.
@Suite("PDF extraction")
struct PDFExtractionTests {
    static let twoPages: [MinimalPDF.Page] = [
        .text(["Chapter 1: Photosynthesis", "", "Plants convert light energy into chemical energy.",
               "Chlorophyll absorbs red and blue light in the chloroplasts."]),
        .text(["Chapter 2: Mitosis", "", "A dividing cell copies its chromosomes.",
               "Prophase, metaphase, anaphase and telophase follow."]),
    ]

    @Test func textLayerOnTwoPages() async throws {
        guard RequiredTool.pdftotext != nil else { return }
        let folder = try TemporaryFolder()
        let file = try folder.write("Biology.PDF", data: MinimalPDF.make(Self.twoPages))
        let doc = try await DocumentExtractor.extract(file: file)
        #expect(doc.format == .pdf)
        let pages = try #require(doc.pages)
        #expect(pages.count == 2)
        #expect(pages[0].contains("Chapter 1: Photosynthesis"))
        #expect(pages[0].contains("Chlorophyll absorbs red and blue light"))
        #expect(!pages[0].contains("Mitosis"))
        #expect(pages[1].contains("Chapter 2: Mitosis"))
        #expect(pages[1].contains("telophase"))
        #expect(!doc.text.contains("\u{0C}"))
        #expect(doc.text == pages.joined(separator: "\n\n"))
    }

    @Test func passagesOfAPDFKnowTheirPagesAndChapters() async throws {
        guard RequiredTool.pdftotext != nil else { return }
        let folder = try TemporaryFolder()
        let doc = try await DocumentExtractor.extract(file: try folder.write("bio.pdf", data: MinimalPDF.make(Self.twoPages)))
        let passages = PassageSplitter.split(doc)
        #expect(passages.count == 2)
        #expect(passages.map(\.page) == [1, 2])
        #expect(passages.map(\.heading) == ["Chapter 1: Photosynthesis", "Chapter 2: Mitosis"])
        #expect(passages[1].sourceLabel == "bio.pdf, p. 2 — Chapter 2: Mitosis")
    }

    @Test func pageWithoutTextIsAScan() async throws {
        guard RequiredTool.pdftotext != nil else { return }
        let folder = try TemporaryFolder()
        let file = try folder.write("scan.pdf", data: MinimalPDF.make([.drawing, .drawing]))
        let error = await #expect(throws: DocumentError.self) { try await DocumentExtractor.extract(file: file) }
        #expect(error == .noTextLayer(name: "scan.pdf"))
        #expect(error?.description == "scan.pdf has no text: no page has a text layer or text OCR could read; attach a text version (or a clearer scan).")
    }

    @Test func encryptedPDFSaysSo() async throws {
        guard RequiredTool.pdftotext != nil, let qpdf = RequiredTool.qpdf else { return }
        let folder = try TemporaryFolder()
        let plain = try folder.write("plain.pdf", data: MinimalPDF.make(Self.twoPages))
        let locked = folder.file("locked.pdf")
        try await RequiredTool.run(qpdf, ["--encrypt", "user", "owner", "256", "--", plain.path, locked.path])
        let error = await #expect(throws: DocumentError.self) { try await DocumentExtractor.extract(file: locked) }
        #expect(error == .encryptedPDF(name: "locked.pdf"))
        #expect(error?.description.contains("encrypted") == true)
    }

    @Test func garbageWithAPDFExtensionIsCorrupt() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("broken.pdf", "This is not a PDF at all.\n")
        let error = await #expect(throws: DocumentError.self) { try await DocumentExtractor.extract(file: file) }
        #expect(error == .corruptPDF(name: "broken.pdf", detail: "no %PDF header"))
    }

    @Test func truncatedPDFIsCorrupt() async throws {
        guard RequiredTool.pdftotext != nil else { return }
        let folder = try TemporaryFolder()
        let file = try folder.write("cut.pdf", data: MinimalPDF.make(Self.twoPages).prefix(60))
        let error = await #expect(throws: DocumentError.self) { try await DocumentExtractor.extract(file: file) }
        guard case .corruptPDF(let name, _) = error else {
            Issue.record("expected a corrupt-PDF error, got \(String(describing: error))")
            return
        }
        #expect(name == "cut.pdf")
        #expect(error?.description.hasPrefix("cut.pdf is not a valid PDF") == true)
    }

    @Test func missingPdftotextNamesPopplerUtils() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("bio.pdf", data: MinimalPDF.make(Self.twoPages))
        let nowhere = ToolLocator(searchPath: [folder.url.path])
        let error = await #expect(throws: DocumentError.self) { try await DocumentExtractor.extract(file: file, tools: nowhere) }
        #expect(error?.description == "pdftotext is not installed: install poppler-utils (apt-get install poppler-utils).")
    }
}
