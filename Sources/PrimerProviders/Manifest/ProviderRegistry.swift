import Foundation
import PrimerCore

/// Builds a provider from its manifest and the process environment (where API keys live).
public typealias ProviderFactory = @Sendable (ProviderManifest, [String: String]) throws -> any Provider

/// The provider manifests found in a list of folders, and the adapters that can build them.
public struct ProviderRegistry: Sendable {
    /// The adapter table: `adapter:` value → factory. A new adapter plugs in with one line here.
    public static let builtInAdapters: [String: ProviderFactory] = [
        "mock": { manifest, environment in try MockProvider(manifest: manifest, environment: environment) },
        "openai-chat": { manifest, environment in try OpenAIChatProvider(manifest: manifest, environment: environment) },
        "exec": { manifest, environment in try ExecProvider(manifest: manifest, environment: environment) },
        "perplexity": { manifest, environment in try PerplexityProvider(manifest: manifest, environment: environment) },
    ]

    public static var builtInAdapterNames: [String] { builtInAdapters.keys.sorted() }

    /// Every manifest, sorted by name.
    public let manifests: [ProviderManifest]
    public let adapters: [String: ProviderFactory]

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
    public init(manifests: [ProviderManifest], adapters: [String: ProviderFactory] = ProviderRegistry.builtInAdapters) throws {
        let known = adapters.keys.sorted()
        for manifest in manifests where adapters[manifest.adapter] == nil {
            throw ProviderConfigError.unknownAdapter(
                file: manifest.file.path, line: manifest.line(ofKey: "adapter"), adapter: manifest.adapter, known: known)
        }
        self.manifests = manifests.sorted { $0.name < $1.name }
        self.adapters = adapters
    }

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
        guard let factory = adapters[manifest.adapter] else {
            throw ProviderConfigError.unknownAdapter(
                file: manifest.file.path, line: manifest.line(ofKey: "adapter"), adapter: manifest.adapter,
                known: adapters.keys.sorted())
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
