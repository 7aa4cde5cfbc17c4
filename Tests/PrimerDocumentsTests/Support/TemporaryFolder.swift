import Foundation
import PrimerCore
import Testing
import PrimerProcess

/// A fresh folder under the system's temporary directory, removed when the test is done.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("primer-docs-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = file(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    @discardableResult
    func write(_ name: String, data: Data) throws -> URL {
        let file = file(name)
        try data.write(to: file)
        return file
    }
}

/// The external programs some tests need. A missing one FAILS the test, naming the Debian
/// package to install; it never skips.
enum RequiredTool {
    static func find(_ name: String, package: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        Issue.record("\(name) is not installed: install \(package) (apt-get install \(package))")
        return nil
    }

    static var pdftotext: URL? { find("pdftotext", package: "poppler-utils") }
    static var qpdf: URL? { find("qpdf", package: "qpdf") }
    static var tesseract: URL? { find("tesseract", package: "tesseract-ocr") }

    /// Runs a tool (through ProcessRunner: no thread of the async pool is held while it runs) and
    /// fails the test when it does not exit with 0.
    static func run(_ tool: URL, _ arguments: [String]) async throws {
        let result = try await ProcessRunner.run(tool, arguments: arguments, limits: ProcessRunner.Limits(timeout: .seconds(600)))
        #expect(result.status == 0, "\(tool.lastPathComponent) \(arguments.joined(separator: " ")) failed")
    }
}
