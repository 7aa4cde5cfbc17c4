import Foundation
import Hummingbird
import Logging

/// One log line per request at `info` (`PRIMER_LOG_LEVEL=info` shows them): method, route (the
/// matched pattern, never the path with its ids), status and milliseconds, as swift-log metadata.
/// No header, query or body is logged.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard logger.logLevel <= .info else { return try await next(request, context) }
        let started = ContinuousClock.now
        var status = "error"
        defer {
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
            logger.info(
                "request",
                metadata: [
                    "method": "\(request.method)", "route": "\(context.endpointPath ?? "unmatched")", "status": "\(status)",
                    "ms": "\(String(format: "%.1f", milliseconds))",
                ])
        }
        let response = try await next(request, context)
        status = String(response.status.code)
        return response
    }
}
