/// A user-facing error: one sentence on what went wrong and what to do about it.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
