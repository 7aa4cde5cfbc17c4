import ArgumentParser
import Foundation
import PrimerCore
import PrimerDefaults
import PrimerProviders
import PrimerStore

/// Where the store is: --store, then PRIMER_STORE, then a per-user default.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The SQLite store (default: $PRIMER_STORE, else a per-user file).")
    var store: String?

    func open() throws -> SQLiteStore {
        try SQLiteStore(path: StoreLocation.resolve(flag: store, environment: ProcessInfo.processInfo.environment))
    }
}

/// Where the prompt families are: --prompts, then PRIMER_PROMPTS, then ./Prompts when the
/// current folder has one (so edits there take effect without a rebuild), then the shipped ones.
struct PromptsOptions: ParsableArguments {
    @Option(name: .long, help: "Folder of prompt families (default: $PRIMER_PROMPTS, ./Prompts, or the built-in ones).")
    var prompts: String?

    func directory() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = prompts ?? environment["PRIMER_PROMPTS"] {
            return URL(fileURLWithPath: path)
        }
        let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Prompts")
        if FileManager.default.fileExists(atPath: local.path) { return local }
        guard let shipped = Defaults.promptsDirectory else {
            throw CLIError("the built-in prompt families were not found next to the primer binary; pass --prompts DIR or set PRIMER_PROMPTS")
        }
        return shipped
    }

    func load() throws -> FamilySet {
        let url = try directory()
        do {
            return try FamilySet.load(directory: url)
        } catch let errors as FamilyLoadErrors {
            throw CLIError("the prompt families in \(url.path) have problems:\n\(errors)\nFix them, then check with `primer prompts lint`.")
        }
    }
}

/// Where provider manifests are: the shipped ones, overridden by ./Plugins and then by
/// --plugins or PRIMER_PLUGINS (a manifest with the same name wins).
struct PluginsOptions: ParsableArguments {
    @Option(name: .long, help: "Extra folder of provider manifests (default: $PRIMER_PLUGINS and ./Plugins).")
    var plugins: String?

    func directories() -> [URL] {
        var directories: [URL] = []
        if let shipped = Defaults.pluginsDirectory { directories.append(shipped) }
        let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Plugins")
        if FileManager.default.fileExists(atPath: local.path) { directories.append(local) }
        if let path = plugins ?? ProcessInfo.processInfo.environment["PRIMER_PLUGINS"] {
            directories.append(URL(fileURLWithPath: path))
        }
        return directories
    }

    func registry() throws -> ProviderRegistry {
        try ProviderRegistry(directories: directories())
    }
}

/// The provider to use: --provider, then PRIMER_PROVIDER, then the default.
enum ProviderChoice {
    static let fallback = "mock"

    static func name(flag: String?) -> String {
        flag ?? ProcessInfo.processInfo.environment["PRIMER_PROVIDER"] ?? fallback
    }
}
