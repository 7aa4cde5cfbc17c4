import PrimerCore

/// An embedder whose server Primer starts itself (a manifest with `launch:`), on the first
/// texts to embed; stopped with the other launched servers when the command ends.
public struct LaunchingEmbedder: Embedder, ProviderChecking {
    public let base: any Embedder
    public let server: LocalServer

    public init(base: any Embedder, server: LocalServer) {
        self.base = base
        self.server = server
    }

    public var name: String { base.name }
    public var model: String { base.model }

    public func embed(_ texts: [String]) async throws -> [[Float]] {
        try await LaunchedServers.shared.asking(server, for: base.name) { try await base.embed(texts) }
    }

    /// A check starts the server (an embedder has nothing to ask of it otherwise), embeds one
    /// text, and says when it is not installed.
    public func check() async -> ProviderCheck {
        let missing = server.missingFiles()
        guard missing.isEmpty else {
            return ProviderCheck(
                reachable: false,
                message: "not installed (\(missing.joined(separator: ", ")) missing): run \(server.spec.installHint.isEmpty ? "its install script" : server.spec.installHint).")
        }
        do {
            let vector = try await embed(["check"])
            return ProviderCheck(reachable: true, authorised: true, modelServed: true, message: "\(vector.first?.count ?? 0) dimensions.")
        } catch {
            return ProviderCheck(reachable: false, message: "\(error)")
        }
    }
}
