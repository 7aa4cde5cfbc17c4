import Foundation
import PrimerTestSupport
import Testing

/// What a careless or hostile client sends gets one 4xx with the Problem shape and a message
/// that says what to do, and stores nothing.
@Suite struct BadRequestTests {
    /// Checks a reply is a Problem of `status` whose message contains `saying`.
    static func expectProblem(_ reply: APIClient.Reply, _ status: Int, _ saying: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == status, "\(reply.text)", sourceLocation: sourceLocation)
        #expect(reply.json["status"] as? Int == status, "\(reply.text)", sourceLocation: sourceLocation)
        #expect((reply.json["kind"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(reply.message.contains(saying), "\(reply.message)", sourceLocation: sourceLocation)
        #expect(reply.headers.first(name: "Content-Type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
    }

    @Test func sessionsAccountsAndBodiesAreChecked() async throws {
        let server = try await ServerProcess(
            engine: .sqlite, settings: ServerProcess.testSettings + "  login_attempts: 3\n  max_upload_mb: 1\n")
        defer { server.terminate() }
        let anonymous = APIClient(baseURL: server.baseURL)
        Self.expectProblem(try await anonymous.request(.GET, "/api/subjects"), 401, "Log in first")
        var forged = anonymous
        forged.token = "not-a-token"
        Self.expectProblem(try await forged.request(.GET, "/api/subjects"), 401, "log in again")

        // Accounts: what a sign-up must have.
        let signUps: [([String: Any], Int, String)] = [
            (["name": "A", "email": "a@example.com", "password": "long enough"], 422, "2 to 100 characters"),
            (["name": "Ana", "email": "not-an-email", "password": "long enough"], 422, "is not an email address"),
            (["name": "Ana", "email": "ana@example.com", "password": "short"], 422, "at least 8 characters"),
            (["name": "Ana", "email": "ana@example.com", "password": String(repeating: "é", count: 40)], 422, "at most 72 bytes"),
            (["name": "Ana", "email": "ana@example.com"], 400, "password"),
        ]
        for (body, status, message) in signUps {
            Self.expectProblem(try await anonymous.request(.POST, "/api/accounts", json: body), status, message)
        }
        let ana = try await anonymous.signedUp(email: "ana@example.com")
        Self.expectProblem(
            try await anonymous.request(.POST, "/api/accounts", json: ["name": "Other", "email": "ANA@example.com", "password": "long enough"]),
            409, "already taken")

        // Bodies the document does not allow.
        Self.expectProblem(try await ana.request(.POST, "/api/subjects", body: Data("{\"title\": ".utf8), contentType: "application/json"), 400, "not valid JSON")
        Self.expectProblem(try await ana.request(.POST, "/api/subjects", body: Data("title=x".utf8), contentType: "text/plain"), 400, "content type")
        Self.expectProblem(try await ana.request(.POST, "/api/subjects", json: ["title": 42]), 400, "title")
        Self.expectProblem(try await ana.request(.GET, "/api/subjects/abc"), 400, "does not match the API")
        Self.expectProblem(try await ana.request(.GET, "/api/nowhere"), 404, "No route GET /api/nowhere")
        Self.expectProblem(try await ana.request(.POST, "/api/subjects", json: ["title": "Chemistry", "color": "red"]), 422, "#rrggbb")
        let subject = try #require(try await ana.request(.POST, "/api/subjects", json: ["title": "Chemistry"]).json["id"] as? Int)
        Self.expectProblem(try await ana.request(.POST, "/api/subjects", json: ["title": " chemistry "]), 409, "already taken")
        Self.expectProblem(try await ana.request(.GET, "/api/subjects/\(subject)/next"), 404, "no cards to study yet")
        Self.expectProblem(try await ana.request(.GET, "/api/subjects/\(subject)/next?daysAhead=999"), 422, "daysAhead is 0 to 365")
        Self.expectProblem(try await ana.request(.POST, "/api/subjects/\(subject)/jobs", json: ["family": "flashcard"]), 422, "No family is named")
        Self.expectProblem(try await ana.request(.POST, "/api/subjects/\(subject)/jobs", json: ["provider": "nope"]), 422, "nope")

        // Uploads: the size limit (1 MB here) and the formats Primer reads.
        let large = APIClient.multipart(fileName: "big.txt", contents: Data(repeating: UInt8(ascii: "a"), count: 1_200_000))
        Self.expectProblem(
            try await ana.request(.POST, "/api/subjects/\(subject)/documents", body: large.body, contentType: large.contentType), 413, "1 MB")
        let image = APIClient.multipart(fileName: "photo.gif", contents: Data([0x47, 0x49, 0x46, 0x38]))
        Self.expectProblem(
            try await ana.request(.POST, "/api/subjects/\(subject)/documents", body: image.body, contentType: image.contentType), 422, "*.pdf")
        // A photo is read by OCR; one that is not an image says so.
        let broken = APIClient.multipart(fileName: "photo.png", contents: Data([0x89, 0x50, 0x4E, 0x47]))
        Self.expectProblem(
            try await ana.request(.POST, "/api/subjects/\(subject)/documents", body: broken.body, contentType: broken.contentType), 422,
            "not a readable image")
        let listed = try await ana.request(.GET, "/api/subjects").json["subjects"] as? [[String: Any]] ?? []
        #expect(listed.map { $0["title"] as? String } == ["Chemistry"], "nothing refused was stored")

        // Logging out ends the session; the cookie is cleared.
        let loggedOut = try await ana.request(.DELETE, "/api/sessions/current")
        #expect(loggedOut.status == 204 && loggedOut.headers.first(name: "Set-Cookie")?.contains("Max-Age=0") == true)
        Self.expectProblem(try await ana.request(.GET, "/api/subjects"), 401, "log in again")

        // Logins: the right password opens a session with an HttpOnly cookie; three wrong ones
        // close the door, to the right password too, for a while.
        let login = try await anonymous.request(.POST, "/api/sessions", json: ["email": "ana@example.com", "password": "correct horse battery"])
        #expect(login.status == 200)
        let cookie = try #require(login.headers.first(name: "Set-Cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Max-Age=604800"))
        var byCookie = anonymous
        let cookieValue = String(cookie.prefix { $0 != ";" })
        let viaCookie = try await byCookie.request(.GET, "/api/subjects", headers: [("Cookie", cookieValue)])
        #expect(viaCookie.status == 200)
        byCookie.token = nil
        for _ in 0..<3 {
            Self.expectProblem(
                try await anonymous.request(.POST, "/api/sessions", json: ["email": "ana@example.com", "password": "wrong password"]), 401,
                "wrong")
        }
        let refused = try await anonymous.request(.POST, "/api/sessions", json: ["email": "ana@example.com", "password": "correct horse battery"])
        Self.expectProblem(refused, 429, "Too many failed logins")
        #expect(Int(refused.headers.first(name: "Retry-After") ?? "") ?? 0 > 0)
    }

    @Test func anExpiredSessionIsRefused() async throws {
        let server = try await ServerProcess(engine: .sqlite)
        defer { server.terminate() }
        let ana = try await APIClient(baseURL: server.baseURL).signedUp(email: "ana@example.com")
        #expect(try await ana.request(.GET, "/api/subjects").status == 200)
        // Seven days later, as the store sees it. The server answered this session from memory a
        // moment ago: it reads the store again within `session_cache_seconds` (5 s; a session's
        // own end it knows, `SessionCacheTests`).
        try await Self.sqlite(server.store, "UPDATE sessions SET expires_at = '2000-01-01 00:00:00.000'")
        var reply = try await ana.request(.GET, "/api/subjects")
        for _ in 0..<80 where reply.status == 200 {
            try await Task.sleep(for: .milliseconds(100))
            reply = try await ana.request(.GET, "/api/subjects")
        }
        Self.expectProblem(reply, 401, "log in again")
    }

    static func sqlite(_ path: String, _ sql: String) async throws {
        let python = try await Python.run(["-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()", path, sql])
        guard python.status == 0 else { throw ServerTestError("python3 sqlite3 failed: \(python.stderr)") }
    }
}

