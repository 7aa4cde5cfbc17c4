import Foundation
import PrimerCore
import PrimerDefaults
import PrimerProviders
import PrimerStore
import PrimerGeneration

/// Where a workspace's parts are, as a front end was told (flags, or a request) and as the
/// environment says. The precedence rules live here once, for every front end:
/// - config: `config`, `PRIMER_CONFIG`, ./primer.yaml, ~/.config/primer/primer.yaml;
/// - store: `store`, `PRIMER_STORE`, primer.yaml's `store`, a per-user file;
/// - prompts: `prompts`, `PRIMER_PROMPTS`, primer.yaml's `prompts`, the provider manifest's
///   `prompts:`, ./Prompts, the families built into the binary;
/// - plugins: the shipped manifests, ./Plugins, primer.yaml's `plugins`, then `plugins` or
///   `PRIMER_PLUGINS` (a later manifest with the same name wins);
/// - embedder: `embedder`, `PRIMER_EMBEDDER`, primer.yaml's `embedder` (`none` turns it off),
///   else, for the CLI and the server (`embedderByDefault`), `minilm-local` when its model is
///   installed, else none (passages are ranked by BM25 alone, the gates read words only);
/// - OCR language: `ocrLanguage`, `PRIMER_OCR_LANG`, else `eng` (tesseract's names).
public struct WorkspaceLocations: Sendable {
    public var config: String?
    public var store: String?
    public var prompts: String?
    public var plugins: String?
    public var embedder: String?
    /// Whether the installed `Workspace.defaultEmbedder` applies when no embedder is chosen: on
    /// for the CLI and the server, where a user who installed it wants meaning read; off for a
    /// library user, who chooses.
    public var embedderByDefault: Bool
    public var ocrLanguage: String?
    public var environment: [String: String]
    public var currentDirectory: URL

    public init(
        config: String? = nil, store: String? = nil, prompts: String? = nil, plugins: String? = nil, embedder: String? = nil,
        embedderByDefault: Bool = false, ocrLanguage: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) {
        self.config = config
        self.store = store
        self.prompts = prompts
        self.plugins = plugins
        self.embedder = embedder
        self.embedderByDefault = embedderByDefault
        self.ocrLanguage = ocrLanguage
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    /// Tesseract's language(s) for scans and photos.
    public var chosenOCRLanguage: String { ocrLanguage ?? environment["PRIMER_OCR_LANG"] ?? "eng" }

    public func loadConfig() throws -> PrimerConfig {
        if let named = config ?? environment["PRIMER_CONFIG"] {
            return try PrimerConfig.load(file: URL(fileURLWithPath: named))
        }
        for candidate in PrimerConfig.defaultLocations(environment: environment, currentDirectory: currentDirectory)
        where FileManager.default.fileExists(atPath: candidate.path) {
            return try PrimerConfig.load(file: candidate)
        }
        return PrimerConfig()
    }

    /// The store: `--store`, else `PRIMER_STORE`, else primer.yaml's `store:`, else the per-user
    /// file; a `postgres://` address names a database.
    public func storeAddress(config: PrimerConfig) throws -> StoreAddress {
        let flag = store ?? (environment["PRIMER_STORE"] == nil ? config.store : nil)
        return try StoreAddress.parse(StoreLocation.resolve(flag: flag, environment: environment), environment: environment)
    }

    /// The prompts folder for a run on `provider` (its manifest's `prompts:` applies when the
    /// user chose none).
    public func promptsDirectory(config: PrimerConfig, provider: ProviderManifest? = nil) throws -> URL {
        if let path = prompts ?? environment["PRIMER_PROMPTS"] ?? config.prompts {
            return URL(fileURLWithPath: path)
        }
        if let manifest = provider, let folder = manifest.prompts {
            guard FileManager.default.fileExists(atPath: folder.path) else {
                throw WorkspaceError(
                    "provider \(manifest.name) (\(manifest.file.path)) names the prompts folder \(folder.path), which does not exist; "
                        + "fix its `prompts:` key or name another prompts folder")
            }
            return folder
        }
        let local = currentDirectory.appendingPathComponent("Prompts")
        if FileManager.default.fileExists(atPath: local.path) { return local }
        guard let shipped = Defaults.promptsDirectory else {
            throw WorkspaceError("the built-in prompt families were not found next to the primer binary; name a prompts folder (PRIMER_PROMPTS, or `prompts:` in primer.yaml)")
        }
        return shipped
    }

    /// The prompt families for a run on `provider`, every problem of the folder in one error.
    public func families(config: PrimerConfig, provider: ProviderManifest? = nil) throws -> FamilySet {
        let url = try promptsDirectory(config: config, provider: provider)
        do {
            return try FamilySet.load(directory: url)
        } catch let errors as FamilyLoadErrors {
            throw WorkspaceError("the prompt families in \(url.path) have problems:\n\(errors)\nFix them, then check with `primer prompts lint`.")
        }
    }

    public func pluginDirectories(config: PrimerConfig) -> [URL] {
        var directories: [URL] = []
        if let shipped = Defaults.pluginsDirectory { directories.append(shipped) }
        let local = currentDirectory.appendingPathComponent("Plugins")
        if FileManager.default.fileExists(atPath: local.path) { directories.append(local) }
        directories += config.plugins.map { URL(fileURLWithPath: $0) }
        if let path = plugins ?? environment["PRIMER_PLUGINS"] {
            directories.append(URL(fileURLWithPath: path))
        }
        return directories
    }
}
