import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

/// A Primer server as an app reaches it: the generated `Client` over URLSession, carrying the
/// bearer token of the learner's session. An app keeps the token (in the Keychain) and never a
/// provider key: those stay on the server.
public enum StudyServer {
    /// A client of the server at `baseURL`, authenticated when `token` is given.
    public static func client(_ baseURL: URL, token: String? = nil) -> Client {
        Client(serverURL: baseURL, transport: URLSessionTransport(), middlewares: token.map { [BearerToken(token: $0)] } ?? [])
    }

    /// Signs up and returns a client of the new account's session with its token.
    public static func signUp(_ baseURL: URL, name: String, email: String, password: String) async throws -> (client: Client, token: String) {
        let session = try await client(baseURL).signUp(body: .json(.init(name: name, email: email, password: password))).created.body.json
        return (client(baseURL, token: session.token), session.token)
    }

    /// Logs in and returns a client of the session with its token.
    public static func logIn(_ baseURL: URL, email: String, password: String) async throws -> (client: Client, token: String) {
        let session = try await client(baseURL).logIn(body: .json(.init(email: email, password: password))).ok.body.json
        return (client(baseURL, token: session.token), session.token)
    }
}

/// Adds `Authorization: Bearer <token>` to every request.
struct BearerToken: ClientMiddleware {
    let token: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}
