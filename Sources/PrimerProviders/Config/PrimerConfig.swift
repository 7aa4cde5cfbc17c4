import Foundation
import PrimerCore
import Yams
import PrimerYAML

/// `primer.yaml`: the user's defaults and provider profiles.
///
/// ```yaml
/// provider: local            # default provider or profile
/// store: ~/study/kits.sqlite # default store
/// prompts: ./Prompts         # default prompt families folder
/// plugins: [./my-plugins]    # extra manifest folders
/// embedder: minilm-local     # an embedding model that ranks document passages by meaning too
/// profiles:
///   local:
///     provider: llama-local  # the manifest it starts from
///     max_tokens: 600
///   careful:
///     provider: openai
///     model: gpt-4o-mini
///     temperature: 0.2
///     limits: {concurrent_requests: 8, requests_per_minute: 300}
///     settings: {timeout_seconds: 60}   # merged into the manifest's adapter settings
/// study:                     # the FSRS scheduler, quiz pass mark, leeches (`StudySettings`)
///   desired_retention: 0.9
///   fuzz: false
/// ```
public struct PrimerConfig: Sendable {
    public var provider: String?
    /// The embedding model (a manifest name) grounding ranks passages with, besides BM25.
    public var embedder: String?
    public var store: String?
    public var prompts: String?
    public var plugins: [String] = []
    public var profiles: [String: ProviderProfile] = [:]
    /// How studying is scheduled and judged, from `study:`.
    public var study = StudyPolicy()
    /// What `primer serve` allows each account, from `server:`.
    public var server = ServerPolicy()
    /// The file it was read from; relative paths in it are relative to its folder.
    public var file: URL?

    public init() {}

    static let keys = ["provider", "embedder", "store", "prompts", "plugins", "profiles", "study", "server"]

    /// Reads a config file; a missing file is an error only when the user named it.
    public static func load(file: URL) throws -> PrimerConfig {
        let text: String
        do { text = try String(contentsOf: file, encoding: .utf8) } catch {
            throw ProviderConfigError.unreadable(file: file.path, reason: error.localizedDescription)
        }
        return try parse(yaml: text, file: file)
    }

    public static func parse(yaml text: String, file: URL) throws -> PrimerConfig {
        let root: Node?
        do { root = try SafeYAML.compose(yaml: text) } catch let error as YAMLAliasLimitError {
            throw ProviderConfigError.yamlAliases(file: file.path, line: error.line, problem: error.message)
        } catch {
            throw ProviderConfigError.yamlSyntax(file: file.path, line: nil, problem: "\(error)")
        }
        var config = PrimerConfig()
        config.file = file
        guard let root else { return config }
        guard root.mapping != nil else { throw ProviderConfigError.notAMapping(file: file.path, line: root.mark?.line) }
        let reader = ManifestSettings(node: root, file: file, section: nil)
        try reader.rejectUnknownKeys(allowed: keys)
        config.provider = try reader.string("provider")
        config.embedder = try reader.string("embedder")
        // A database address is not a path: only a file is resolved from this file's folder.
        config.store = try reader.string("store").map { $0.contains("://") ? $0 : config.resolve($0) }
        config.prompts = try reader.string("prompts").map { config.resolve($0) }
        config.plugins = (try reader.stringList("plugins") ?? []).map { config.resolve($0) }
        if let study = root["study"] { config.study = try StudySettings.parse(study, file: file) }
        if let server = root["server"] { config.server = try ServerSettings.parse(server, file: file) }
        if let profiles = root["profiles"] {
            guard let mapping = profiles.mapping else {
                throw ProviderConfigError.badType(file: file.path, line: profiles.mark?.line, key: "profiles", expected: "a mapping of profile names", got: "something else")
            }
            for (key, value) in mapping {
                guard let name = key.string else { continue }
                config.profiles[name] = try ProviderProfile.parse(name: name, node: value, file: file)
            }
        }
        return config
    }

    /// `~/x` is the home folder; a relative path is relative to the config file's folder.
    func resolve(_ path: String) -> String {
        if path.hasPrefix("~/") {
            return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(String(path.dropFirst(2))).path
        }
        if path.hasPrefix("/") || file == nil { return path }
        return file!.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL.path
    }

    /// Where Primer looks when `--config` and `PRIMER_CONFIG` are not given: `./primer.yaml`, then
    /// `$XDG_CONFIG_HOME/primer/primer.yaml` (`~/.config/primer/primer.yaml`).
    public static func defaultLocations(environment: [String: String], currentDirectory: URL) -> [URL] {
        let configHome = environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        return [currentDirectory.appendingPathComponent("primer.yaml"), configHome.appendingPathComponent("primer/primer.yaml")]
    }
}
