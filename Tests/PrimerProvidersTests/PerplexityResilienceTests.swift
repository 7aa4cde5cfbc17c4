import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

@testable import PrimerProviders

/// The adapter as the registry builds it — real transport under `ResilientTransport` — for both
/// APIs: what is retried, how long it waits (measured from the stub's arrival times), and what
/// is not retried.
@Suite struct PerplexityResilienceTests {
    static let apis = PerplexityAPI.allCases

    static func success(_ api: PerplexityAPI) -> StubHTTPServer.Response {
        .json(api == .agent ? PerplexityAnswers.agent(text: ["recovered"]) : PerplexityAnswers.sonar(content: "recovered"))
    }

    @Test(arguments: apis) func rateLimitWithRetryAfterIsHonoured(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(
            api,
            [
                .json(PerplexityStub.errorBody("Rate limit exceeded", type: "rate_limit_exceeded", code: 429), status: 429, headers: ["Retry-After": "1"]),
                Self.success(api),
            ])
        let response = try await stub.provider(api).complete(perplexityRequest())
        #expect(response.text == "recovered")
        let requests = stub.requests
        #expect(requests.count == 2)
        let gap = requests[1].receivedAt - requests[0].receivedAt
        #expect(gap >= .milliseconds(950), "waited only \(gap)")
        // Generous: under a loaded test run the second request can arrive late; the point is the wait of at least 1 s.
        #expect(gap < .seconds(30), "waited \(gap)")
        #expect(requests[1].body == requests[0].body, "the retry sends the same request")
    }

    @Test(arguments: apis) func serverErrorThenSuccess(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(api, [.json(PerplexityStub.errorBody("Internal server error", type: "server_error", code: 500), status: 500), Self.success(api)])
        let provider = try stub.provider(api, settings: "  retry: {max_attempts: 3, base_delay_ms: 50}\n")
        let response = try await provider.complete(perplexityRequest())
        #expect(response.text == "recovered")
        #expect(response.citations.count >= 2)
        #expect(stub.requests.count == 2)
    }

    @Test(arguments: apis) func persistentServerErrorsStopAfterTheAttemptBudget(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(api, [.text("bad gateway", status: 502)])
        let provider = try stub.provider(api, settings: "  retry: {max_attempts: 3, base_delay_ms: 20}\n")
        let error = try #require(await perplexityError { try await provider.complete(perplexityRequest()) })
        #expect(stub.requests.count == 3)
        #expect(error.retryable)
        #expect(error.message.contains("HTTP 502"))
        #expect(error.message.contains("after 3 attempts"))
    }

    @Test(arguments: apis) func badKeyBadRequestAndExhaustedQuotaAreSentOnce(api: PerplexityAPI) async throws {
        for (status, body) in [
            (401, PerplexityStub.errorBody("Invalid API key", type: "invalid_api_key", code: 401)),
            (403, PerplexityStub.errorBody("Forbidden", type: "forbidden", code: 403)),
            (400, PerplexityStub.errorBody("Unrecognized request argument supplied: seed", type: "invalid_request_error")),
            (429, PerplexityStub.errorBody("insufficient_quota: you are out of credits", type: "insufficient_quota", code: 429)),
        ] {
            let stub = try PerplexityStub()
            stub.script(api, [.json(body, status: status)])
            let error = try #require(await perplexityError { try await stub.provider(api).complete(perplexityRequest()) })
            #expect(stub.requests.count == 1, "HTTP \(status) was sent \(stub.requests.count) times")
            #expect(!error.retryable, "HTTP \(status)")
            #expect(!error.message.contains(perplexityCanaryKey))
        }
    }

    @Test(arguments: apis) func aRetryAfterLongerThanTheLimitGivesUpAtOnce(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(api, [.json(PerplexityStub.errorBody("Rate limit exceeded", type: "rate_limit_exceeded", code: 429), status: 429, headers: ["Retry-After": "900"])])
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(await perplexityError { try await stub.provider(api).complete(perplexityRequest()) })
        #expect(clock.now - start < .seconds(60), "it did not sleep for 900 s")
        #expect(stub.requests.count == 1)
        #expect(!error.retryable)
        #expect(error.message.contains("asks to wait 900 s"))
        #expect(error.message.contains("retry.max_wait_ms"))
    }

    @Test(arguments: apis) func aRefusedConnectionIsRetriedThenReported(api: PerplexityAPI) async throws {
        let refused = try RefusedPort()
        defer { refused.close() }
        let baseURL = refused.baseURL
        let manifest = try perplexityManifest(api, baseURL: baseURL, settings: "  retry: {max_attempts: 2, base_delay_ms: 20}\n")
        let provider = try PerplexityProvider(
            manifest: manifest, environment: ["PERPLEXITY_API_KEY": perplexityCanaryKey], limiter: ProviderLimiter())
        let error = try #require(await perplexityError { try await provider.complete(perplexityRequest()) })
        #expect(error.retryable)
        #expect(error.message.contains("cannot reach Perplexity"))
        #expect(error.message.contains("after 2 attempts"))
    }

    // MARK: check()

    @Test(arguments: apis) func checkTreatsAnEmptyBodyRefusalAsKeyAccepted(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.strict(api, success: .json(PerplexityStub.errorBody("Field required: input", type: "invalid_request_error"), status: 400))
        let check = await (try stub.provider(api)).check()
        #expect(check.ok)
        #expect(check.reachable)
        #expect(check.authorised == true)
        #expect(check.modelServed == nil)
        #expect(check.message.contains("accepts the key in $PERPLEXITY_API_KEY"))
        let sent = try #require(stub.requests.first)
        #expect(stub.requests.count == 1)
        #expect(sent.path == PerplexityStub.path(api))
        #expect(sent.json?.keys.sorted() == ["model"], "the probe asks for nothing that costs money")
    }

    @Test(arguments: apis) func checkReportsARejectedKeyWithoutRetrying(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(api, [.json(PerplexityStub.errorBody("Invalid API key \(perplexityCanaryKey)", type: "invalid_api_key", code: 401), status: 401)])
        let check = await (try stub.provider(api)).check()
        #expect(!check.ok)
        #expect(check.authorised == false)
        #expect(check.message.contains("$PERPLEXITY_API_KEY"))
        #expect(!check.message.contains(perplexityCanaryKey))
        #expect(stub.requests.count == 1)
    }

    @Test(arguments: apis) func checkSendsOneRequestEvenWhenTheServerFails(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(api, [.text("service unavailable", status: 503)])
        let check = await (try stub.provider(api)).check()
        #expect(stub.requests.count == 1, "the check does not retry")
        #expect(check.reachable)
        #expect(check.authorised == nil)
        #expect(check.message.contains("HTTP 503"))
        #expect(!check.message.contains("attempts"))
    }

    @Test(arguments: apis) func checkReportsAnUnreachableServer(api: PerplexityAPI) async throws {
        let refused = try RefusedPort()
        defer { refused.close() }
        let baseURL = refused.baseURL
        let manifest = try perplexityManifest(api, baseURL: baseURL)
        let provider = try PerplexityProvider(
            manifest: manifest, environment: ["PERPLEXITY_API_KEY": perplexityCanaryKey], limiter: ProviderLimiter())
        let check = await provider.check()
        #expect(!check.reachable)
        #expect(!check.ok)
        #expect(check.message.contains("cannot reach Perplexity"))
        #expect(check.capabilities.isEmpty || check.capabilities == manifest.capabilities)
    }
}
