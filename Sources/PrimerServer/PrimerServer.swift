import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import PrimerApp
import PrimerCore
import ServiceLifecycle

/// `primer serve`: the HTTP API `openapi.yaml` describes, on the workspace's store and
/// providers, beside its generation jobs.
public enum PrimerServer {
    /// Serves on `host`:`port` (0: a free port, told to `onRunning`) until SIGTERM or SIGINT.
    /// Opens the store first, so a store that cannot be used is refused before anything listens.
    /// On a signal the jobs stop first (cancelled, left to resume; their event streams end),
    /// then the server drains the requests in flight.
    public static func serve(
        workspace: Workspace, host: String, port: Int, logger: Logger,
        onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) async throws {
        let policy = workspace.config.server
        let accounts = try await workspace.accounts(policy: policy)
        let jobs = try await workspace.generationJobs(policy: policy, logger: logger)
        let router = Router(context: ServerContext.self)
        let web = try WebFiles.load()
        let routes = RouteTable(document: String(decoding: try Self.resource("openapi.yaml"), as: UTF8.self), files: web.files.map(\.path))
        let metrics = MetricsEndpoint(environment: workspace.locations.environment)
        if metrics != nil { router.add(middleware: MetricsMiddleware()) }
        router.add(middleware: RequestLogMiddleware(logger: logger))
        router.add(middleware: NoStoreMiddleware())
        router.add(middleware: ProblemMiddleware(logger: logger, routes: routes))
        router.add(middleware: MetricsEndpointMiddleware(endpoint: metrics))
        router.add(middleware: EmptyBodyMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBytes: policy.maxUploadBytes))
        router.add(middleware: TextRuleMiddleware(maxBytes: policy.maxUploadBytes))
        router.add(middleware: AuthenticationMiddleware(accounts: accounts, trustedProxies: Set(policy.trustedProxies)))
        for file in web.files {
            router.get(RouterPath(file.path)) { _, _ in
                Response(status: .ok, headers: Self.fileHeaders(file.type), body: .init(byteBuffer: ByteBuffer(data: file.body)))
            }
            router.head(RouterPath(file.path)) { _, _ in
                var headers = Self.fileHeaders(file.type)
                headers[.contentLength] = String(file.body.count)
                return Response(status: .ok, headers: headers)
            }
        }
        let api = PrimerAPI(
            workspace: workspace, accounts: accounts, jobs: jobs, policy: policy, logger: logger,
            extractions: ExtractionQueue(slots: policy.extractions))
        try api.registerHandlers(on: router, configuration: Configuration(dateTranscoder: APIDates()))
        // A client that sends nothing for `read_timeout_seconds` while its request is read (a body
        // that stalls) loses the connection; a handler that takes longer is not cut.
        let app = Application(
            router: router, server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ParserErrorHandler()], idleTimeout: .seconds(Int64(policy.readTimeoutSeconds)))),
            configuration: .init(address: .hostname(host, port: port), serverName: "primer"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) }, logger: logger)
        // A group shuts its services down last first: the jobs, then the server. A client that
        // holds a request open longer than the limit cannot keep the server from stopping.
        var configuration = ServiceGroupConfiguration(services: [app, jobs], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(Self.drainSeconds)
        try await ServiceGroup(configuration: configuration).run()
    }

    /// How long a stopping server waits for the requests in flight.
    static let drainSeconds: Int64 = 20

    /// The page runs only its own script and style (no inline script or style attribute — the
    /// page sets styles through the CSSOM — nothing from elsewhere).
    static func fileHeaders(_ type: String) -> HTTPFields {
        [
            .contentType: type, .init("X-Content-Type-Options")!: "nosniff",
            .init("Content-Security-Policy")!: "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        ]
    }

    /// A file shipped with the binary (`Bundle.module`).
    static func resource(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil) else {
            throw APIError(.internalError, "\(name) is missing from this build")
        }
        return try Data(contentsOf: url)
    }
}
