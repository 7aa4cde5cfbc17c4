import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PrimerApp
import PrimerCore

/// Who sent the request being answered: set by `AuthenticationMiddleware` for the routes, read
/// by the handlers (the OpenAPI handlers see no Hummingbird context).
enum Caller {
    @TaskLocal static var account: Account?
    /// The session token the request carried, valid or not.
    @TaskLocal static var token: String?
    /// The client's address, for the login throttle.
    @TaskLocal static var address: String?
    /// Headers the response carries as written (`Set-Cookie`, `Content-Disposition`): set here
    /// rather than through the generated response headers, which percent-encode a value.
    @TaskLocal static var headers: ResponseHeaders?

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
    let trustedProxies: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let token = Self.bearer(request) ?? request.cookies[SessionToken.cookieName]?.value
        let account = if let token { try await accounts.account(token: token) } else { Account?.none }
        let headers = ResponseHeaders()
        var response = try await Caller.$account.withValue(account) {
            try await Caller.$token.withValue(token) {
                try await Caller.$address.withValue(Self.clientAddress(request, peer: context.remoteAddress?.ipAddress, trusting: trustedProxies)) {
                    try await Caller.$headers.withValue(headers) {
                        try await next(request, context)
                    }
                }
            }
        }
        for (name, value) in headers.fields { response.headers[name] = value }
        return response
    }

    /// The client's address: the peer's, or, when the peer is a trusted proxy, the last address
    /// of `X-Forwarded-For` (the one that proxy appended; earlier ones the client could write).
    static func clientAddress(_ request: Request, peer: String?, trusting proxies: Set<String>) -> String? {
        guard let peer, proxies.contains(peer), let forwarded = request.headers[.init("X-Forwarded-For")!] else { return peer }
        let last = forwarded.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return last.isEmpty || last.count > 45 ? peer : last
    }

    private static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.prefix(7).lowercased() == "bearer " else { return nil }
        let token = header.dropFirst(7).trimmedSpaces
        return token.isEmpty ? nil : token
    }
}

/// The headers a handler chose for its response, as written.
final class ResponseHeaders: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [(HTTPField.Name, String)] = []

    var fields: [(HTTPField.Name, String)] { lock.withLock { stored } }

    func set(_ name: HTTPField.Name, _ value: String) {
        lock.withLock { stored.append((name, value)) }
    }
}
