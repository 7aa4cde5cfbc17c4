import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenAPIRuntime
import PrimerApp
import PrimerCore

/// Every error the server answers with, as one JSON shape: `{"status", "kind", "message"}`. The
/// one place an error becomes a status (`ProblemKind.status`).
struct Problem: Encodable, Sendable {
    var status: Int
    var kind: String
    var message: String
    var retryAfter: Int?

    enum CodingKeys: String, CodingKey { case status, kind, message }

    init(_ kind: ProblemKind, _ message: String, status: Int? = nil, retryAfter: Int? = nil) {
        self.status = status ?? kind.status
        self.kind = kind.rawValue
        self.message = message
        self.retryAfter = retryAfter
    }

    /// The problem an error is; `logger` keeps the details of the server's own failures.
    init(_ error: any Error, logger: Logger) {
        switch error {
        case let error as APIError:
            self.init(error.kind, error.description, retryAfter: error.retryAfter)
        case let error as OpenAPIRuntime.ServerError:
            let underlying = error.underlyingError
            if underlying is APIError || underlying is any KindedError || underlying is CancellationError {
                self.init(underlying, logger: logger)
            } else if let status = (underlying as? any HTTPResponseConvertible)?.httpStatus ?? Optional(error.httpStatus),
                status.kind == .clientError
            {
                // The runtime could not read the request as the document describes it.
                self.init(
                    .malformed,
                    "The request does not match the API described at /openapi.yaml: \(Self.detail(of: underlying, or: error.causeDescription))")
            } else {
                logger.error("\(error.operationID) failed: \(underlying)")
                self.init(.internalError, "The server failed to answer \(error.operationID); the failure is in its log.")
            }
        case let error as HTTPError:
            let kind: ProblemKind = switch error.status.code {
            case 404: .notFound
            case 413: .tooLarge
            case 401: .unauthenticated
            default: .malformed
            }
            self.init(kind, error.body ?? error.status.reasonPhrase, status: error.status.code)
        case let error as RateLimited:
            self.init(.rateLimited, error.message, retryAfter: error.retryAfter)
        case let error as WorkspaceError:
            // The message without the CLI's hint (a command or a flag an API client has not).
            self.init(ProblemKind(error.kind), error.message)
        case let error as StoreError where error.namesTheStore:
            // Where the store is and what its engine said stay in the log.
            logger.error("store failure: \(error)")
            self.init(.unavailable, "The server's store cannot be used just now; try again in a moment.", retryAfter: 5)
        case let error as any KindedError:
            self.init(ProblemKind(error.kind), "\(error)")
        case is CancellationError:
            self.init(.unavailable, "The server is stopping; ask again in a moment.")
        default:
            logger.error("request failed: \(error)")
            self.init(.internalError, "The server failed to answer; the failure is in its log.")
        }
    }

    /// What was wrong with the request, in the decoder's words where it has some.
    private static func detail(of error: any Error, or cause: String) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
            DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : "\(path): ") + context.debugDescription
        case DecodingError.keyNotFound(let key, _):
            return "\(key.stringValue) is missing"
        default:
            let described = "\(error)"
            return described.isEmpty ? cause : described
        }
    }

    /// The problem as the body of a response.
    var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data(#"{"kind":"internalError","message":"","status":500}"#.utf8)
    }

    static let contentType = "application/json; charset=utf-8"

    var response: Response {
        var headers: HTTPFields = [.contentType: Self.contentType]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(data: json)))
    }
}

/// Turns whatever a route throws into its `Problem`, so no error leaves the server as a bare
/// status or a stack of internal names.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && error.body == nil {
            if let allowed = routes.methods(for: request.uri.path), !allowed.contains(request.method.rawValue) {
                var response = Problem(
                    .methodNotAllowed, "\(request.uri.path) takes \(allowed.joined(separator: ", ")), not \(request.method); /openapi.yaml lists the API's routes."
                ).response
                response.headers[.allow] = allowed.joined(separator: ", ")
                return response
            }
            return Problem(.notFound, "No route \(request.method) \(request.uri.path); /openapi.yaml lists the API's routes.").response
        } catch {
            return Problem(error, logger: logger).response
        }
    }
}
