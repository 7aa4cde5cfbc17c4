import Foundation
import PrimerCore
import PrimerProviders

/// A provider or profile as a front end lists it: never its key, only whether one is needed and set.
public struct ProviderListing: Sendable, Encodable {
    public var name: String
    public var adapter: String
    public var model: String
    public var capabilities: [String]
    public var needsKey: Bool
    /// The key it needs is set in this process's environment.
    public var available: Bool
    public var isEmbedder: Bool
}

extension Workspace {
    /// Every provider and profile this workspace knows, by name.
    public func providerListings() throws -> [ProviderListing] {
        try resolver.names.map { name in
            let manifest = try resolver.manifest(named: name)
            let keyVariable = (try? manifest.settingsReader.string("api_key_env")) ?? ""
            return ProviderListing(
                name: name, adapter: manifest.adapter, model: manifest.model, capabilities: manifest.capabilities, needsKey: !keyVariable.isEmpty,
                available: keyVariable.isEmpty || !(locations.environment[keyVariable] ?? "").isEmpty,
                isEmbedder: resolver.registry.isEmbedder(manifest))
        }
    }

    /// The provider a run would use for `name` (else the workspace's choice), checked: an
    /// `UnusableProvider` when there is none of that name, when it is an embedding model (it
    /// writes nothing), or when it cannot be made here (a key or a program missing).
    public func usableProvider(_ name: String?) throws -> String {
        let chosen = providerName(name)
        guard let manifest = try? resolver.manifest(named: chosen) else { throw UnusableProvider(name: chosen, reason: .unknown) }
        if resolver.registry.isEmbedder(manifest) { throw UnusableProvider(name: chosen, reason: .embedder) }
        do { _ = try provider(named: chosen) } catch { throw UnusableProvider(name: chosen, reason: .cannotBeMade("\(error)")) }
        return chosen
    }
}

/// Why a provider a front end named cannot run here; each front end words it for its users.
public struct UnusableProvider: KindedError, CustomStringConvertible, Sendable {
    public enum Reason: Sendable, Equatable {
        case unknown, embedder
        /// What making it said (a key not set, a program missing): for a log, not for a client.
        case cannotBeMade(String)
    }

    public let name: String
    public let reason: Reason
    public var kind: ErrorKind { .invalid }

    public var description: String {
        switch reason {
        case .unknown: "there is no provider named ‘\(name.prefix(60))’; `primer providers` lists them"
        case .embedder: "‘\(name.prefix(60))’ is an embedding model, which writes nothing; choose a provider"
        case .cannotBeMade(let why): "‘\(name.prefix(60))’ cannot be used: \(why)"
        }
    }
}
