import PrimerCore

/// A failure the server itself decides (who is asking, how much they may ask); the application
/// layer's failures come as `KindedError`s and are mapped by `Problem` the same way.
struct APIError: Error, CustomStringConvertible {
    let kind: ProblemKind
    let description: String
    /// Seconds after which asking again may work (429).
    var retryAfter: Int?

    init(_ kind: ProblemKind, _ description: String, retryAfter: Int? = nil) {
        self.kind = kind
        self.description = description
        self.retryAfter = retryAfter
    }

    static let unauthenticated = APIError(
        .unauthenticated, "Log in first: send the token `logIn` returned as `Authorization: Bearer <token>`, or the session cookie.")

    /// What another account's subject, job or item looks like: it does not exist for this one.
    static func notFound(_ what: String) -> APIError {
        APIError(.notFound, "No \(what) of yours has this id.")
    }

    static func invalid(_ description: String) -> APIError { APIError(.invalid, description) }
}

/// The kinds of failure a client sees, each with one HTTP status: the application layer's
/// `ErrorKind`s and the server's own.
enum ProblemKind: String, Sendable {
    case notFound, invalid, conflict, readOnly, unusable, unavailable
    case unauthenticated, tooLarge, rateLimited
    /// A request the document does not allow (malformed JSON, a missing field, a wrong type).
    case malformed
    /// A path the API has, with a method it does not take there.
    case methodNotAllowed
    /// A failure of the server's own; the message hides the details, the log keeps them.
    case internalError

    init(_ kind: ErrorKind) {
        switch kind {
        case .notFound: self = .notFound
        case .invalid: self = .invalid
        case .conflict: self = .conflict
        case .readOnly: self = .readOnly
        case .unusable: self = .unusable
        case .unavailable: self = .unavailable
        case .unauthenticated: self = .unauthenticated
        case .rateLimited: self = .rateLimited
        }
    }

    var status: Int {
        switch self {
        case .notFound: 404
        case .malformed: 400
        case .methodNotAllowed: 405
        case .invalid: 422
        case .conflict: 409
        case .unauthenticated: 401
        case .tooLarge: 413
        case .rateLimited: 429
        case .readOnly, .unusable, .unavailable: 503
        case .internalError: 500
        }
    }
}
