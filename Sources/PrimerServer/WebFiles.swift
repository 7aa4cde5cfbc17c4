import Crypto
import Foundation

/// The study web app the server serves beside the API: every file under `Web/` (HTML, CSS,
/// JavaScript modules, the manifest, icons), read once at start and served at its path under
/// `/` (`Web/index.html` at `/`). No build step: what is in the folder is what the browser gets.
struct WebFiles: Sendable {
    struct File: Sendable {
        var path: String
        var body: Data
        var type: String
    }

    let files: [File]

    /// Content types by file extension; a file of another kind is not served.
    static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml", "webmanifest": "application/manifest+json", "json": "application/json",
        "png": "image/png",
    ]

    /// The files of the build's `Web` folder (`Bundle.module`) — or of the folder
    /// `PRIMER_WEB_DIR` names, to work on the page without a rebuild (read at start) — and the
    /// API's document.
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> WebFiles {
        let folder = environment["PRIMER_WEB_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
        guard let root = folder ?? Bundle.module.url(forResource: "Web", withExtension: nil) else {
            throw APIError(.internalError, "the web app (Web/) is missing from this build")
        }
        if let folder, !FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path) {
            throw APIError(.invalid, "PRIMER_WEB_DIR \(folder.path) has no index.html; name the folder of the web app (Sources/PrimerServer/Web)")
        }
        var files = [File(path: "/openapi.yaml", body: try PrimerServer.resource("openapi.yaml"), type: "application/yaml; charset=utf-8")]
        let base = root.standardizedFileURL.path
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let type = types[url.pathExtension.lowercased()]
            else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count))
            // A hidden file is not the app's; a name the router would read as a pattern is not served.
            guard !relative.contains("/."), relative.allSatisfy({ $0.isLetter || $0.isNumber || "/-_.".contains($0) }) else { continue }
            files.append(File(path: relative == "/index.html" ? "/" : relative, body: try Data(contentsOf: url), type: type))
        }
        return WebFiles(files: Self.versioned(files.sorted { $0.path < $1.path }))
    }

    /// The service worker learns the release it serves: a hash of every other file in place of
    /// `__WEB_VERSION__`, so a new release is installed whole (never old views with new code).
    static func versioned(_ files: [File]) -> [File] {
        var hash = SHA256()
        for file in files where file.path != "/sw.js" {
            hash.update(data: Data(file.path.utf8))
            hash.update(data: file.body)
        }
        let version = hash.finalize().prefix(8).map { String(format: "%02x", $0) }.joined()
        return files.map { file in
            guard file.path == "/sw.js" else { return file }
            var file = file
            file.body = Data(String(decoding: file.body, as: UTF8.self).replacingOccurrences(of: "__WEB_VERSION__", with: version).utf8)
            return file
        }
    }
}
