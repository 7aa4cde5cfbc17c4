import Foundation
import PrimerTestSupport
import Testing

/// Provider keys stay in the server's environment: no response, job message or log line shows
/// one, even when the provider fails.
@Suite struct ServerSecretsTests {
    @Test func aProviderKeyNeverReachesAClientOrTheLog() async throws {
        let secret = "sk-test-\(UUID().uuidString)"
        let refused = try RefusedPort()
        let server = try await ServerProcess(
            engine: .sqlite, settings: "server:\n  password_cost: 4\n",
            plugins: [
                "remote": """
                name: remote
                adapter: openai-chat
                model: remote-model
                capabilities: [json_schema]
                settings: {base_url: "http://127.0.0.1:\(refused.port)/v1", api_key_env: REMOTE_KEY, retry: {max_attempts: 1}}
                """
            ],
            environment: ["REMOTE_KEY": secret, "PRIMER_LOG_LEVEL": "debug"])
        defer { server.terminate() }
        let app = try await APIClient(baseURL: server.baseURL).signedUp(email: "ana@example.com")
        let providers = try await app.request(.GET, "/api/providers")
        let remote = (providers.json["providers"] as? [[String: Any]])?.first { $0["name"] as? String == "remote" }
        #expect(remote?["needsKey"] as? Bool == true && remote?["available"] as? Bool == true)
        let subject = try #require(try await app.request(.POST, "/api/subjects", json: ["title": "Optics"]).json["id"] as? Int)
        let job = try #require(try await app.request(.POST, "/api/subjects/\(subject)/jobs", json: ["provider": "remote"]).json["id"] as? Int)
        let events = try await app.events(ofJob: job)
        let end = try #require(events.last)
        #expect(end.event == "end" && end.data["status"] as? String == "failed", "\(end.data)")
        var seen = providers.text + (try await app.request(.GET, "/api/jobs/\(job)").text)
        seen += events.map { "\($0.data)" }.joined()
        await server.stop()
        #expect(server.stderrText.contains("debug"), "the server logged at debug level")
        seen += server.stderrText
        #expect(!seen.contains(secret), "the key reached a client or the log")
        #expect(!seen.contains(String(secret.suffix(12))))
    }
}
