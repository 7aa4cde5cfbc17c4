import Foundation

/// The repository's own folders, found from this file's path (tests run from the build folder).
enum RepositoryFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let prompts = root.appendingPathComponent("Prompts")
}
