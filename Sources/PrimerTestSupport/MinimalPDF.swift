import Foundation

/// Writes small valid PDFs by hand: one Helvetica text object per page (or a drawn shape
/// for a "scanned" page), with a correct cross-reference table.
public enum MinimalPDF {
    public enum Page: Sendable {
        /// Lines of text from the top of the page down; an empty line leaves a gap.
        case text([String])
        /// No text at all: a filled rectangle, like a page that is only an image.
        case drawing
    }

    public static func make(_ pages: [Page]) -> Data {
        var objects: [String] = []
        let count = pages.count
        // 1 catalog, 2 page tree, 3 font, then for page i: 4 + 2i the page, 5 + 2i its content.
        let kids = (0..<count).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(count) >>")
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        for (index, page) in pages.enumerated() {
            let content = contentStream(page)
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
                + "/Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + 2 * index) 0 R >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        var output = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(output.utf8.count)
            output += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = output.utf8.count
        output += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            output += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        output += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(output.utf8)
    }

    private static func contentStream(_ page: Page) -> String {
        switch page {
        case .drawing:
            return "0.2 0.4 0.8 rg 100 100 400 500 re f"
        case .text(let lines):
            var stream = "BT /F1 12 Tf 16 TL 72 740 Td"
            for line in lines {
                if line.isEmpty {
                    stream += " 0 -40 Td"
                } else {
                    stream += " (\(escape(line))) Tj T*"
                }
            }
            return stream + " ET"
        }
    }

    /// PDF string literal escapes; the fixtures stay in ASCII.
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "(", with: "\\(")
            .replacingOccurrences(of: ")", with: "\\)")
    }
}
