import Foundation
import PrimerTestSupport
import Testing

/// The server tested as a public service from its own document: schemathesis (PyPI) generates
/// requests from openapi.yaml — valid and invalid bodies, parameters, ids — and checks that none
/// gets a 5xx and that every status, content type, header and body is one the document declares.
@Suite struct SchemathesisTests {
    @Test func generatedRequestsGetNoServerErrorAndOnlyDocumentedResponses() async throws {
        // Limits high enough that the generated requests test the routes, not the throttles.
        let server = try await ServerProcess(
            engine: .sqlite,
            settings: ServerProcess.testSettings
                + "  login_attempts: 100000\n  jobs_per_hour: 100000\n  concurrent_jobs: 100000\n  signups_per_hour: 100000\n  questions_per_hour: 100000\n")
        defer { server.terminate() }
        let app = try await APIClient(baseURL: server.baseURL).signedUp(email: "ana@example.com")
        // A subject with a kit, so that links between operations reach real ids too.
        let subject = try #require(try await app.request(.POST, "/api/subjects", json: ["title": "Seed"]).json["id"] as? Int)
        let job = try #require(try await app.request(.POST, "/api/subjects/\(subject)/jobs", json: ["maxSubtopics": 1]).json["id"] as? Int)
        _ = try await app.events(ofJob: job)

        let run = try await Python.run([
            "-m", "schemathesis.cli", "run", "\(server.baseURL)/openapi.yaml", "-H", "Authorization: Bearer \(app.token ?? "")",
            // Logging out would end the session every other request is made with.
            "--exclude-operation-id", "logOut",
            "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance",
            "--max-examples", "40", "--seed", "1", "--no-color",
        ])
        #expect(run.status == 0, "\(run.stdout.suffix(4000))")
        let counts = try #require(run.stdout.firstMatch(of: /(\d+) generated, (\d+) passed/), "\(run.stdout.suffix(2000))")
        let generated = Int(counts.1) ?? 0
        #expect(generated >= 1_000, "schemathesis generated \(generated) requests")
        #expect(Int(counts.2) == generated)
    }
}
