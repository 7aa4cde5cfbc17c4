import Foundation

/// Scanned pages and photos of text for the OCR tests, made by `scripts/scan_pdf.py` (text
/// typeset, rendered by poppler's pdftoppm, put back as pictures with no text layer).
public enum Scans {
    public enum Page: Sendable {
        /// A picture of these lines: no text layer.
        case scan([String])
        /// These lines as text (a page with a text layer).
        case text([String])
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/scan_pdf.py")

    /// A PDF of `pages` at `file`.
    public static func pdf(_ pages: [Page], to file: URL) throws {
        let spec = pages.map { page -> [String: [String]] in
            switch page {
            case .scan(let lines): ["scan": lines]
            case .text(let lines): ["text": lines]
            }
        }
        try run("pdf", file, spec)
    }

    /// A PNG photo of `lines` at `file`.
    public static func photo(_ lines: [String], to file: URL) throws {
        try run("png", file, lines)
    }

    private static func run(_ kind: String, _ file: URL, _ spec: Any) throws {
        let specFile = file.deletingLastPathComponent().appendingPathComponent("\(file.lastPathComponent).json")
        try JSONSerialization.data(withJSONObject: spec).write(to: specFile)
        defer { try? FileManager.default.removeItem(at: specFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, kind, file.path, specFile.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ScanError(description: "scripts/scan_pdf.py \(kind) exited \(process.terminationStatus) (it needs python3 and poppler-utils' pdftoppm)")
        }
    }

    public struct ScanError: Error, CustomStringConvertible { public var description: String }
}
