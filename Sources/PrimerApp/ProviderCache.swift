import Foundation
import PrimerCore

/// The providers (and embedders) a workspace made, one per name (an exec provider is one process, a local server
/// one launch), shared by every view of the workspace (`Workspace.owned(by:)`).
final class ProviderCache: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [String: any Provider] = [:]
    private var embedders: [String: any Embedder] = [:]

    /// The provider of this name, made by `make` on first use.
    func provider(named name: String, make: () throws -> any Provider) throws -> any Provider {
        try lock.withLock {
            if let existing = made[name] { return existing }
            let provider = try make()
            made[name] = provider
            return provider
        }
    }

    /// The embedder of this name, made by `make` on first use.
    func embedder(named name: String, make: () throws -> any Embedder) throws -> any Embedder {
        try lock.withLock {
            if let existing = embedders[name] { return existing }
            let embedder = try make()
            embedders[name] = embedder
            return embedder
        }
    }
}
