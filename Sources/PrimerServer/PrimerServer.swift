import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
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
        let store = try await workspace.store()
        let policy = workspace.config.server
        let accounts = Accounts(store: store, policy: policy)
        let jobs = GenerationJobs(workspace: workspace, store: store, policy: policy, logger: logger)
        let router = Router(context: ServerContext.self)
        router.add(middleware: ProblemMiddleware(logger: logger))
        router.add(middleware: BodyLimitMiddleware(maxBytes: policy.maxUploadBytes))
        router.add(middleware: AuthenticationMiddleware(accounts: accounts))
        router.get("openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(data: try Self.document())))
        }
        let api = PrimerAPI(workspace: workspace, store: store, accounts: accounts, jobs: jobs, policy: policy)
        try api.registerHandlers(on: router)
        let app = Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: "primer"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) }, logger: logger)
        // A group shuts its services down last first: the jobs, then the server.
        let group = ServiceGroup(
            configuration: .init(services: [app, jobs], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    /// The API's OpenAPI document, as shipped with the binary.
    static func document() throws -> Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
            throw APIError(.internalError, "openapi.yaml is missing from this build")
        }
        return try Data(contentsOf: url)
    }
}
