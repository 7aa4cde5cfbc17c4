import Foundation
import PrimerCore
import PrimerProcess

/// PDF text through poppler's `pdftotext`, in its default (reading order) mode rather than
/// `-layout`: layout mode keeps columns side by side, which interleaves the sentences of
/// two-column pages and slides. Pages come back separated by form feeds.
enum PDFTextExtractor {
    static func pages(file: URL, data: Data, name: String, tools: ToolLocator) async throws -> [String] {
        guard looksLikePDF(data) else {
            throw DocumentError.corruptPDF(name: name, detail: "no %PDF header")
        }
        guard let pdftotext = tools.find("pdftotext") else {
            throw DocumentError.toolMissing(tool: "pdftotext", package: "poppler-utils")
        }
        let result: ProcessRunner.Result
        do {
            result = try await ProcessRunner.run(pdftotext, arguments: ["-enc", "UTF-8", file.path, "-"], limits: .init(timeout: .seconds(120)))
        } catch {
            throw DocumentError.toolFailed(tool: "pdftotext", name: name, message: "\(error)")
        }
        let message = result.standardError
        if result.status != 0 {
            let lowered = message.lowercased()
            if lowered.contains("password") || lowered.contains("encrypt") || result.status == 3 {
                throw DocumentError.encryptedPDF(name: name)
            }
            throw DocumentError.corruptPDF(name: name, detail: firstLine(of: message) ?? "pdftotext exit status \(result.status)")
        }
        let output = TextDecoding.normalizeNewlines(String(decoding: result.standardOutput, as: UTF8.self))
        var pages = output.split(separator: "\u{0C}", omittingEmptySubsequences: false).map(String.init)
        // pdftotext ends every page with a form feed, so the last piece is what follows the last page.
        if pages.count > 1, let last = pages.last, last.isBlank { pages.removeLast() }
        // Pages without text (a scan) come back blank; the extractor reads them by OCR.
        return pages.map(DocumentExtractor.trimBlankEdges)
    }

    /// The %PDF- marker must appear in the first kilobyte (the specification allows junk before it).
    static func looksLikePDF(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(1024))
        let marker: [UInt8] = Array("%PDF-".utf8)
        guard head.count >= marker.count else { return false }
        for start in 0...(head.count - marker.count) where Array(head[start..<start + marker.count]) == marker {
            return true
        }
        return false
    }

    private static func firstLine(of text: String) -> String? {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }
}