/// What each account may do is limited by `server:` in primer.yaml.
@Suite struct ServerLimitTests {
    /// A mock that takes 3 s a call: a job of one subtopic runs for 18 s, longer than any gap
    /// between two requests of a test on a loaded machine.
    static let verySlowMock = """
        name: mock-slow
        adapter: mock
        model: mock-1
        capabilities: [json_schema, seed]
        settings: {seed: 42, latency_ms: 3000}
        """

    @Test func runningJobsAndUploadTypesAreLimitedPerAccount() async throws {
        let server = try await ServerProcess(
            engine: .sqlite, settings: "server:\n  password_cost: 4\n  provider: mock-slow\n  concurrent_jobs: 1\n  upload_types: [md]\n",
            plugins: ["mock-slow": Self.verySlowMock])
        defer { server.terminate() }
        let ana = try await APIClient(baseURL: server.baseURL).signedUp(email: "ana@example.com")
        let subject = try #require(try await ana.request(.POST, "/api/subjects", json: ["title": "Physics"]).json["id"] as? Int)

        let pdf = APIClient.multipart(fileName: "notes.pdf", contents: MinimalPDF.make([.text(["Forces"])]))
        BadRequestTests.expectProblem(
            try await ana.request(.POST, "/api/subjects/\(subject)/documents", body: pdf.body, contentType: pdf.contentType), 422, "*.md")

        let first = try await ana.request(.POST, "/api/subjects/\(subject)/jobs", json: ["maxSubtopics": 1])
        #expect(first.status == 202)
        let second = try await ana.request(.POST, "/api/subjects/\(subject)/jobs", json: [:])
        BadRequestTests.expectProblem(second, 429, "at most 1")
        #expect(second.headers.first(name: "Retry-After") != nil)
        // Another account is not held back by Ana's job.
        let ben = try await APIClient(baseURL: server.baseURL).signedUp(name: "Ben", email: "ben@example.com")
        let bens = try #require(try await ben.request(.POST, "/api/subjects", json: ["title": "Physics"]).json["id"] as? Int)
        #expect(try await ben.request(.POST, "/api/subjects/\(bens)/jobs", json: ["maxSubtopics": 1]).status == 202)
    }

    @Test func jobsPerHourAreLimitedPerAccount() async throws {
        let server = try await ServerProcess(
            engine: .sqlite, settings: ServerProcess.testSettings + "  concurrent_jobs: 10\n  jobs_per_hour: 2\n")
        defer { server.terminate() }
        let ana = try await APIClient(baseURL: server.baseURL).signedUp(email: "ana@example.com")
        let subject = try #require(try await ana.request(.POST, "/api/subjects", json: ["title": "Physics"]).json["id"] as? Int)
        for _ in 0..<2 {
            #expect(try await ana.request(.POST, "/api/subjects/\(subject)/jobs", json: ["maxSubtopics": 1]).status == 202)
        }
        let third = try await ana.request(.POST, "/api/subjects/\(subject)/jobs", json: [:])
        BadRequestTests.expectProblem(third, 429, "in the last hour")
    }
}
