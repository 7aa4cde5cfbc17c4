import Foundation
import PrimerTestSupport
import Testing

/// `GET /metrics` over real HTTP: off unless `PRIMER_METRICS_TOKEN` is set, then answered only to
/// that bearer token, in Prometheus' text format, its counters moving as a job runs; and the
/// request log (`PRIMER_LOG_LEVEL=info`) says each request's route, status and time.
@Suite struct MetricsEndpointTests {
    static let token = "metrics-\(UUID().uuidString)"

    @Test func metricsAreAnsweredOnlyToTheTokenAndMoveWithAJob() async throws {
        let server = try await ServerProcess(engine: .sqlite, environment: ["PRIMER_METRICS_TOKEN": Self.token, "PRIMER_LOG_LEVEL": "info"])
        defer { server.terminate() }
        let anonymous = APIClient(baseURL: server.baseURL)
        #expect(try await anonymous.request(.GET, "/metrics").status == 404, "no token: a path that does not exist")
        #expect(try await anonymous.request(.GET, "/metrics", headers: [("Authorization", "Bearer wrong")]).status == 404)
        let scrape = { () async throws -> String in
            let reply = try await anonymous.request(.GET, "/metrics", headers: [("Authorization", "Bearer \(Self.token)")])
            #expect(reply.status == 200 && (reply.headers.first(name: "Content-Type") ?? "").hasPrefix("text/plain"))
            return reply.text
        }

        let app = try await anonymous.signedUp(email: "ops@example.com")
        let subjectID = try #require(try await app.request(.POST, "/api/subjects", json: ["title": "Cell Biology"]).json["id"] as? Int)
        let first = try await Self.runJob(app, subjectID: subjectID, maxSubtopics: 1)
        #expect(first == "succeeded")
        let after = try await scrape()
        let calls = Self.value(after, #"primer_provider_calls_total{provider="mock"}"#)
        #expect((calls ?? 0) >= 2, "the plan and the subtopic's families called the mock:\n\(after.prefix(2_000))")
        #expect((Self.value(after, #"primer_provider_tokens_total{provider="mock",kind="completion"}"#) ?? 0) > 0)
        #expect(Self.value(after, #"primer_jobs_finished_total{status="succeeded"}"#) == 1)
        #expect(Self.value(after, #"primer_jobs{state="running"}"#) == 0)
        // Requests by route, method and status, with a latency histogram per route.
        #expect(after.contains(#"http_route="/api/subjects""#) && after.contains(#"http_response_status_code="201""#), "\(after.prefix(3_000))")
        #expect(after.contains("http_server_request_duration_bucket{"))

        // A second job (the next subtopic): the counters moved on.
        #expect(try await Self.runJob(app, subjectID: subjectID, nextSubtopics: 1) == "succeeded")
        let later = try await scrape()
        #expect((Self.value(later, #"primer_provider_calls_total{provider="mock"}"#) ?? 0) > (calls ?? 0))
        #expect(Self.value(later, #"primer_jobs_finished_total{status="succeeded"}"#) == 2)

        // The request log: route (the pattern, not the path with its ids), status and time.
        let line = try #require(server.stderrText.split(separator: "\n").first { $0.contains("request") && $0.contains("route=/api/subjects/") })
        #expect(line.contains("status=") && line.contains("ms=") && !line.contains("/api/subjects/\(subjectID)"), "\(line)")
        #expect(!server.stderrText.contains(Self.token), "the token is never logged")
    }

    @Test func withoutATokenThereIsNoMetricsRoute() async throws {
        let server = try await ServerProcess(engine: .sqlite)
        defer { server.terminate() }
        let anonymous = APIClient(baseURL: server.baseURL)
        #expect(try await anonymous.request(.GET, "/metrics", headers: [("Authorization", "Bearer anything")]).status == 404)
    }

    /// Starts a job and follows it to its end; its final status.
    static func runJob(_ app: APIClient, subjectID: Int, maxSubtopics: Int? = nil, nextSubtopics: Int? = nil) async throws -> String? {
        var body: [String: Any] = [:]
        if let maxSubtopics { body["maxSubtopics"] = maxSubtopics }
        if let nextSubtopics { body["nextSubtopics"] = nextSubtopics }
        let started = try await app.request(.POST, "/api/subjects/\(subjectID)/jobs", json: body)
        let jobID = try #require(started.json["id"] as? Int, "\(started.text)")
        let events = try await app.events(ofJob: jobID)
        return events.last?.data["status"] as? String
    }

    /// The value of the sample `series` (name and labels as the text shows them), or nil.
    static func value(_ text: String, _ series: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }
}
