import Hummingbird
import NIOCore

/// Refuses a request body over the server's limit (413): at once by its Content-Length, else
/// while it streams in. The body is never gathered into one buffer here: it reaches the handlers
/// (and the multipart parser) in the chunks it arrived in, counted and, for a form, checked by
/// `MultipartScan` as it passes.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBytes { throw Self.tooLarge(maxBytes) }
        let scan = request.headers[.contentType].flatMap(MultipartScan.init(contentType:))
        if request.method != .get && request.method != .head {
            request.body = RequestBody(asyncSequence: GuardedBody(base: request.body, maxBytes: maxBytes, scan: scan))
        }
        return try await next(request, context)
    }

    static func tooLarge(_ maxBytes: Int) -> APIError {
        APIError(.tooLarge, "The request body is larger than this server takes (\(maxBytes / 1_048_576) MB); send a smaller one.")
    }
}

/// A request body passed on chunk by chunk: counted against the limit, and fed to a form's scan.
struct GuardedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let base: RequestBody
    let maxBytes: Int
    let scan: MultipartScan?

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RequestBody.AsyncIterator
        let maxBytes: Int
        var scan: MultipartScan?
        var total = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let chunk = try await base.next() else { return nil }
            total += chunk.readableBytes
            if total > maxBytes { throw BodyLimitMiddleware<BasicRequestContext>.tooLarge(maxBytes) }
            try scan?.feed(chunk.readableBytesView)
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), maxBytes: maxBytes, scan: scan) }
}
