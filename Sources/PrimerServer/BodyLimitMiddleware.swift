import Hummingbird

/// Refuses a request body over the server's limit (413) before any of it is read into a
/// handler: by its Content-Length when it has one, else by reading at most the limit.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        if let length = request.headers[.contentLength].flatMap(Int.init) {
            if length > maxBytes { throw Self.tooLarge(maxBytes) }
        } else if request.method != .get && request.method != .head {
            do { _ = try await request.collectBody(upTo: maxBytes) } catch let error as HTTPError where error.status == .contentTooLarge {
                throw Self.tooLarge(maxBytes)
            }
        }
        return try await next(request, context)
    }

    static func tooLarge(_ maxBytes: Int) -> APIError {
        APIError(.tooLarge, "The request body is larger than this server takes (\(maxBytes / 1_048_576) MB); send a smaller one.")
    }
}
