import Foundation
import Hummingbird
import NIOCore
import PrimerCore

/// Who sent the request being answered: set by `AuthenticationMiddleware` for the routes, read
/// by the handlers (the OpenAPI handlers see no Hummingbird context).
enum Caller {
    @TaskLocal static var account: Account?
    /// The session token the request carried, valid or not.
    @TaskLocal static var token: String?
    /// The client's address, for the login throttle.
    @TaskLocal static var address: String?
    /// The session cookie the response sets (`logIn`, `signUp`, `logOut`). Set here rather than
    /// through the generated response headers, which percent-encode a header's value.
    @TaskLocal static var cookie: ResponseCookie?

    /// The account, or 401 with what to do.
    static func requireAccount() throws -> Account {
        if let account { return account }
        if token != nil {
            throw APIError(.unauthenticated, "This session has ended or is not valid; log in again (POST /api/sessions).")
        }
        throw APIError.unauthenticated
    }
}

/// The request context of `primer serve`: Hummingbird's, with the client's address.
struct ServerContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// Finds the account of the request's session (a bearer token, else the session cookie) and
/// sets `Caller` for the rest of the request. A request without a valid session goes on as
/// anonymous: routes that need an account refuse it (`Caller.requireAccount`).
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let accounts: Accounts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let token = Self.bearer(request) ?? request.cookies[SessionToken.cookieName]?.value
        let account = if let token { try await accounts.account(token: token) } else { Account?.none }
        let cookie = ResponseCookie()
        var response = try await Caller.$account.withValue(account) {
            try await Caller.$token.withValue(token) {
                try await Caller.$address.withValue(context.remoteAddress?.ipAddress) {
                    try await Caller.$cookie.withValue(cookie) {
                        try await next(request, context)
                    }
                }
            }
        }
        if let value = cookie.value { response.headers[.setCookie] = value }
        return response
    }

    private static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return nil }
        let token = header.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}

/// The `Set-Cookie` value a handler chose for its response.
final class ResponseCookie: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?

    var value: String? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
