import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

@testable import PrimerProviders

/// HTTP and transport failures, for both APIs: one sentence that says what to do, the right
/// retryability, and never the key.
@Suite struct PerplexityErrorTests {
    static let apis = PerplexityAPI.allCases

    @Test(arguments: apis) func unauthorizedFailsAtOnceNamingTheVariableNotTheKey(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        // A server that echoes the key back must not get it into the message either.
        stub.script(
            api, [.json(PerplexityStub.errorBody("Invalid API key provided: \(perplexityCanaryKey)", type: "invalid_api_key", code: 401), status: 401)])
        let provider = try stub.provider(api)
        let error = try #require(await perplexityError { try await provider.complete(perplexityRequest()) })
        #expect(stub.requests.count == 1, "a bad key is not retried")
        #expect(!error.retryable)
        #expect(error.message.contains("Perplexity rejected the key in $PERPLEXITY_API_KEY (HTTP 401); set a valid key"))
        #expect(!error.message.contains(perplexityCanaryKey))
        #expect(!error.description.contains(perplexityCanaryKey))
        #expect(!"\(error)".contains(perplexityCanaryKey))
    }

    @Test(arguments: apis) func forbiddenIsNotRetriedEither(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(api, [.text("<html>403 Forbidden</html>", status: 403)])
        let error = try #require(await perplexityError { try await stub.provider(api).complete(perplexityRequest()) })
        #expect(!error.retryable)
        #expect(error.message.contains("$PERPLEXITY_API_KEY (HTTP 403)"))
        #expect(stub.requests.count == 1)
    }

    @Test(arguments: apis) func keyVariableFromTheManifestIsTheOneNamed(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(api, [.json(PerplexityStub.errorBody("bad key", type: "invalid_api_key"), status: 401)])
        let manifest = try perplexityManifest(api, baseURL: stub.baseURL, settings: "  api_key_env: MY_PPLX_KEY\n")
        let provider = try PerplexityProvider(manifest: manifest, environment: ["MY_PPLX_KEY": perplexityCanaryKey])
        let error = try #require(await perplexityError { try await provider.complete(perplexityRequest()) })
        #expect(error.message.contains("$MY_PPLX_KEY"))
        #expect(stub.requests.first?.headers["authorization"] == "Bearer \(perplexityCanaryKey)")
    }

    @Test(arguments: apis) func badRequestSurfacesTheServersMessage(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(
            api, [.json(PerplexityStub.errorBody("Invalid model 'sonar-huge'. Permitted models can be found in the documentation.", type: "invalid_model"), status: 400)])
        let error = try #require(await perplexityError { try await stub.provider(api).complete(perplexityRequest()) })
        #expect(!error.retryable)
        #expect(error.message.contains("HTTP 400"))
        #expect(error.message.contains("Invalid model 'sonar-huge'"))
        #expect(stub.requests.count == 1)
    }

    @Test(arguments: apis) func rateLimitIsRetryableButExhaustedQuotaIsNot(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(
            api,
            [
                .json(PerplexityStub.errorBody("Rate limit exceeded", type: "rate_limit_exceeded", code: 429), status: 429, headers: ["Retry-After": "1"]),
                .json(PerplexityStub.errorBody("You exceeded your current quota; add credits", type: "insufficient_quota", code: 429), status: 429),
            ])
        let provider = try stub.provider(api, settings: PerplexityStub.once)
        let rate = try #require(await perplexityError { try await provider.complete(perplexityRequest()) })
        #expect(rate.retryable)
        #expect(rate.message.contains("rate limit"))
        #expect(rate.message.contains("requests_per_minute"))
        let quota = try #require(await perplexityError { try await provider.complete(perplexityRequest()) })
        #expect(!quota.retryable)
        #expect(quota.message.contains("quota"))
        #expect(quota.message.contains("add credits"))
    }

    @Test(arguments: apis) func serverErrorsAreRetryable(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(api, [.text("upstream connect error", status: 502)])
        let provider = try stub.provider(api, settings: PerplexityStub.once)
        let error = try #require(await perplexityError { try await provider.complete(perplexityRequest()) })
        #expect(error.retryable)
        #expect(error.message.contains("HTTP 502"))
        #expect(error.message.contains("upstream connect error"))
    }

    @Test(arguments: apis) func notFoundPointsAtBaseURL(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        // The stub answers 404 on paths it has no script for.
        let manifest = try perplexityManifest(api, baseURL: stub.baseURL + "/wrong")
        let provider = try PerplexityProvider(manifest: manifest, environment: ["PERPLEXITY_API_KEY": perplexityCanaryKey])
        let notFound = try #require(await perplexityError { try await provider.complete(perplexityRequest()) })
        #expect(!notFound.retryable)
        #expect(notFound.message.contains("HTTP 404"))
        #expect(notFound.message.contains("base_url"))
    }

    @Test(arguments: apis) func okStatusWithABodyThatIsNotJSONIsRetryable(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        stub.script(api, [.text("<html>maintenance</html>", status: 200)])
        // A 200 is never retried by the transport: the adapter tells the generator to ask again.
        let error = try #require(await perplexityError { try await stub.provider(api).complete(perplexityRequest()) })
        #expect(error.retryable)
        #expect(error.message.contains("not the documented JSON"))
    }

    @Test(arguments: apis) func connectionRefusedSaysItCannotReachPerplexity(api: PerplexityAPI) async throws {
        let refused = try RefusedPort()
        defer { refused.close() }
        let baseURL = refused.baseURL
        let manifest = try perplexityManifest(api, baseURL: baseURL, settings: "  timeout_seconds: 5\n" + PerplexityStub.once)
        let provider = try PerplexityProvider(manifest: manifest, environment: ["PERPLEXITY_API_KEY": perplexityCanaryKey])
        let error = try #require(await perplexityError { try await provider.complete(perplexityRequest()) })
        #expect(error.retryable)
        #expect(error.message.contains("cannot reach Perplexity at \(baseURL)"))
        #expect(!error.message.contains(perplexityCanaryKey))
    }

    @Test(arguments: apis) func slowAnswerTimesOutAfterTimeoutSeconds(api: PerplexityAPI) async throws {
        let stub = try PerplexityStub()
        let answer = api == .agent ? PerplexityAnswers.agent() : PerplexityAnswers.sonar()
        stub.script(api, [.json(answer, delay: .seconds(60))])
        let provider = try stub.provider(api, settings: "  timeout_seconds: 0.4\n" + PerplexityStub.once)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(await perplexityError { try await provider.complete(perplexityRequest()) })
        let elapsed = clock.now - start
        // No upper bound on the time: when the machine is loaded the task may resume late. The
        // answer comes only after 60 s, so the timeout message below proves the deadline fired.
        #expect(elapsed >= .milliseconds(350), "gave up after \(elapsed)")
        #expect(error.retryable)
        #expect(error.message.contains("did not answer within 0.4 s"))
        #expect(error.message.contains("timeout_seconds"))
    }
}
