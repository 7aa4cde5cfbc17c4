import Foundation
import PrimerCore
import PrimerProviders
import PrimerStore
import PrimerGeneration

/// A real SQLite store in a temporary folder, the repository's prompt families, and mock
/// providers built from manifests written for the test (or the shipped ones).
struct Harness {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let directory: URL
    let store: SQLiteStore
    let families: FamilySet

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("primer-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try SQLiteStore(path: directory.appendingPathComponent("store.sqlite").path)
        families = try FamilySet.load(directory: Self.root.appendingPathComponent("Prompts"))
    }

    /// A shipped provider (`mock`, `mock-flaky`).
    func shipped(_ name: String) throws -> any Provider {
        try ProviderRegistry(directories: [Self.root.appendingPathComponent("Plugins")]).makeProvider(named: name, environment: [:])
    }

    /// A mock provider with the given `settings:` block (YAML, indented by two spaces).
    func mock(_ settings: String) throws -> any Provider {
        let plugins = directory.appendingPathComponent("plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let yaml = "name: test-mock\nadapter: mock\nmodel: mock-1\nsettings:\n\(settings)\n"
        try yaml.write(to: plugins.appendingPathComponent("test-mock.yaml"), atomically: true, encoding: .utf8)
        return try ProviderRegistry(directories: [plugins]).makeProvider(named: "test-mock", environment: [:])
    }

    func pipeline(_ provider: any Provider) -> Pipeline {
        Pipeline(families: families, provider: provider, store: store)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
