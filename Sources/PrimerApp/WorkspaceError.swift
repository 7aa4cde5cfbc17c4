/// A problem opening or using a workspace, in one sentence on what went wrong and what to do.
/// Front ends show it as it is (the CLI prints it, a server would answer 4xx with it).
public struct WorkspaceError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
