import Foundation
import PrimerCore
import PrimerPostgres
import PrimerStore
import PrimerTestSupport
import Testing

/// Generation jobs survive the server: killed (`kill -9`) or stopped (SIGTERM) mid-generation,
/// the next `primer serve` on the same store finishes the job, and nothing is made twice.
@Suite struct ServerRestartTests {
    static let slowMock = """
        name: mock-slow
        adapter: mock
        model: mock-1
        capabilities: [json_schema, seed]
        settings: {seed: 42, latency_ms: 2500}
        """

    static func slowServer(_ engine: StoreEngine) async throws -> ServerProcess {
        try await ServerProcess(
            engine: engine, settings: "server:\n  password_cost: 4\n  provider: mock-slow\n", plugins: ["mock-slow": slowMock])
    }

    @Test(arguments: StoreEngine.allCases) func aKilledServerResumesItsJobAndMakesNothingTwice(engine: StoreEngine) async throws {
        let server = try await Self.slowServer(engine)
        defer { server.terminate() }
        let (client, accountID, subject, job) = try await Self.startJob(on: server)
        // Past the first subtopic's lesson: about 5 s into a job of about 22 (2.5 s a call; the
        // families after a lesson run side by side), so a loaded machine still stops it mid-job
        // (under CI's load a server took over 6 s to stop while a 9 s job ran on).
        try await Self.waitForProgress(client, job: job, past: 1)
        await server.kill9()
        let killed = try await Self.openStore(server.store)
        let status = try await killed.job(id: Int64(job))?.status
        #expect(status == .running, "killed mid-job, not \(String(describing: status))")

        try await server.start()
        var resumed = client
        resumed.baseURL = server.baseURL
        let finished = try await Self.waitForEnd(resumed, job: job)
        #expect(finished["status"] as? String == "succeeded", "\(finished)")
        try await Self.expectNothingTwice(store: server.store, accountID: accountID, subject: subject, client: resumed)
    }

    @Test func aStoppedServerFinishesItsRequestsAndLeavesTheJobToTheNextOne() async throws {
        let server = try await Self.slowServer(.sqlite)
        defer { server.terminate() }
        let (client, accountID, subject, job) = try await Self.startJob(on: server)
        try await Self.waitForProgress(client, job: job, past: 1)
        // A client following the job's events while the server stops: its stream ends, without `end`.
        let following = Task { try await client.events(ofJob: job).map(\.event) }
        try await Task.sleep(for: .milliseconds(300))
        server.terminate()
        // Clients that start following while the server stops are answered too, and do not
        // keep it from stopping.
        let latecomers = Task {
            var answered = 0
            for _ in 0..<40 {
                guard let events = try? await client.events(ofJob: job) else { break }
                #expect(!events.contains { $0.event == "end" })
                answered += 1
            }
            return answered
        }
        #expect(await server.exitStatus() == 0, "SIGTERM stops the server cleanly")
        _ = await latecomers.value
        let followed = try await following.value
        #expect(!followed.isEmpty && !followed.contains("end"))
        let store = try await Self.openStore(server.store)
        #expect(try await store.job(id: Int64(job))?.status == .running, "the job is left to resume")

        try await server.start()
        var resumed = client
        resumed.baseURL = server.baseURL
        #expect(try await Self.waitForEnd(resumed, job: job)["status"] as? String == "succeeded")
        try await Self.expectNothingTwice(store: server.store, accountID: accountID, subject: subject, client: resumed)
    }

