import Foundation
import Testing

/// The web app's folder as shipped: the service worker keeps every file of it (else a view not
/// opened before would be missing offline), no script writes HTML (text from the store goes in
/// as text, through js/dom.js), and each file stays small.
@Suite struct WebFilesTests {
    static let folder = ServerProcess.root.appendingPathComponent("Sources/PrimerServer/Web")

    static func files() throws -> [String] {
        let base = folder.standardizedFileURL.path
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var paths: [String] = []
        while let url = walker?.nextObject() as? URL {
            guard !url.hasDirectoryPath else { continue }
            paths.append(String(url.standardizedFileURL.path.dropFirst(base.count)))
        }
        return paths.sorted()
    }

    @Test func theServiceWorkerKeepsEveryFileOfTheApp() throws {
        let worker = try String(contentsOf: Self.folder.appendingPathComponent("sw.js"), encoding: .utf8)
        let list = try #require(worker.range(of: "const files = [").map { worker[$0.upperBound...] }?.prefix { $0 != "]" })
        let kept = Set(list.split(separator: "\"").filter { $0.hasPrefix("/") }.map(String.init))
        let shipped = Set(try Self.files().filter { $0 != "/sw.js" }.map { $0 == "/index.html" ? "/" : $0 })
        #expect(kept == shipped, "missing from sw.js: \(shipped.subtracting(kept).sorted()); not shipped: \(kept.subtracting(shipped).sorted())")
    }

    @Test func noScriptWritesHTMLAndEachFileIsSmall() throws {
        for path in try Self.files() where path.hasSuffix(".js") {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(path), encoding: .utf8)
            for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("] {
                #expect(!text.contains(sink), "\(path) uses \(sink)")
            }
            #expect(text.split(separator: "\n").count <= 400, "\(path) is \(text.split(separator: "\n").count) lines; split it by job")
        }
    }

    /// The service worker is served with the release's version (a hash of the other files), and
    /// the page's answers forbid inline script and style.
    @Test func theServiceWorkerIsServedWithTheReleaseVersion() async throws {
        let server = try await ServerProcess(engine: .sqlite)
        defer { server.terminate() }
        let app = APIClient(baseURL: server.baseURL)
        let worker = try await app.request(.GET, "/sw.js")
        #expect(worker.status == 200 && !worker.text.contains("__WEB_VERSION__"), "\(worker.text.prefix(300))")
        #expect(worker.text.range(of: #"const version = "primer-[0-9a-f]{16}";"#, options: .regularExpression) != nil)
        let page = try await app.request(.GET, "/")
        let policy = page.headers.first(name: "Content-Security-Policy") ?? ""
        #expect(policy.contains("default-src 'self'") && !policy.contains("unsafe-inline"), "\(policy)")
    }
}
