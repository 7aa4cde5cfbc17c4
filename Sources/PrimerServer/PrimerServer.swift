import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
import PrimerApp
import PrimerCore

/// `primer serve`: the HTTP API `openapi.yaml` describes, on the workspace's store and
/// providers, with its generation jobs as a service of the application (they stop with it).
public enum PrimerServer {
    /// The application on `host`:`port` (0: a free port, told to `onRunning`). Opens the store
    /// first, so a store that cannot be used is refused before anything listens.
    public static func application(
        workspace: Workspace, host: String, port: Int, logger: Logger,
        onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) async throws -> some ApplicationProtocol {
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
        return Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: "primer"), services: [jobs],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) }, logger: logger)
    }

    /// The API's OpenAPI document, as shipped with the binary.
    static func document() throws -> Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
            throw APIError(.internalError, "openapi.yaml is missing from this build")
        }
        return try Data(contentsOf: url)
    }
}
