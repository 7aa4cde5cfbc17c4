import Foundation
import PrimerProviders
import PrimerTestSupport
import Testing

@Suite struct HTTPTransportTests {
    @Test func sendsAndReceivesOverLoopback() async throws {
        let server = StubHTTPServer()
        try server.start()
        defer { server.stop() }
        server.script("/echo", [.json(["ok": true], headers: ["X-Thing": "1"])])
        let response = try await AsyncHTTPTransport.shared.send(
            HTTPRequestSpec(url: server.baseURL + "/echo", headers: ["Authorization": "Bearer abc"], body: Data("{\"a\":1}".utf8)))
        #expect(response.status == 200)
        #expect(response.header("x-thing") == "1")
        #expect(response.text == "{\"ok\":true}")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers["authorization"] == "Bearer abc")
        #expect(request.json?["a"] as? Int == 1)
    }

    @Test func connectionRefusedIsATransportError() async throws {
        let refused = try RefusedPort()
        defer { refused.close() }
        let url = refused.baseURL + "/gone"
        await #expect(throws: HTTPTransportError.self) {
            _ = try await AsyncHTTPTransport.shared.send(HTTPRequestSpec(url: url, timeout: .seconds(5)))
        }
    }

    @Test func slowAnswerTimesOut() async throws {
        let server = StubHTTPServer()
        try server.start()
        defer { server.stop() }
        // Far beyond the deadline, so a task that resumes late on a loaded machine still sees
        // the deadline fire before the answer.
        server.script("/slow", [.text("late", delay: .seconds(60))])
        do {
            let response = try await AsyncHTTPTransport.shared.send(HTTPRequestSpec(url: server.baseURL + "/slow", timeout: .milliseconds(300)))
            Issue.record("expected a timeout, got HTTP \(response.status): \(response.text) from \(server.requests.count) recorded requests")
        } catch let error as HTTPTransportError {
            guard case .timedOut = error else { Issue.record("expected timedOut, got \(error)"); return }
        }
    }
}
