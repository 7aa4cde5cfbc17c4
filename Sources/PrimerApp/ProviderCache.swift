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
        try lock.withLock { try Self.made(name, in: &made, make) }
    }

    /// The embedder of this name, made by `make` on first use.
    func embedder(named name: String, make: () throws -> any Embedder) throws -> any Embedder {
        try lock.withLock { try Self.made(name, in: &embedders, make) }
    }

    private static func made<T>(_ name: String, in known: inout [String: T], _ make: () throws -> T) throws -> T {
        if let existing = known[name] { return existing }
        let value = try make()
        known[name] = value
        return value
    }
}
