import Foundation
import PrimerCore
import PrimerDefaults
import PrimerProviders
import Testing
import PrimerGeneration

@Suite struct ManifestPromptsTests {
    @Test func promptsIsResolvedAgainstTheManifestsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tiny.yaml")
        try "name: tiny\nadapter: mock\nprompts: ../shared/tiny-prompts\n".write(to: file, atomically: true, encoding: .utf8)
        let manifest = try ProviderManifest.load(from: file)
        #expect(manifest.prompts?.path == folder.deletingLastPathComponent().appendingPathComponent("shared/tiny-prompts").standardizedFileURL.path)
        try "name: plain\nadapter: mock\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try ProviderManifest.load(from: file).prompts == nil)
    }

    /// The shipped llama-local manifest names the small-model set, and that set loads cleanly.
    @Test func llamaLocalUsesTheSmallModelFamilies() throws {
        let registry = try ProviderRegistry(directories: [try #require(Defaults.pluginsDirectory)])
        let manifest = try #require(registry.manifest(named: "llama-local"))
        let folder = try #require(manifest.prompts)
        #expect(folder.lastPathComponent == "small-model")
        // Its context, which the document passages are sized to, is the server's `-c`.
        #expect(manifest.limits.contextTokens == 4096)
        let set = try FamilySet.load(directory: folder)
        #expect(Set(set.families.map(\.name)) == ["plan", "lesson", "grammar-lesson", "flashcards", "quiz", "terms", "ask"])
        for name in ["plan", "flashcards", "quiz", "terms"] {
            #expect(set.family(named: name)?.jsonSchema?.contains("maxItems") == true, "\(name) ends its lists with maxItems")
        }
    }
}
