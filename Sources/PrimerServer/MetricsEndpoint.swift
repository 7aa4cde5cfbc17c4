import Foundation
import Hummingbird
import Metrics
import Prometheus

/// `GET /metrics`: the server's metrics in Prometheus' text format — requests by route, method
/// and status with their latency (Hummingbird's `MetricsMiddleware`), generation jobs queued,
/// running and finished (`GenerationJobs`), provider calls, tokens, errors and call times
/// (`MeteredProvider`).
///
/// Off by default: only when `PRIMER_METRICS_TOKEN` is set does the server count anything, and
/// only a request with `Authorization: Bearer <that token>` is answered; any other request for
/// `/metrics` is the 404 of a path that does not exist. The numbers say how busy the server is,
/// not whose data it holds, but an operator decides who sees them.
struct MetricsEndpoint: Sendable {
    static let tokenVariable = "PRIMER_METRICS_TOKEN"
    static let path = "/metrics"

    let token: String

    /// The endpoint when the environment sets a token (then the process's metrics go to
    /// `registry`), else nil.
    init?(environment: [String: String]) {
        guard let token = environment[Self.tokenVariable]?.trimmingCharacters(in: .whitespaces), !token.isEmpty else { return nil }
        self.token = token
        _ = Self.registry
    }

    /// The process's one registry. Bootstrapping swift-metrics is allowed once per process, so it
    /// happens the first time a server with metrics starts, and every later one reuses it.
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Latency buckets for requests that mostly take milliseconds.
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5), .seconds(30),
        ]
        MetricsSystem.bootstrap(factory)
        return registry
    }()

    /// Whether `request` carries the token (compared in time independent of where it differs).
    func admits(_ request: Request) -> Bool {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return false }
        let given = Array(header.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces).utf8)
        let expected = Array(token.utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// Answers `GET /metrics` before any account is looked up; every other request goes on.
struct MetricsEndpointMiddleware<Context: RequestContext>: RouterMiddleware {
    let endpoint: MetricsEndpoint?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path == MetricsEndpoint.path else { return try await next(request, context) }
        guard request.method == .get, let endpoint, endpoint.admits(request) else { throw HTTPError(.notFound) }
        var buffer: [UInt8] = []
        MetricsEndpoint.registry.emit(into: &buffer)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: buffer)))
    }
}
