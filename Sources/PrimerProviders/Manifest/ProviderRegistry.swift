import Foundation
import PrimerCore

/// Builds a provider from its manifest and the process environment (where API keys live).
public typealias ProviderFactory = @Sendable (ProviderManifest, [String: String]) throws -> any Provider
/// Builds an embedder (a model that turns texts into vectors) the same way.
public typealias EmbedderFactory = @Sendable (ProviderManifest, [String: String]) throws -> any Embedder

/// The provider manifests found in a list of folders, and the adapters that can build them.
public struct ProviderRegistry: Sendable {
    /// The adapter table: `adapter:` value → factory. A new adapter plugs in with one line here.
    public static let builtInAdapters: [String: ProviderFactory] = [
        "mock": { manifest, environment in try MockProvider(manifest: manifest, environment: environment) },
        "openai-chat": { manifest, environment in try OpenAIChatProvider(manifest: manifest, environment: environment) },
        "exec": { manifest, environment in try ExecProvider(manifest: manifest, environment: environment) },
        "perplexity": { manifest, environment in try PerplexityProvider(manifest: manifest, environment: environment) },
    ]

    /// The embedding adapters: their manifests name embedding models (`--embedder`), not
    /// providers that write kits.
    public static let builtInEmbedderAdapters: [String: EmbedderFactory] = [
        "mock-embeddings": { manifest, environment in try MockEmbedder(manifest: manifest, environment: environment) },
        "openai-embeddings": { manifest, environment in try OpenAIEmbeddingsProvider(manifest: manifest, environment: environment) },
        "exec-embeddings": { manifest, environment in try ExecProvider(manifest: manifest, environment: environment) },
    ]

    public static var builtInAdapterNames: [String] { (Array(builtInAdapters.keys) + Array(builtInEmbedderAdapters.keys)).sorted() }

    /// Every manifest, sorted by name.
    public let manifests: [ProviderManifest]
    public let adapters: [String: ProviderFactory]
    public let embedderAdapters: [String: EmbedderFactory]

    /// Reads `*.yaml`/`*.yml` from each folder. A later folder overrides an earlier one by provider
    /// name (user plugins over shipped ones); folders that do not exist are skipped.
    public init(directories: [URL]) throws {
        try self.init(directories: directories, adapters: Self.builtInAdapters)
    }

    public init(directories: [URL], adapters: [String: ProviderFactory]) throws {
        var byName: [String: ProviderManifest] = [:]
        for directory in directories {
            var inThisFolder: [String: ProviderManifest] = [:]
            for file in try Self.manifestFiles(in: directory) {
                let manifest = try ProviderManifest.load(from: file)
                if let other = inThisFolder[manifest.name] {
                    throw ProviderConfigError.duplicateName(
                        name: manifest.name, files: [other.file.path, manifest.file.path])
                }
                inThisFolder[manifest.name] = manifest
            }
            byName.merge(inThisFolder) { _, later in later }
        }
        try self.init(manifests: Array(byName.values), adapters: adapters)
    }

    /// A registry over manifests already in hand (tests, embedding apps).
    public init(
        manifests: [ProviderManifest], adapters: [String: ProviderFactory] = ProviderRegistry.builtInAdapters,
        embedderAdapters: [String: EmbedderFactory] = ProviderRegistry.builtInEmbedderAdapters
    ) throws {
        let known = (Array(adapters.keys) + Array(embedderAdapters.keys)).sorted()
        for manifest in manifests where adapters[manifest.adapter] == nil && embedderAdapters[manifest.adapter] == nil {
            throw ProviderConfigError.unknownAdapter(
                file: manifest.file.path, line: manifest.line(ofKey: "adapter"), adapter: manifest.adapter, known: known)
        }
        self.manifests = manifests.sorted { $0.name < $1.name }
        self.adapters = adapters
        self.embedderAdapters = embedderAdapters
    }

    /// Whether the manifest names an embedding model rather than a provider that writes kits.
    public func isEmbedder(_ manifest: ProviderManifest) -> Bool { embedderAdapters[manifest.adapter] != nil }

    public var names: [String] { manifests.map(\.name) }

    public func manifest(named name: String) -> ProviderManifest? {
        manifests.first { $0.name == name }
    }

    /// Builds the named provider. Throws `ProviderConfigError` for an unknown name or bad settings.
    public func makeProvider(named name: String, environment: [String: String]) throws -> any Provider {
        guard let manifest = manifest(named: name) else {
            throw ProviderConfigError.unknownProvider(name: name, available: names)
        }
        return try makeProvider(from: manifest, environment: environment)
    }

    /// Builds a provider from a manifest in hand (e.g. one a `primer.yaml` profile changed).
    public func makeProvider(from manifest: ProviderManifest, environment: [String: String]) throws -> any Provider {
        if isEmbedder(manifest) {
            throw ProviderConfigError.badValue(
                file: manifest.file.path, line: manifest.line(ofKey: "adapter"), key: "adapter",
                problem: "is `\(manifest.adapter)`: `\(manifest.name)` is an embedding model, which turns texts into vectors "
                    + "and cannot write a kit; choose a provider (`primer providers` lists them) and give `\(manifest.name)` to --embedder")
        }
        guard let factory = adapters[manifest.adapter] else {
            throw ProviderConfigError.unknownAdapter(
                file: manifest.file.path, line: manifest.line(ofKey: "adapter"), adapter: manifest.adapter,
                known: adapters.keys.sorted())
        }
        return try factory(manifest, environment)
    }

    /// Builds the embedder a manifest names; a provider's manifest is refused with what to do.
    public func makeEmbedder(from manifest: ProviderManifest, environment: [String: String]) throws -> any Embedder {
        guard let factory = embedderAdapters[manifest.adapter] else {
            let embedders = manifests.filter(isEmbedder).map(\.name)
            throw ProviderConfigError.badValue(
                file: manifest.file.path, line: manifest.line(ofKey: "adapter"), key: "adapter",
                problem: "is `\(manifest.adapter)`: `\(manifest.name)` writes kits and makes no embeddings; the embedding models are: "
                    + (embedders.isEmpty ? "none (add a manifest with `adapter: openai-embeddings`)" : embedders.joined(separator: ", ")))
        }
        return try factory(manifest, environment)
    }

    /// The manifest files of one folder, sorted by file name; none when the folder does not exist.
    static func manifestFiles(in folder: URL) throws -> [URL] {
        // The repository's Plugins/ is a link into Sources/PrimerDefaults; list the real folder.
        let directory = folder.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return [] }
        let entries: [URL]
        do {
            entries = try FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        } catch {
            throw ProviderConfigError.unreadable(file: directory.path, reason: error.localizedDescription)
        }
        return entries
            .filter { ["yaml", "yml"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
