import Foundation

/// Finds external programs (pdftotext) on the PATH, then in the usual install folders.
public struct ToolLocator: Sendable {
    public var searchPath: [String]

    /// - Parameter searchPath: folders to look in; nil means the PATH plus /usr/local/bin,
    ///   /usr/bin, /opt/homebrew/bin.
    public init(searchPath: [String]? = nil) {
        if let searchPath {
            self.searchPath = searchPath
        } else {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            let folders = path.split(separator: ":").map(String.init)
            var seen = Set<String>()
            self.searchPath = (folders + ["/usr/local/bin", "/usr/bin", "/opt/homebrew/bin"])
                .filter { !$0.isEmpty && seen.insert($0).inserted }
        }
    }

    /// The executable named `name`, or nil.
    public func find(_ name: String) -> URL? {
        for folder in searchPath {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
