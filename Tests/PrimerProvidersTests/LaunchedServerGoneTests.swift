import Foundation
import PrimerCore
import Testing

@testable import PrimerProviders

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two `primer` commands on one machine share a launched server: the second uses the one the
/// first started, and the first stops it when it ends. A request that falls after that stop is
/// not lost: the second starts its own server and asks again.
@Suite struct LaunchedServerGoneTests {
    /// An embedder whose first request finds the server gone (it stops the other command's
    /// server, then fails as a refused connection does); later requests need a server answering.
    final class ServerGoesAway: Embedder, @unchecked Sendable {
        let name = "fake-embeddings"
        let model = "fake"
        let healthURL: String
        let stopOther: @Sendable () async -> Void
        private let lock = NSLock()
        private(set) var requests = 0

        init(healthURL: String, stopOther: @escaping @Sendable () async -> Void) {
            self.healthURL = healthURL
            self.stopOther = stopOther
        }

        func embed(_ texts: [String]) async throws -> [[Float]] {
            let first = lock.withLock { requests += 1; return requests == 1 }
            if first {
                await stopOther()
                throw ProviderError(provider: name, message: "cannot reach \(healthURL): is the server running?", retryable: true)
            }
            let health = try await AsyncHTTPTransport.shared.send(HTTPRequestSpec(method: "GET", url: healthURL, timeout: .seconds(2)))
            guard health.status == 200 else { throw ProviderError(provider: name, message: "not ready", retryable: false) }
            return texts.map { _ in [1] }
        }
    }

    @Test func aRequestAfterTheOtherCommandsServerStoppedStartsOurs() async throws {
        let cache = try makeFakeCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let spec = try fakeSpec(cache: cache, readyAfter: 0)
        let otherPID = try await startOthersServer(spec).processIdentifier
        defer { kill(otherPID, SIGKILL) }

        let server = LocalServer(spec: spec, pollInterval: .milliseconds(100))
        let embedder = ServerGoesAway(healthURL: spec.healthURL) {
            // SIGKILL: a child of Foundation's Process inherits the blocked SIGTERM of Swift's threads.
            kill(otherPID, SIGKILL)
            _ = await answers(spec.healthURL, within: .seconds(10), wanted: false)
        }
        let launching = LaunchingEmbedder(base: embedder, server: server)
        #expect(try await launching.embed(["osmosis"]) == [[1]])
        #expect(embedder.requests == 2, "asked again once the server was started")
        let ours = try #require(await server.processIdentifier, "this process started its own server")
        #expect(ours != otherPID)
        await server.stop()
        #expect(!processExists(ours))
    }

    @Test func aRefusedRequestToOurOwnServerIsNotMadeAgain() async throws {
        let cache = try makeFakeCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = LocalServer(spec: try fakeSpec(cache: cache, readyAfter: 0), pollInterval: .milliseconds(100))
        let embedder = ServerGoesAway(healthURL: server.spec.healthURL) {}
        await #expect(throws: ProviderError.self) { try await LaunchingEmbedder(base: embedder, server: server).embed(["osmosis"]) }
        #expect(embedder.requests == 1, "the server was ours: its retries are the provider's")
        await server.stop()
    }

    @Test func aRefusedRequestWhileTheOtherServerStillAnswersIsNotMadeAgain() async throws {
        let cache = try makeFakeCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let spec = try fakeSpec(cache: cache, readyAfter: 0)
        let otherPID = try await startOthersServer(spec).processIdentifier
        defer { kill(otherPID, SIGKILL) }

        let server = LocalServer(spec: spec, pollInterval: .milliseconds(100))
        // The request fails, but the server is still there: a second request would fail alike.
        let embedder = ServerGoesAway(healthURL: spec.healthURL) {}
        let error = await #expect(throws: ProviderError.self) { try await LaunchingEmbedder(base: embedder, server: server).embed(["osmosis"]) }
        #expect(error?.retryable == true, "the request's own error, retryable as it was")
        #expect(embedder.requests == 1)
        #expect(await server.processIdentifier == nil, "nothing started beside the server that answers")
    }
}
