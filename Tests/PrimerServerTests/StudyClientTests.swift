import Foundation
import PrimerTestSupport
import StudyClient
import Testing

/// The client generated from the same openapi.yaml (Examples/StudyClient), used as an iOS app
/// would: sign up, create a subject, generate, wait for the job, study the next item.
@Suite struct StudyClientTests {
    @Test func theGeneratedClientStudiesOnARunningServer() async throws {
        let server = try await ServerProcess(engine: .sqlite)
        defer { server.terminate() }
        let url = try #require(URL(string: server.baseURL))
        let (client, token) = try await StudyServer.signUp(url, name: "Ana", email: "ana@example.com", password: "correct horse battery")
        #expect(!token.isEmpty)

        let subject = try await client.createSubject(body: .json(.init(title: "Astronomy", color: "#112233", icon: "star"))).created.body.json
        #expect(subject.title == "Astronomy" && subject.color == "#112233")
        var job = try await client.startGeneration(path: .init(subjectId: subject.id), body: .json(.init(maxSubtopics: 1))).accepted.body.json
        let deadline = Date().addingTimeInterval(120)
        while job.status == .queued || job.status == .running, Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            job = try await client.getJob(path: .init(jobId: job.id)).ok.body.json
        }
        #expect(job.status == .succeeded, "\(job.message)")

        let next = try await client.nextStudyItem(path: .init(subjectId: subject.id)).ok.body.json
        let review = try await client.rateItem(path: .init(itemId: next.item.id), body: .json(.init(rating: .good, durationMs: 2_500))).ok.body.json
        #expect(review.item.id == next.item.id && review.item.state == .learning)

        // Errors arrive as the document's Problem.
        guard case .default(let status, let problem) = try await client.getSubject(path: .init(subjectId: 999_999)) else {
            Issue.record("a missing subject was found")
            return
        }
        let kind = try problem.body.json.kind
        #expect(status == 404 && kind == .notFound)

        // A client logged in again sees the same subject.
        let (again, _) = try await StudyServer.logIn(url, email: "ana@example.com", password: "correct horse battery")
        #expect(try await again.listSubjects().ok.body.json.subjects.map(\.id) == [subject.id])
    }
}
