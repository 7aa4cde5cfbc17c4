import Foundation
import PrimerTestSupport
import Testing

/// Two `primer serve` processes on one PostgreSQL store, as behind a proxy: a learner signs up
/// on one and goes on on the other; the job quota, the login throttle and the session are the
/// store's; a generation job runs on exactly one of them, and when that one is killed mid-job the
/// other finishes it, making nothing twice, while a client follows it on the survivor.
@Suite struct TwoServersTests {
    static let settings = """
        server:
          password_cost: 4
          provider: mock-slow
          concurrent_jobs: 1
          login_attempts: 3
          session_cache_seconds: 1

        """

    @Test func aLearnerWalksAcrossTwoServersAndAJobOutlivesTheOneRunningIt() async throws {
        let info = ["PRIMER_LOG_LEVEL": "info"]
        let first = try await ServerProcess(
            engine: .postgres, settings: Self.settings, plugins: ["mock-slow": ServerRestartTests.slowMock], environment: info)
        let second = try await ServerProcess(sharing: first, environment: info)
        defer { first.terminate(); second.terminate() }

        // Signed up on the first; the second knows the session.
        let (onFirst, accountID, subject, job) = try await ServerRestartTests.startJob(on: first)
        var onSecond = onFirst
        onSecond.baseURL = second.baseURL
        let subjects = try await onSecond.request(.GET, "/api/subjects")
        #expect(subjects.status == 200 && subjects.text.contains("Geology"), "\(subjects.status) \(subjects.text)")

        // The account's one job at a time is counted in the store: the second server refuses another.
        let other = try #require(try await onSecond.request(.POST, "/api/subjects", json: ["title": "Botany"]).json["id"] as? Int)
        let refused = try await onSecond.request(.POST, "/api/subjects/\(other)/jobs", json: ["maxSubtopics": 1])
        #expect(refused.status == 429, "\(refused.status) \(refused.json)")

        // Exactly one server runs the job.
        try await ServerRestartTests.waitForProgress(onSecond, job: job, past: 1)
        let line = "job \(job): running here"
        let runners = [first, second].filter { $0.stderrText.contains(line) }
        try #require(runners.count == 1, "runs: first \(first.stderrText.contains(line)), second \(second.stderrText.contains(line))")
        let (runner, survivor) = runners[0] === first ? (first, second) : (second, first)
        var onSurvivor = onFirst
        onSurvivor.baseURL = survivor.baseURL

        // A client follows the job on the server that does not run it; the runner is killed.
        // Each event's name, and the status of the job an `end` carries.
        let following = Task { try await onSurvivor.events(ofJob: job).map { [$0.event, $0.data["status"] as? String ?? ""] } }
        try await Task.sleep(for: .milliseconds(500))
        await runner.kill9()
        let events = try await following.value
        let end = try #require(events.last { $0[0] == "end" }, "the follower saw no end: \(events)")
        #expect(end[1] == "succeeded", "\(end)")
        #expect(events.filter { $0[0] == "progress" }.count >= 2, "progress reached the follower from the store: \(events)")
        #expect(survivor.stderrText.contains("job \(job): running here, taking over"), "the survivor took the job over")
        let finished = try await ServerRestartTests.waitForEnd(onSurvivor, job: job)
        #expect(finished["status"] as? String == "succeeded", "\(finished)")
        try await ServerRestartTests.expectNothingTwice(store: survivor.store, accountID: accountID, subject: subject, client: onSurvivor)

        // Studying goes on across both: the next item read on one, rated on the other.
        try await runner.start()
        var onRunner = onFirst
        onRunner.baseURL = runner.baseURL
        let next = try await onRunner.request(.GET, "/api/subjects/\(subject)/next")
        let item = try #require((next.json["item"] as? [String: Any])?["id"] as? Int, "\(next.status) \(next.json)")
        let rated = try await onSurvivor.request(.POST, "/api/items/\(item)/reviews", json: ["rating": "good"])
        #expect(rated.status == 200, "\(rated.status) \(rated.json)")
        let after = try await onRunner.request(.GET, "/api/subjects/\(subject)/next")
        #expect((after.json["item"] as? [String: Any])?["id"] as? Int != item, "the rating made on one server moved the item on the other")

        // A logout on one server ends the session on the other (within its cache's second).
        let logout = try await onRunner.request(.DELETE, "/api/sessions/current")
        #expect(logout.status == 204, "\(logout.status) \(logout.json)")
        #expect(try await onRunner.request(.GET, "/api/subjects").status == 401)
        var status = 0
        for _ in 0..<50 where status != 401 {
            status = try await onSurvivor.request(.GET, "/api/subjects").status
            if status != 401 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(status == 401, "the other server still honours a session ended 5 s ago")

        // Failed logins are counted in the store: two on one server, one on the other, and the
        // next try is refused on either.
        let anonymousFirst = APIClient(baseURL: runner.baseURL), anonymousSecond = APIClient(baseURL: survivor.baseURL)
        let wrong = ["email": "ana@example.com", "password": "not the password"]
        for client in [anonymousFirst, anonymousSecond, anonymousFirst] {
            #expect(try await client.request(.POST, "/api/sessions", json: wrong).status == 401)
        }
        let throttled = try await anonymousSecond.request(.POST, "/api/sessions", json: ["email": "ana@example.com", "password": "correct horse battery"])
        #expect(throttled.status == 429, "\(throttled.status) \(throttled.json)")
    }
}
