import PrimerCore
import PrimerProviders

/// Local servers (manifests with `launch:`): refuse early when one is not installed, and stop
/// the ones a command started when it ends, whether it succeeds or fails (a front end that
/// lives longer, such as a server, keeps them running instead).
public enum LocalServers {
    /// One message naming the install command and the other providers, before anything is stored.
    public static func requireInstalled(_ provider: any Provider) throws {
        guard let launching = launchingProvider(in: provider) else { return }
        let missing = launching.server.missingFiles()
        if !missing.isEmpty {
            throw WorkspaceError(.unavailable, LocalServerError.notInstalled(missing: missing, installHint: launching.server.spec.installHint).description
                + " Other providers: --provider mock (offline, deterministic), or see `primer providers`.")
        }
    }

    /// The `LaunchingProvider` under the wrappers (scrubbing, profile), if there is one.
    public static func launchingProvider(in provider: any Provider) -> LaunchingProvider? {
        var current = provider
        while true {
            if let launching = current as? LaunchingProvider { return launching }
            guard let wrapper = current as? any ProviderWrapper else { return nil }
            current = wrapper.wrapped
        }
    }

    public static func stoppingAfter<T>(_ body: () async throws -> T) async throws -> T {
        do {
            let result = try await body()
            await LaunchedServers.shared.stopAll()
            return result
        } catch {
            await LaunchedServers.shared.stopAll()
            throw error
        }
    }
}
