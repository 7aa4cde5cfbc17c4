import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

@testable import PrimerDocuments

/// Scans and photos read by the real tesseract (Debian tesseract-ocr; scripts/install-test-tools.sh
/// installs it): a PDF of page images, a mixed PDF whose text layer is kept, a photo of a slide,
/// and the errors a user meets — a language not installed, tesseract missing, hostile sizes.
@Suite("OCR")
struct OCRExtractionTests {
    static let mitosis = ["Chapter 2: Mitosis", "A dividing cell copies its chromosomes.", "Prophase comes before metaphase."]

    /// Words of `text`, lowercased, for comparing what OCR read.
    func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter }.map(String.init))
    }

    @Test func aScannedPDFIsReadPageByPage() async throws {
        _ = try #require(RequiredTool.tesseract)
        let folder = try TemporaryFolder()
        let file = folder.file("scan.pdf")
        try await Scans.pdf([.scan(["Chapter 1: Light", "Plants convert light energy into chemical energy."]), .scan(Self.mitosis)], to: file)
        let document = try await DocumentExtractor.extract(file: file)
        let pages = try #require(document.pages)
        #expect(pages.count == 2)
        #expect(words(pages[0]).isSuperset(of: ["plants", "convert", "light", "energy", "chemical"]), "\(pages[0])")
        #expect(words(pages[1]).isSuperset(of: ["mitosis", "dividing", "chromosomes", "prophase", "metaphase"]), "\(pages[1])")
    }

    @Test func aMixedPDFKeepsItsTextLayerAndReadsOnlyTheScannedPage() async throws {
        _ = try #require(RequiredTool.tesseract)
        let folder = try TemporaryFolder()
        let file = folder.file("mixed.pdf")
        // A text layer that OCR would not write: the exact characters prove it was kept.
        try await Scans.pdf([.text(["Chapter 1: Light", "pH 7 ~ neutral; CO2 + H2O -> C6H12O6"]), .scan(Self.mitosis)], to: file)
        let pages = try #require(try await DocumentExtractor.extract(file: file).pages)
        #expect(pages[0] == "Chapter 1: Light\npH 7 ~ neutral; CO2 + H2O -> C6H12O6")
        #expect(words(pages[1]).isSuperset(of: ["mitosis", "chromosomes"]), "\(pages[1])")
    }

    @Test func aPhotoOfASlideIsOnePage() async throws {
        _ = try #require(RequiredTool.tesseract)
        let folder = try TemporaryFolder()
        let file = folder.file("Slide 3.PNG")
        try await Scans.photo(["Photosynthesis happens in chloroplasts.", "Chlorophyll absorbs red and blue light."], to: file)
        let document = try await DocumentExtractor.extract(file: file)
        #expect(document.format == .image && document.pages?.count == 1)
        #expect(words(document.text).isSuperset(of: ["photosynthesis", "chloroplasts", "chlorophyll", "absorbs"]), "\(document.text)")
        // Stored and read back, its one page is still a page (citations say p. 1).
        let stored = ExtractedDocument(name: document.name, format: document.format, storedText: document.storedText)
        #expect(stored.pages == document.pages && stored.text == document.text)
    }

    @Test func aLanguageThatIsNotInstalledNamesItsPackage() async throws {
        _ = try #require(RequiredTool.tesseract)
        let folder = try TemporaryFolder()
        let file = folder.file("slide.png")
        try await Scans.photo(["Bonjour"], to: file)
        await #expect(throws: DocumentError.ocrLanguageMissing(language: "zzz+eng")) { try await DocumentExtractor.extract(file: file, ocrLanguage: "zzz+eng") }
        #expect(DocumentError.ocrLanguageMissing(language: "zzz+eng").description.contains("install tesseract-ocr-zzz tesseract-ocr-eng"))
    }

    @Test func withoutTesseractTheErrorNamesThePackage() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("slide.png")
        try await Scans.photo(["Bonjour"], to: file)
        // Only poppler's tools are found: tesseract is "not installed".
        let tools = try TemporaryFolder()
        for tool in ["pdftotext", "pdftoppm"] {
            try FileManager.default.createSymbolicLink(at: tools.file(tool), withDestinationURL: try #require(RequiredTool.find(tool, package: "poppler-utils")))
        }
        await #expect(throws: DocumentError.toolMissing(tool: "tesseract", package: "tesseract-ocr")) {
            try await DocumentExtractor.extract(file: file, tools: ToolLocator(searchPath: [tools.url.path]))
        }
        #expect(DocumentError.toolMissing(tool: "tesseract", package: "tesseract-ocr").description == "tesseract is not installed: install tesseract-ocr (apt-get install tesseract-ocr).")
    }

    @Test func hostileSizesAreRefusedBeforeAnythingIsDecoded() async throws {
        let folder = try TemporaryFolder()
        // A PNG header claiming 100,000 × 100,000 pixels (a decompression bomb).
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 0, 0, 0, 0, 0, 0, 0, 0]
        let bomb = try folder.write("bomb.png", data: Data(png))
        await #expect(throws: DocumentError.imageTooLarge(name: "bomb.png", width: 100_000, height: 100_000, limit: OCRTextExtractor.maxPixels)) {
            try await DocumentExtractor.extract(file: bomb)
        }
        let notAnImage = try folder.write("photo.jpg", "not a picture at all")
        await #expect(throws: DocumentError.corruptImage(name: "photo.jpg", detail: "not a PNG or JPEG image")) { try await DocumentExtractor.extract(file: notAnImage) }
        // More pages without text than OCR reads in one document: refused before any is read.
        let pages = Array(repeating: MinimalPDF.Page.drawing, count: OCRTextExtractor.maxPages + 1)
        let long = try folder.write("long.pdf", data: MinimalPDF.make(pages))
        await #expect(throws: DocumentError.tooManyScannedPages(name: "long.pdf", pages: OCRTextExtractor.maxPages + 1, limit: OCRTextExtractor.maxPages)) {
            try await DocumentExtractor.extract(file: long)
        }
    }
}
