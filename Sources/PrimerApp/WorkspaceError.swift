import PrimerCore

/// A problem opening or using a workspace, in one sentence on what went wrong and what to do,
/// and of a kind (`ErrorKind`) that front ends map once: the CLI to an exit status, a server to
/// an HTTP status.
public struct WorkspaceError: KindedError, CustomStringConvertible, Sendable {
    public let kind: ErrorKind
    public let description: String

    public init(_ kind: ErrorKind = .invalid, _ description: String) {
        self.kind = kind
        self.description = description
    }

    public init(_ description: String) { self.init(.invalid, description) }
}
