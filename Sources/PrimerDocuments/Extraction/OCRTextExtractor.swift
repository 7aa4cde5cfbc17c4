import Foundation
import PrimerCore
import PrimerProcess

/// Text from page images with tesseract (Debian `tesseract-ocr`): a photo or a scan (PNG,
/// JPEG), and the pages of a PDF that have no text layer, each rendered by poppler's `pdftoppm`
/// first. Hostile files are bounded: at most `maxPages` pages read this way, images of at most
/// `maxPixels`, and a PDF page rendered at most `renderedSide` pixels on its longer side
/// whatever size the page claims.
enum OCRTextExtractor {
    static let maxPages = 100
    static let maxPixels = 40_000_000
    static let renderedSide = 2_400

    /// The text of one image file.
    static func text(image: URL, name: String, language: String, tools: ToolLocator) async throws -> String {
        let data = try Data(contentsOf: image)
        guard let size = ImageSize.of(data) else {
            throw DocumentError.corruptImage(name: name, detail: "not a PNG or JPEG image")
        }
        guard UntrustedSize.product(size.width, size.height, limit: maxPixels) != nil else {
            throw DocumentError.imageTooLarge(name: name, width: size.width, height: size.height, limit: maxPixels)
        }
        return try await recognize(image, name: name, language: language, tools: tools)
    }

    /// Fills each blank page of a PDF (no text layer) with the text tesseract reads from it.
    static func fill(blank pages: [String], pdf: URL, name: String, language: String, tools: ToolLocator) async throws -> [String] {
        let blank = pages.indices.filter { pages[$0].isBlank }
        guard !blank.isEmpty else { return pages }
        guard blank.count <= maxPages else {
            throw DocumentError.tooManyScannedPages(name: name, pages: blank.count, limit: maxPages)
        }
        guard let pdftoppm = tools.find("pdftoppm") else {
            throw DocumentError.toolMissing(tool: "pdftoppm", package: "poppler-utils")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-ocr-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var filled = pages
        for index in blank {
            let number = String(index + 1)
            let prefix = folder.appendingPathComponent("page-\(number)")
            let rendered = try await ProcessRunner.run(
                pdftoppm, arguments: ["-f", number, "-l", number, "-png", "-gray", "-scale-to", String(renderedSide), "-singlefile", pdf.path, prefix.path], limits: .init(timeout: .seconds(60)))
            guard rendered.status == 0 else {
                throw DocumentError.toolFailed(tool: "pdftoppm", name: name, message: rendered.standardError.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            filled[index] = DocumentExtractor.trimBlankEdges(
                try await recognize(prefix.appendingPathExtension("png"), name: "\(name) page \(number)", language: language, tools: tools))
        }
        return filled
    }

    /// tesseract's text of one image, in `language` (e.g. `eng`, `deu`, `eng+fra`).
    static func recognize(_ image: URL, name: String, language: String, tools: ToolLocator) async throws -> String {
        guard let tesseract = tools.find("tesseract") else {
            throw DocumentError.toolMissing(tool: "tesseract", package: "tesseract-ocr")
        }
        // One thread per page: a server reading several uploads keeps its other cores for requests.
        let result = try await ProcessRunner.run(
            tesseract, arguments: [image.path, "-", "-l", language], environment: ["OMP_THREAD_LIMIT": "1"], limits: .init(timeout: .seconds(120)))
        // With "zzz+eng" tesseract warns, reads in English alone and exits 0: still an error.
        if result.standardError.contains("Failed loading language") || result.standardError.contains("Error opening data file") {
            throw DocumentError.ocrLanguageMissing(language: language)
        }
        if result.status != 0 {
            throw DocumentError.toolFailed(tool: "tesseract", name: name, message: result.standardError.split(separator: "\n").first.map(String.init) ?? "exit status \(result.status)")
        }
        return TextDecoding.normalizeNewlines(String(decoding: result.standardOutput, as: UTF8.self))
    }
}

/// An image's width and height from its header (PNG's IHDR, JPEG's first SOF marker), read
/// before anything decodes it.
enum ImageSize {
    static func of(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(1 << 20))
        if bytes.count >= 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            return (int(bytes, 16, 4), int(bytes, 20, 4))
        }
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = int(bytes, index + 2, 2)
            // Start-of-frame markers (C0–CF, but not C4 DHT, C8 JPG, CC DAC) hold the size.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (int(bytes, index + 7, 2), int(bytes, index + 5, 2))
            }
            index += 2 + length
        }
        return nil
    }

    private static func int(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
    }
}
