import PrimerCore

/// A provider whose server Primer starts itself (a manifest with `launch:`). The server is
/// started on the first request, not before, so a run with nothing to generate starts nothing;
/// `LaunchedServers.stopAll()` stops what was started when the command ends.
public struct LaunchingProvider: Provider, ProviderChecking {
    public let base: any Provider
    public let server: LocalServer

    public init(base: any Provider, server: LocalServer) {
        self.base = base
        self.server = server
    }

    public var name: String { base.name }
    public var model: String { base.model }

    public func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        try await LaunchedServers.shared.asking(server, for: base.name) { try await base.complete(request) }
    }

    /// A check does not start the server: it reports whether one answers now.
    public func check() async -> ProviderCheck {
        guard let checking = base as? any ProviderChecking else {
            return ProviderCheck(reachable: false, message: "cannot check \(base.name)")
        }
        var check = await checking.check()
        if !check.reachable {
            check.message += " Primer starts this server itself when a run needs it (`launch:` in its manifest)."
            let missing = server.missingFiles()
            if !missing.isEmpty {
                check.message += " It is not installed (\(missing.joined(separator: ", ")) missing): run \(server.spec.installHint.isEmpty ? "its install script" : server.spec.installHint)."
            }
        }
        return check
    }
}

/// The servers this process started, so the command can stop them all when it ends.
public actor LaunchedServers {
    public static let shared = LaunchedServers()
    private var servers: [ObjectIdentifier: LocalServer] = [:]

    /// Starts `server` for the provider or embedder `name` if it is not running. Not installed,
    /// port taken, failed to start: a `ProviderError` no retry can fix.
    @discardableResult
    func ensureRunning(_ server: LocalServer, for name: String) async throws -> LocalServer.Outcome {
        do {
            servers[ObjectIdentifier(server)] = server
            return try await server.ensureRunning()
        } catch let error as LocalServerError {
            throw ProviderError(provider: name, message: error.description, retryable: false)
        }
    }

    /// Makes `request` of `server`, started first if nothing answers on its port. A server
    /// another command started (a second `primer` on this machine) stops when that command
    /// ends, which can fall between the check and the request: then this process starts its
    /// own and asks again, once, instead of failing the run.
    nonisolated func asking<T: Sendable>(
        _ server: LocalServer, for name: String, _ request: @Sendable () async throws -> T
    ) async throws -> T {
        let outcome = try await ensureRunning(server, for: name)
        do {
            return try await request()
        } catch let error as ProviderError where error.retryable && outcome == .alreadyRunning {
            // Not started (another server answers again, or ours cannot start): the request's
            // own error stands, retryable as it was.
            guard case .started = try? await ensureRunning(server, for: name) else { throw error }
            return try await request()
        }
    }

    /// Stops every server this process started (servers it found running are left alone).
    public func stopAll() async {
        for server in servers.values { await server.stop() }
        servers.removeAll()
    }
}
