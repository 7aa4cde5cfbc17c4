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
    public static func pdf(_ pages: [Page], to file: URL) async throws {
        let spec = pages.map { page -> [String: [String]] in
            switch page {
            case .scan(let lines): ["scan": lines]
            case .text(let lines): ["text": lines]
            }
        }
        try await run("pdf", file, JSONSerialization.data(withJSONObject: spec))
    }

    /// A PNG photo of `lines` at `file`.
    public static func photo(_ lines: [String], to file: URL) async throws {
        try await run("png", file, JSONSerialization.data(withJSONObject: lines))
    }

    /// Runs scripts/scan_pdf.py on `spec` (JSON) through `TestPrograms.run`: no thread of the
    /// async pool is held while it runs.
    private static func run(_ kind: String, _ file: URL, _ spec: Data) async throws {
        let specFile = file.deletingLastPathComponent().appendingPathComponent("\(file.lastPathComponent).json")
        try spec.write(to: specFile)
        defer { try? FileManager.default.removeItem(at: specFile) }
        let result = try await TestPrograms.run("python3", [script.path, kind, file.path, specFile.path])
        guard result.status == 0 else {
            let needs = "it needs python3 and poppler-utils' pdftoppm"
            throw ScanError(description: "scripts/scan_pdf.py \(kind) exited \(result.status) (\(needs)): \(result.stderr.suffix(2000))")
        }
    }

    public struct ScanError: Error, CustomStringConvertible { public var description: String }
}
