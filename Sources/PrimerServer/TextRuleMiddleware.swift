import Foundation
import Hummingbird
import PrimerCore

/// Applies `StoredText`'s rule to every request body but a form's, before any handler runs: a
/// control character in any string of the JSON (a title, a name, a password, a card's front) is
/// refused with 422, naming its field, so nothing is written and both store engines see the same
/// text. The bodies are read as bytes, as the decoder will read them, whatever their declared
/// type (the runtime reads a body without a Content-Type as JSON too).
struct TextRuleMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard [.post, .put, .patch].contains(request.method), !(request.headers[.contentType]?.lowercased().hasPrefix("multipart/") ?? false) else {
            return try await next(request, context)
        }
        var request = request
        let body = try await request.collectBody(upTo: maxBytes)
        if let problem = StoredText.problem(inJSON: body.readableBytesView) {
            throw APIError.invalid(problem.prefix(1).uppercased() + problem.dropFirst() + ".")
        }
        return try await next(request, context)
    }
}