    @Test func deletingASubjectEndsItsJobAndItsFollowers() async throws {
        let server = try await ServerProcess(
            engine: .sqlite, settings: "server:\n  password_cost: 4\n  provider: mock-slow\n", plugins: ["mock-slow": Self.slowMock],
            environment: ["PRIMER_LOG_LEVEL": "info"])
        defer { server.terminate() }
        let (client, _, subject, job) = try await Self.startJob(on: server)
        try await Self.waitForProgress(client, job: job, past: 1)
        let following = Task { try await client.events(ofJob: job).map { [$0.event, $0.data["message"] as? String ?? ""] } }
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await client.request(.DELETE, "/api/subjects/\(subject)").status == 204)
        // The follower's stream ends (no `end`: the job is gone), and so does the job.
        let events = try await following.value
        #expect(events.last?[1] == "The job's subject was deleted.", "\(events)")
        #expect(try await client.request(.GET, "/api/jobs/\(job)").status == 404)
        // Its slot is free: another subject's job runs to its end, and the deleted one's never comes back.
        let other = try #require(try await client.request(.POST, "/api/subjects", json: ["title": "Botany"]).json["id"] as? Int)
        let next = try #require(try await client.request(.POST, "/api/subjects/\(other)/jobs", json: ["maxSubtopics": 1]).json["id"] as? Int)
        #expect(try await Self.waitForEnd(client, job: next)["status"] as? String == "succeeded")
        #expect(server.stderrText.contains("job \(next): running here"))
        #expect(!server.stderrText.contains("job \(job): running here, taking over"), "the deleted subject's job was taken again")
    }

    static func openStore(_ address: String) async throws -> any Store {
        switch try StoreAddress.parse(address, environment: [:]) {
        case .file(let path): try SQLiteStore(path: path)
        case .postgres(let url): try await PostgresStore.open(url)
        }
    }

    static func startJob(on server: ServerProcess) async throws -> (APIClient, Int64, Int, Int) {
        let anonymous = APIClient(baseURL: server.baseURL)
        let signUp = try await anonymous.request(
            .POST, "/api/accounts", json: ["name": "Ana", "email": "ana@example.com", "password": "correct horse battery"])
        var client = anonymous
        client.token = signUp.json["token"] as? String
        let accountID = try #require((signUp.json["account"] as? [String: Any])?["id"] as? Int)
        let subject = try #require(try await client.request(.POST, "/api/subjects", json: ["title": "Geology"]).json["id"] as? Int)
        let job = try #require(try await client.request(.POST, "/api/subjects/\(subject)/jobs", json: ["maxSubtopics": 4]).json["id"] as? Int)
        return (client, Int64(accountID), subject, job)
    }

    /// Waits until the job's progress line says it is past step `step` ("3/15 …").
    static func waitForProgress(_ client: APIClient, job: Int, past step: Int) async throws {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let message = try await client.request(.GET, "/api/jobs/\(job)").json["message"] as? String ?? ""
            if let match = message.firstMatch(of: /^(\d+)\//), let done = Int(match.1), done > step { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ServerTestError("job \(job) made no progress")
    }

    static func waitForEnd(_ client: APIClient, job: Int) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline {
            let reply = try await client.request(.GET, "/api/jobs/\(job)").json
            if let status = reply["status"] as? String, status == "succeeded" || status == "failed" { return reply }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ServerTestError("job \(job) did not finish")
    }

    /// One stored generation per subtopic and family, and each subtopic's items once.
    static func expectNothingTwice(store address: String, accountID: Int64, subject: Int, client: APIClient) async throws {
        let store = try await openStore(address)
        let generations = try await store.owned(by: .account(accountID)).generations(subjectTitle: "Geology").filter { $0.status == .ok }
        let keys = generations.map { "\($0.subtopicID ?? 0)/\($0.family)" }
        #expect(Set(keys).count == keys.count, "a family of a subtopic was stored twice: \(keys.sorted())")
        #expect(generations.count == 1 + 4 * 7, "the plan and seven families of four subtopics")
        let items = try await client.request(.GET, "/api/subjects/\(subject)/items").json["items"] as? [[String: Any]] ?? []
        // Front and back: two cloze notes may hide different words of the same sentence frame.
        let identities = items.map { "\($0["subtopic"] ?? "")/\($0["family"] ?? "")/\($0["front"] ?? "")/\($0["back"] ?? "")" }
        #expect(!items.isEmpty && Set(identities).count == identities.count, "an item was stored twice")
    }
}
