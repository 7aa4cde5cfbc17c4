import ArgumentParser
import Foundation
import PrimerCore
import PrimerDefaults
import PrimerProviders
import PrimerStore

/// `--config`, then `PRIMER_CONFIG`, then ./primer.yaml, then ~/.config/primer/primer.yaml.
struct ConfigOptions: ParsableArguments {
    @Option(name: .long, help: "A primer.yaml with defaults and provider profiles (default: $PRIMER_CONFIG, ./primer.yaml, ~/.config/primer/primer.yaml).")
    var config: String?

    func load() throws -> PrimerConfig {
        let environment = ProcessInfo.processInfo.environment
        if let named = config ?? environment["PRIMER_CONFIG"] {
            return try PrimerConfig.load(file: URL(fileURLWithPath: named))
        }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for candidate in PrimerConfig.defaultLocations(environment: environment, currentDirectory: here)
        where FileManager.default.fileExists(atPath: candidate.path) {
            return try PrimerConfig.load(file: candidate)
        }
        return PrimerConfig()
    }
}

/// Where the store is: --store, then PRIMER_STORE, then primer.yaml, then a per-user default.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The SQLite store (default: $PRIMER_STORE, primer.yaml's store, else a per-user file).")
    var store: String?

    func open(config: PrimerConfig) throws -> SQLiteStore {
        let environment = ProcessInfo.processInfo.environment
        let flag = store ?? (environment["PRIMER_STORE"] == nil ? config.store : nil)
        return try SQLiteStore(path: StoreLocation.resolve(flag: flag, environment: environment))
    }
}

/// Where the prompt families are: --prompts, then PRIMER_PROMPTS, then primer.yaml, then the
/// provider manifest's `prompts:` (families written for its model), then ./Prompts when the
/// current folder has one (edits there take effect without a rebuild), then the ones built into
/// the binary.
struct PromptsOptions: ParsableArguments {
    @Option(name: .long, help: "Folder of prompt families (default: $PRIMER_PROMPTS, primer.yaml, ./Prompts, or the built-in ones).")
    var prompts: String?

    func directory(config: PrimerConfig, provider: ProviderManifest? = nil) throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = prompts ?? environment["PRIMER_PROMPTS"] ?? config.prompts {
            return URL(fileURLWithPath: path)
        }
        if let manifest = provider, let folder = manifest.prompts {
            guard FileManager.default.fileExists(atPath: folder.path) else {
                throw CLIError(
                    "provider \(manifest.name) (\(manifest.file.path)) names the prompts folder \(folder.path), which does not exist; "
                        + "fix its `prompts:` key or pass --prompts DIR")
            }
            return folder
        }
        let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Prompts")
        if FileManager.default.fileExists(atPath: local.path) { return local }
        guard let shipped = Defaults.promptsDirectory else {
            throw CLIError("the built-in prompt families were not found next to the primer binary; pass --prompts DIR or set PRIMER_PROMPTS")
        }
        return shipped
    }

    /// The families for a run on `provider` (its manifest's `prompts:` applies when the user chose none).
    func load(config: PrimerConfig, provider: ProviderManifest? = nil) throws -> FamilySet {
        let url = try directory(config: config, provider: provider)
        do {
            return try FamilySet.load(directory: url)
        } catch let errors as FamilyLoadErrors {
            throw CLIError("the prompt families in \(url.path) have problems:\n\(errors)\nFix them, then check with `primer prompts lint`.")
        }
    }
}

/// Where provider manifests are: the shipped ones, then ./Plugins, then primer.yaml's `plugins`,
/// then --plugins or PRIMER_PLUGINS (a manifest with the same name as an earlier one wins).
struct PluginsOptions: ParsableArguments {
    @Option(name: .long, help: "Extra folder of provider manifests (default: $PRIMER_PLUGINS; also ./Plugins and primer.yaml's plugins).")
    var plugins: String?

    func directories(config: PrimerConfig) -> [URL] {
        var directories: [URL] = []
        if let shipped = Defaults.pluginsDirectory { directories.append(shipped) }
        let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Plugins")
        if FileManager.default.fileExists(atPath: local.path) { directories.append(local) }
        directories += config.plugins.map { URL(fileURLWithPath: $0) }
        if let path = plugins ?? ProcessInfo.processInfo.environment["PRIMER_PLUGINS"] {
            directories.append(URL(fileURLWithPath: path))
        }
        return directories
    }

    func resolver(config: PrimerConfig) throws -> ProviderResolver {
        ProviderResolver(registry: try ProviderRegistry(directories: directories(config: config)), config: config)
    }
}

/// The provider used when nothing names one: the local llama.cpp server (no key, no network),
/// which `scripts/install-local-llm.sh` installs.
enum ProviderChoice {
    static let fallback = "llama-local"
}
