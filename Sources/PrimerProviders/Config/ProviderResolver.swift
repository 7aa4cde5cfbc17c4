import Foundation
import PrimerCore

/// Turns the name the user chose (a profile from primer.yaml or a manifest) into a provider.
public struct ProviderResolver: Sendable {
    public let registry: ProviderRegistry
    public let config: PrimerConfig

    public init(registry: ProviderRegistry, config: PrimerConfig) {
        self.registry = registry
        self.config = config
    }

    /// `--provider`, then `PRIMER_PROVIDER`, then primer.yaml's `provider`, then the fallback.
    public func chosenName(flag: String?, environment: [String: String], fallback: String) -> String {
        flag ?? environment["PRIMER_PROVIDER"] ?? config.provider ?? fallback
    }

    /// Every name the user can pass to --provider.
    public var names: [String] { (registry.names + config.profiles.keys).sorted() }

    /// The manifest behind a name, with a profile's overrides applied.
    public func manifest(named name: String) throws -> ProviderManifest {
        if let profile = config.profiles[name] {
            guard let base = registry.manifest(named: profile.provider) else {
                throw ProviderConfigError.unknownProvider(name: profile.provider, available: registry.names)
            }
            return profile.apply(to: base)
        }
        guard let manifest = registry.manifest(named: name) else {
            throw ProviderConfigError.unknownProvider(name: name, available: names)
        }
        return manifest
    }

    /// The provider behind `name`, ready to use. Whatever it sends back (answers, errors, check
    /// messages) is scrubbed of the secrets its manifest names (`ScrubbingProvider`), and its
    /// calls, tokens and errors are counted (`MeteredProvider`, for `/metrics`).
    public func makeProvider(named name: String, environment: [String: String]) throws -> any Provider {
        let manifest = try manifest(named: name)
        var provider = try registry.makeProvider(from: manifest, environment: environment)
        // A manifest with `launch:` names a local server Primer starts on first use.
        if let spec = try manifest.launchSpec(environment: environment) {
            provider = LaunchingProvider(base: provider, server: LocalServer(spec: spec))
        }
        if let profile = config.profiles[name], profile.temperature != nil || profile.maxTokens != nil {
            provider = ProfiledProvider(base: provider, name: name, temperature: profile.temperature, maxTokens: profile.maxTokens)
        }
        // Counted inside the scrubbing: the scrubbing stays what every answer passes last.
        return ScrubbingProvider(base: MeteredProvider(base: provider), scrubber: SecretScrubber(manifest: manifest, environment: environment))
    }

    /// The embedder behind `name` (`--embedder`), ready to use; a local server in its manifest
    /// (`launch:`) is started on first use, as a provider's is.
    public func makeEmbedder(named name: String, environment: [String: String]) throws -> any Embedder {
        let manifest = try manifest(named: name)
        let embedder = try registry.makeEmbedder(from: manifest, environment: environment)
        if let spec = try manifest.launchSpec(environment: environment) {
            return LaunchingEmbedder(base: embedder, server: LocalServer(spec: spec))
        }
        return embedder
    }
}
