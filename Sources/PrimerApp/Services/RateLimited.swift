import PrimerCore

/// Asked too often: a server's limits on logins, sign-ups, jobs and questions. Says when to ask
/// again (`retryAfter`, seconds), which a server sends as `Retry-After`.
public struct RateLimited: KindedError, CustomStringConvertible, Sendable {
    public let kind = ErrorKind.rateLimited
    public let message: String
    public let retryAfter: Int

    public init(_ message: String, retryAfter: Int) {
        self.message = message
        self.retryAfter = retryAfter
    }

    public var description: String { message }
}
