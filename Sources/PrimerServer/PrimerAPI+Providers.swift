import Foundation
import PrimerCore
import PrimerApp

extension PrimerAPI {
    /// The server's providers and profiles: names, adapters, models, capabilities and whether
    /// their key is set in the server's environment — never the key, nor the variable's value.
    func listProviders(_ input: Operations.ListProviders.Input) async throws -> Operations.ListProviders.Output {
        _ = try Caller.requireAccount()
        let providers = try workspace.providerListings().map {
            Components.Schemas.Provider(
                name: $0.name, adapter: $0.adapter, model: $0.model, capabilities: $0.capabilities, needsKey: $0.needsKey, available: $0.available)
        }
        return .ok(.init(body: .json(.init(defaultProvider: workspace.providerName(policy.provider), providers: providers))))
    }
}
