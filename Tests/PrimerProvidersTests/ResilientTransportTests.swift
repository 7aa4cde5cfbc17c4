import Foundation
import PrimerProviders
import Testing

/// The retry policy on a scripted transport with a recording sleep: no network, no waiting.
@Suite struct ResilientTransportTests {
    let request = HTTPRequestSpec(url: "http://127.0.0.1:1/v1/chat/completions")

    func transport(_ base: ScriptedTransport, _ sleeper: SleepRecorder, policy: RetryPolicy = .standard) -> ResilientTransport {
        ResilientTransport(base: base, policy: policy, sleep: sleeper.sleep, random: { 0.5 })
    }

    @Test func backoffIsExponentialWithFullJitterAndCapped() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: .milliseconds(500), maxDelay: .seconds(3))
        #expect(policy.backoff(afterAttempt: 1, unit: 1) == .milliseconds(500))
        #expect(policy.backoff(afterAttempt: 2, unit: 1) == .seconds(1))
        #expect(policy.backoff(afterAttempt: 3, unit: 1) == .seconds(2))
        #expect(policy.backoff(afterAttempt: 4, unit: 1) == .seconds(3))
        #expect(policy.backoff(afterAttempt: 9, unit: 1) == .seconds(3))
        #expect(policy.backoff(afterAttempt: 3, unit: 0) == .zero)
        #expect(policy.backoff(afterAttempt: 3, unit: 0.25) == .milliseconds(500))
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    }

    @Test func classifiesStatuses() {
        for code in [408, 409, 429, 500, 502, 503, 504] {
            #expect(RetryClassifier.isRetryable(HTTPResponseData(status: code)), "\(code)")
        }
        for code in [200, 400, 401, 403, 404, 422] {
            #expect(!RetryClassifier.isRetryable(HTTPResponseData(status: code)), "\(code)")
        }
        let quota = #"{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota"}}"#
        #expect(!RetryClassifier.isRetryable(HTTPResponseData(status: 429, body: Data(quota.utf8))))
    }

    @Test func readsRetryAfterInEveryForm() throws {
        #expect(RetryClassifier.requestedDelay(HTTPResponseData(status: 429, headers: ["Retry-After": "2"])) == .seconds(2))
        #expect(RetryClassifier.requestedDelay(HTTPResponseData(status: 429, headers: ["retry-after-ms": "300"])) == .milliseconds(300))
        // retry-after-ms is more precise and wins.
        #expect(
            RetryClassifier.requestedDelay(HTTPResponseData(status: 429, headers: ["retry-after": "2", "retry-after-ms": "1500"]))
                == .milliseconds(1500))
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        let dated = HTTPResponseData(status: 503, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:47 GMT"])
        #expect(RetryClassifier.requestedDelay(dated, now: now) == .seconds(10))
        #expect(RetryClassifier.requestedDelay(HTTPResponseData(status: 503, headers: ["Retry-After": "soon"])) == nil)
        #expect(RetryClassifier.requestedDelay(HTTPResponseData(status: 503)) == nil)
    }

    @Test func retriesServerErrorsThenSucceeds() async throws {
        let base = ScriptedTransport([status(500), status(503), status(200, "ok")])
        let sleeper = SleepRecorder()
        let response = try await transport(base, sleeper).send(request)
        #expect(response.status == 200)
        #expect(base.calls == 3)
        // random 0.5 → half of 0.5 s, then half of 1 s.
        #expect(sleeper.waits == [.milliseconds(250), .milliseconds(500)])
    }

    @Test func honoursRetryAfterInsteadOfBackoff() async throws {
        let base = ScriptedTransport([status(429, headers: ["Retry-After": "7"]), status(200)])
        let sleeper = SleepRecorder()
        _ = try await transport(base, sleeper).send(request)
        #expect(sleeper.waits == [.seconds(7)])
    }

    @Test func givesUpWhenTheServerAsksForTooLongAWait() async throws {
        let base = ScriptedTransport([status(429, headers: ["Retry-After": "600"]), status(200)])
        let sleeper = SleepRecorder()
        await #expect(throws: ResilientTransportError.self) { _ = try await transport(base, sleeper).send(request) }
        #expect(base.calls == 1)
        #expect(sleeper.waits.isEmpty)
        do {
            _ = try await transport(ScriptedTransport([status(429, headers: ["Retry-After": "600"])]), sleeper).send(request)
        } catch {
            #expect("\(error)".contains("600 s"))
            #expect("\(error)".contains("60 s limit"))
        }
    }

    @Test(arguments: [400, 401, 403, 404, 422])
    func neverRetriesClientErrors(code: Int) async throws {
        let base = ScriptedTransport([status(code), status(200)])
        let response = try await transport(base, SleepRecorder()).send(request)
        #expect(response.status == code)
        #expect(base.calls == 1)
    }

    @Test func neverRetriesAnExhaustedQuota() async throws {
        let base = ScriptedTransport([status(429, #"{"error":{"code":"insufficient_quota"}}"#), status(200)])
        let response = try await transport(base, SleepRecorder()).send(request)
        #expect(response.status == 429)
        #expect(base.calls == 1)
    }

    @Test func retriesTransportErrorsAndRethrowsTheLast() async throws {
        let refused = HTTPTransportError.connectionFailed(url: request.url, reason: "connection refused")
        let base = ScriptedTransport([.failure(.timedOut(url: request.url, after: .seconds(1))), .failure(refused)])
        let sleeper = SleepRecorder()
        await #expect(throws: refused) { _ = try await transport(base, sleeper).send(request) }
        #expect(base.calls == 4)
        #expect(sleeper.waits.count == 3)
    }

    @Test func returnsTheLastResponseWhenAttemptsRunOut() async throws {
        let base = ScriptedTransport([status(502, "bad gateway")])
        let response = try await transport(base, SleepRecorder(), policy: RetryPolicy(maxAttempts: 2)).send(request)
        #expect(response.status == 502)
        #expect(response.text == "bad gateway")
        #expect(base.calls == 2)
    }
}
