import Hummingbird

/// API answers are one account's data: never kept by a cache on the way (`no-store`).
struct NoStoreMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if request.uri.path.hasPrefix("/api/") { response.headers[.cacheControl] = "no-store" }
        return response
    }
}

/// A POST without a body and without a Content-Type is sent `{}`: the document marks some
/// bodies optional (`startGeneration`, `explainItem`), and the runtime would otherwise read the
/// nothing as broken JSON (400). A route whose body is required then says which field is missing.
struct EmptyBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post, request.headers[.contentType] == nil, request.headers[.transferEncoding] == nil,
            (request.headers[.contentLength] ?? "0") == "0"
        else { return try await next(request, context) }
        var head = request.head
        head.headerFields[.contentType] = "application/json"
        head.headerFields[.contentLength] = "2"
        return try await next(Request(head: head, body: RequestBody(buffer: ByteBuffer(string: "{}"))), context)
    }
}
