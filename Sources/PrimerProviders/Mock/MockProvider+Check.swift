import Foundation

extension MockProvider: ProviderChecking {
    /// The mock runs in-process: always reachable, and it serves its one model.
    public func check() async -> ProviderCheck {
        ProviderCheck(
            reachable: true, authorised: nil, modelServed: true, models: [model], capabilities: ["json_schema", "seed"],
            message: "the mock provider works offline and serves `\(model)`")
    }
}
