import Foundation
import Hummingbird
import PrimerCore

/// Applies `StoredText`'s rule to every JSON body before any handler runs: a control character
/// in any string (a title, a name, a password, a card's front) is refused with 422, naming the
/// field, so nothing is written and both store engines see the same text. A body with no byte
/// that could stand for one (almost every body) passes after one scan.
struct TextRuleMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let type = request.headers[.contentType]?.lowercased(), type.hasPrefix("application/json") else {
            return try await next(request, context)
        }
        var request = request
        let body = try await request.collectBody(upTo: maxBytes)
        let bytes = body.readableBytesView
        if StoredText.mayHoldControls(json: bytes), let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
            let problem = StoredText.problem(inJSON: value)
        {
            throw APIError.invalid(problem.prefix(1).uppercased() + problem.dropFirst() + ".")
        }
        return try await next(request, context)
    }
}
