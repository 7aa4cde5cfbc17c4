import Foundation
import PrimerCore

/// Reads an attached file into text: .txt and .md as they are, .html without markup,
/// .pdf through poppler's `pdftotext` (its pages without a text layer by OCR), .docx from its
/// word/document.xml, a photo or scan (.png, .jpg) by OCR (`OCRTextExtractor`), a transcript
/// (.vtt, .srt) by its cues and a recording by offline speech recognition (`SpeechTextExtractor`),
/// both as pages of a minute (`TimedText`).
public enum DocumentExtractor {
    /// Extracts the text of `file`. Throws `DocumentError` with a message that says what to do.
    /// - Parameter tools: where external programs (pdftotext, tesseract) are looked up; the PATH by default.
    /// - Parameter ocrLanguage: tesseract's language(s) for scans and photos (`eng`, `deu`, `eng+fra`).
    public static func extract(file: URL, tools: ToolLocator = .init(), ocrLanguage: String = "eng") async throws -> ExtractedDocument {
        let name = file.lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else {
            throw DocumentError.fileNotFound(path: file.path)
        }
        if isDirectory.boolValue {
            throw DocumentError.unreadable(path: file.path, reason: "it is a folder")
        }
        guard let format = DocumentFormat(file: file) else {
            throw DocumentError.unsupportedFormat(name: name)
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw DocumentError.unreadable(path: file.path, reason: "permission denied or I/O error")
        }
        if data.isEmpty { throw DocumentError.emptyFile(name: name) }

        let text: String
        var pages: [String]? = nil
        switch format {
        case .text, .markdown:
            text = trimBlankEdges(try TextDecoding.decode(data, name: name))
        case .html:
            text = HTMLTextExtractor.text(fromHTML: try TextDecoding.decode(data, name: name))
        case .pdf:
            // Pages with a text layer keep it; only the blank ones (scanned) are read by OCR.
            let pdfPages = try await OCRTextExtractor.fill(
                blank: try await PDFTextExtractor.pages(file: file, data: data, name: name, tools: tools), pdf: file, name: name,
                language: ocrLanguage, tools: tools)
            if pdfPages.allSatisfy(\.isBlank) { throw DocumentError.noTextLayer(name: name) }
            pages = pdfPages
            text = pdfPages.filter { !$0.isBlank }.joined(separator: "\n\n")
        case .docx:
            text = try DOCXTextExtractor.text(file: file, name: name)
        case .image:
            // One page: the image is what a citation's page 1 points at.
            let recognized = trimBlankEdges(try await OCRTextExtractor.text(image: file, name: name, language: ocrLanguage, tools: tools))
            pages = [recognized]
            text = recognized
        case .transcript:
            let cues = TimedText.cues(try TextDecoding.decode(data, name: name))
            if cues.isEmpty { throw DocumentError.noCues(name: name) }
            pages = try TimedText.pages(cues, name: name)
            text = pages!.filter { !$0.isBlank }.joined(separator: "\n\n")
        case .recording:
            pages = try await SpeechTextExtractor.pages(recording: file, name: name, tools: tools)
            text = pages!.filter { !$0.isBlank }.joined(separator: "\n\n")
        }
        if text.isBlank { throw DocumentError.noText(name: name) }
        return ExtractedDocument(name: name, format: format, text: text, pages: pages)
    }

    /// Drops blank lines at the start and the end, and trailing spaces on each line.
    static func trimBlankEdges(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var line = String(line)
            while let last = line.last, last == " " || last == "\t" { line.removeLast() }
            return line
        }
        while let first = lines.first, first.isBlank { lines.removeFirst() }
        while let last = lines.last, last.isBlank { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
