import Foundation

/// An API key read from the environment. It prints, dumps and reflects as `<redacted>` so it
/// cannot leak into errors, logs or test output by accident; only `authorizationHeader` and
/// `redact` use the value.
public struct APIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private let value: String
    /// The environment variable it came from (safe to show).
    public let variable: String

    public init(value: String, variable: String) {
        self.value = value
        self.variable = variable
    }

    /// `Bearer <key>`.
    public var authorizationHeader: String { "Bearer \(value)" }

    /// `text` with every occurrence of the key replaced by `$VARIABLE` (servers sometimes echo keys back).
    public func redact(_ text: String) -> String {
        guard value.count >= 4 else { return text }
        return text.replacingOccurrences(of: value, with: "$\(variable)")
    }

    public var description: String { "<redacted \(variable)>" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["variable": variable]) }
}
