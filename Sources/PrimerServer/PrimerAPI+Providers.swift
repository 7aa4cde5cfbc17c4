import Foundation
import PrimerCore
import PrimerProviders

extension PrimerAPI {
    /// The server's providers and profiles: names, adapters, models, capabilities and whether
    /// their key is set in the server's environment — never the key, nor the variable's value.
    func listProviders(_ input: Operations.ListProviders.Input) async throws -> Operations.ListProviders.Output {
        _ = try Caller.requireAccount()
        let resolver = workspace.resolver
        let environment = workspace.locations.environment
        var providers: [Components.Schemas.Provider] = []
        for name in resolver.names {
            let manifest = try resolver.manifest(named: name)
            let keyVariable = try? manifest.settingsReader.string("api_key_env")
            let needsKey = !(keyVariable ?? "").isEmpty
            providers.append(
                .init(
                    name: name, adapter: manifest.adapter, model: manifest.model, capabilities: manifest.capabilities, needsKey: needsKey,
                    available: !needsKey || !(environment[keyVariable ?? ""] ?? "").isEmpty))
        }
        return .ok(.init(body: .json(.init(defaultProvider: workspace.providerName(policy.provider), providers: providers))))
    }
}
