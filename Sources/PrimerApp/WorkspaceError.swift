import PrimerCore

/// A problem opening or using a workspace, in one sentence on what went wrong and what to do,
/// and of a kind (`ErrorKind`) that front ends map once: the CLI to an exit status, a server to
/// an HTTP status. `message` is for any front end; `cliHint` names a command or a flag, which only
/// the CLI shows (`description` is both, as the CLI prints it).
public struct WorkspaceError: KindedError, CustomStringConvertible, Sendable {
    public let kind: ErrorKind
    public let message: String
    public let cliHint: String?

    public init(_ kind: ErrorKind = .invalid, _ message: String, cliHint: String? = nil) {
        self.kind = kind
        self.message = message
        self.cliHint = cliHint
    }

    public init(_ message: String, cliHint: String? = nil) { self.init(.invalid, message, cliHint: cliHint) }

    public var description: String { cliHint.map { "\(message); \($0)" } ?? message }
}
