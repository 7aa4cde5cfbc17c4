import Foundation

/// What `primer providers check` reports about one provider.
public struct ProviderCheck: Sendable, Equatable {
    /// The server answered at all.
    public var reachable: Bool
    /// The key was accepted; nil when it could not be told (unreachable, no auth involved).
    public var authorised: Bool?
    /// The manifest's model is among the models the server lists; nil when it could not be told.
    public var modelServed: Bool?
    /// The models the server lists.
    public var models: [String]
    /// The manifest's declared capabilities.
    public var capabilities: [String]
    /// One sentence for the user: all is well, or what is wrong and what to do.
    public var message: String

    public init(
        reachable: Bool, authorised: Bool? = nil, modelServed: Bool? = nil, models: [String] = [],
        capabilities: [String] = [], message: String
    ) {
        self.reachable = reachable
        self.authorised = authorised
        self.modelServed = modelServed
        self.models = models
        self.capabilities = capabilities
        self.message = message
    }

    /// Reachable, not refused, and the model (when known) is served.
    public var ok: Bool { reachable && authorised != false && modelServed != false }
}

/// A provider that can check, without generating anything, that it is usable: the server is up,
/// the key works, the model is there. Never throws: every problem becomes the check's message.
public protocol ProviderChecking: Sendable {
    func check() async -> ProviderCheck
}
