import Foundation
import PrimerCore
import PrimerProviders
import PrimerTestSupport
import Testing

/// The openai-chat adapter against a real HTTP server on 127.0.0.1, through the real
/// AsyncHTTPClient transport and real sleeps: delays are measured on the server's clock.
@Suite(.serialized) struct OpenAIChatContractTests {
    static let path = "/v1/chat/completions"

    func withServer(_ body: (StubHTTPServer) async throws -> Void) async throws {
        let server = StubHTTPServer()
        try server.start()
        defer { server.stop() }
        try await body(server)
    }

    @Test func normalAnswerWithUsageAndCachedTokens() async throws {
        try await withServer { server in
            server.script(Self.path, [chatCompletion("Q: What is ATP? | A: The cell's energy currency", cached: 96)])
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1/", settings: ["seed: 42"]))
            let response = try await provider.complete(sampleRequest())
            #expect(response.text == "Q: What is ATP? | A: The cell's energy currency")
            #expect(response.model == "test-model-2025")
            #expect(response.usage == TokenUsage(promptTokens: 120, completionTokens: 40, cachedPromptTokens: 96))
            #expect(response.finishReason == .stop)

            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.path == Self.path)  // trailing slash of base_url dropped
            #expect(request.headers["authorization"] == nil)  // no api_key_env: no header
            #expect(request.headers["content-type"] == "application/json")
            let json = try #require(request.json)
            #expect(json["model"] as? String == "test-model")
            #expect(json["temperature"] as? Double == 0.5)
            #expect(json["max_tokens"] as? Int == 256)
            #expect(json["seed"] as? Int == 42)
            #expect(json["stream"] as? Bool == false)
            #expect(json["response_format"] == nil)  // no schema in the request
            let messages = try #require(json["messages"] as? [[String: String]])
            #expect(messages == [["role": "system", "content": "You write flashcards."], ["role": "user", "content": "Photosynthesis"]])
        }
    }

    /// The schema goes out byte for byte in its own key order (the order the model fills the
    /// fields in), while the rest of the body stays sorted; a retry shifts the seed.
    @Test func schemaKeepsItsPropertyOrderAndRetriesShiftTheSeed() async throws {
        try await withServer { server in
            server.script(Self.path, [chatCompletion(#"{"questions":[]}"#), chatCompletion(#"{"questions":[]}"#), chatCompletion(#"{"questions":[]}"#)])
            let schema = #"{"type":"object","properties":{"question":{"type":"string"},"choices":{"type":"array"},"answer_index":{"type":"integer"}}}"#
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1", settings: ["seed: 42"]))
            var request = sampleRequest(schema: schema, family: "quiz")
            _ = try await provider.complete(request)
            request.purpose.attempt = 3
            _ = try await provider.complete(request)
            // Eval's second repeat (sample 1) moves the seed past any retry's.
            request.sample = 1
            _ = try await provider.complete(request)
            let bodies = server.requests.map(\.text)
            #expect(bodies.count == 3)
            #expect(bodies.allSatisfy { $0.contains(#""schema":"# + schema) })
            #expect(server.requests.map { $0.json?["seed"] as? Int } == [42, 44, 1044])
            // Everything outside the schema is still sorted: equal requests give equal bytes.
            let first = try #require(bodies.first)
            #expect(try #require(first.range(of: #""max_tokens""#)).lowerBound < (try #require(first.range(of: #""messages""#)).lowerBound))
        }
    }

    @Test func llamaServerTimingsGiveCachedTokens() async throws {
        try await withServer { server in
            let timings: [String: Any] = ["cache_n": 512, "prompt_n": 64, "predicted_n": 30, "prompt_ms": 12.5]
            server.script(Self.path, [chatCompletion("ok", cached: nil, extra: ["timings": timings])])
            let provider = try openAIProvider(
                try openAIManifest(baseURL: server.baseURL + "/v1", settings: ["extra_body: {cache_prompt: true, id_slot: 0}"]))
            let response = try await provider.complete(sampleRequest())
            #expect(response.usage.cachedPromptTokens == 512)
            let json = try #require(server.requests.first?.json)
            #expect(json["cache_prompt"] as? Bool == true)
            #expect(json["id_slot"] as? Int == 0)
        }
    }

    @Test func jsonSchemaRequestBodyShape() async throws {
        try await withServer { server in
            server.script(Self.path, [chatCompletion(#"{"cards":[]}"#)])
            let schema = #"{"type":"object","properties":{"cards":{"type":"array"}},"required":["cards"],"additionalProperties":false}"#
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1"))
            _ = try await provider.complete(sampleRequest(schema: schema, family: "flash cards"))
            let json = try #require(server.requests.first?.json)
            let format = try #require(json["response_format"] as? [String: Any])
            #expect(format["type"] as? String == "json_schema")
            let inner = try #require(format["json_schema"] as? [String: Any])
            #expect(inner["name"] as? String == "flash_cards")
            #expect(inner["strict"] as? Bool == true)
            let sent = try #require(inner["schema"] as? [String: Any])
            #expect(sent["required"] as? [String] == ["cards"])
            #expect(sent["additionalProperties"] as? Bool == false)
        }
    }

    @Test func structuredOutputFollowsTheManifest() async throws {
        try await withServer { server in
            server.script(Self.path, [chatCompletion("{}")])
            let schema = #"{"type":"object"}"#
            // No json_schema capability → no response_format by default.
            let plain = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1", capabilities: "[]"))
            _ = try await plain.complete(sampleRequest(schema: schema))
            #expect(server.requests.last?.json?["response_format"] == nil)
            // llama-server's json_object form.
            let llama = try openAIProvider(
                try openAIManifest(baseURL: server.baseURL + "/v1", settings: ["structured_output: json_object"]))
            _ = try await llama.complete(sampleRequest(schema: schema))
            let format = try #require(server.requests.last?.json?["response_format"] as? [String: Any])
            #expect(format["type"] as? String == "json_object")
            #expect((format["schema"] as? [String: Any])?["type"] as? String == "object")
        }
    }

    @Test func retryAfterOneSecondIsHonoured() async throws {
        try await withServer { server in
            server.script(Self.path, [apiError(429, "Rate limit reached", type: "requests", headers: ["Retry-After": "1"]), chatCompletion("ok")])
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1"))
            let response = try await provider.complete(sampleRequest())
            #expect(response.text == "ok")
            let requests = server.requests
            #expect(requests.count == 2)
            let gap = requests[1].receivedAt - requests[0].receivedAt
            #expect(gap >= .milliseconds(950), "waited only \(gap)")
            // Far above 1 s only if the header were misread (as minutes, or as a date): a loaded
            // CI machine took 3.08 s for this wait.
            #expect(gap < .seconds(10))
        }
    }

    @Test func retryAfterMillisecondsIsHonoured() async throws {
        try await withServer { server in
            server.script(Self.path, [apiError(429, "slow down", headers: ["retry-after-ms": "300"]), chatCompletion("ok")])
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1"))
            _ = try await provider.complete(sampleRequest())
            let requests = server.requests
            #expect(requests.count == 2)
            let gap = requests[1].receivedAt - requests[0].receivedAt
            #expect(gap >= .milliseconds(280), "waited only \(gap)")
            #expect(gap < .seconds(5), "300 ms read as seconds would be 300 s")
        }
    }

    @Test func serverErrorThenSuccess() async throws {
        try await withServer { server in
            server.script(Self.path, [apiError(500, "The server had an error", type: "server_error"), chatCompletion("recovered")])
            let provider = try openAIProvider(
                try openAIManifest(baseURL: server.baseURL + "/v1", settings: ["retry: {max_attempts: 3, base_delay_ms: 200}"]))
            #expect(try await provider.complete(sampleRequest()).text == "recovered")
            #expect(server.requests.count == 2)
        }
    }

    @Test func persistentServerErrorIsRetryableAfterTheAttempts() async throws {
        try await withServer { server in
            server.script(Self.path, [apiError(503, "overloaded", type: "server_error")])
            let provider = try openAIProvider(
                try openAIManifest(baseURL: server.baseURL + "/v1", settings: ["retry: {max_attempts: 3, base_delay_ms: 20}"]))
            let error = try #require(await providerError { _ = try await provider.complete(sampleRequest()) })
            #expect(server.requests.count == 3)
            #expect(error.retryable)
            #expect(error.message.contains("HTTP 503"))
            #expect(error.message.contains("overloaded"))
            #expect(error.message.contains("after 3 attempts"))
        }
    }

    @Test func rejectedKeyFailsAtOnceNamingTheVariable() async throws {
        try await withServer { server in
            server.script(Self.path, [apiError(401, "Incorrect API key provided: sk-wron*******4321.", code: "invalid_api_key")])
            let manifest = try openAIManifest(baseURL: server.baseURL + "/v1", settings: ["api_key_env: PRIMER_TEST_KEY"])
            let provider = try openAIProvider(manifest, environment: ["PRIMER_TEST_KEY": "sk-wrong-987654321"])
            let error = try #require(await providerError { _ = try await provider.complete(sampleRequest()) })
            #expect(server.requests.count == 1)
            #expect(server.requests.first?.headers["authorization"] == "Bearer sk-wrong-987654321")
            #expect(!error.retryable)
            #expect(error.message.contains("$PRIMER_TEST_KEY"))
            #expect(error.message.contains("HTTP 401"))
            #expect(!error.description.contains("sk-wrong-987654321"))
            #expect(!error.description.contains("4321"))
        }
    }

    @Test func badRequestIsNotRetriedAndShowsTheServerMessage() async throws {
        try await withServer { server in
            server.script(Self.path, [apiError(400, "Invalid schema for response_format 'flashcards': 'required' is missing"), chatCompletion("no")])
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1"))
            let error = try #require(await providerError { _ = try await provider.complete(sampleRequest(schema: "{}")) })
            #expect(server.requests.count == 1)
            #expect(!error.retryable)
            #expect(error.message.contains("Invalid schema for response_format"))
            #expect(error.message.contains("HTTP 400"))
        }
    }

    @Test func contextOverflowSaysToShortenTheInput() async throws {
        try await withServer { server in
            server.script(Self.path, [.json(["error": ["code": 400, "message": "the request exceeds the available context size", "type": "exceed_context_size_error"]], status: 400)])
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1"))
            let error = try #require(await providerError { _ = try await provider.complete(sampleRequest()) })
            #expect(!error.retryable)
            #expect(error.message.contains("context size"))
        }
    }

    @Test func unknownModelIsNotFound() async throws {
        try await withServer { server in
            server.script(Self.path, [apiError(404, "The model `nope` does not exist", code: "model_not_found")])
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1", model: "nope"))
            let error = try #require(await providerError { _ = try await provider.complete(sampleRequest()) })
            #expect(server.requests.count == 1)
            #expect(!error.retryable)
            #expect(error.message.contains("`nope`"))
            #expect(error.message.contains("not found"))
        }
    }

    @Test func exhaustedQuotaIsNotRetried() async throws {
        try await withServer { server in
            server.script(Self.path, [apiError(429, "You exceeded your current quota, please check your plan and billing details.", type: "insufficient_quota", code: "insufficient_quota")])
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1"))
            let error = try #require(await providerError { _ = try await provider.complete(sampleRequest()) })
            #expect(server.requests.count == 1)
            #expect(!error.retryable)
            #expect(error.message.contains("quota"))
        }
    }

    @Test func retryAfterBeyondTheCapGivesUpAtOnce() async throws {
        try await withServer { server in
            server.script(Self.path, [apiError(429, "wait", headers: ["Retry-After": "900"])])
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1", settings: ["retry: {max_wait_ms: 5000}"]))
            let start = ContinuousClock.now
            let error = try #require(await providerError { _ = try await provider.complete(sampleRequest()) })
            // Under the 5 s cap it would have waited for: it gave up at once (loosely, for CI's load).
            #expect(ContinuousClock.now - start < .seconds(4.5))
            #expect(server.requests.count == 1)
            #expect(error.message.contains("900 s"))
            #expect(error.message.contains("try again later"))
        }
    }

    @Test func truncatedOutputIsLength() async throws {
        try await withServer { server in
            server.script(Self.path, [chatCompletion("Q: What is", finish: "length")])
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1"))
            let response = try await provider.complete(sampleRequest())
            #expect(response.finishReason == .length)
            #expect(response.text == "Q: What is")
        }
    }

    @Test func refusalIsReported() async throws {
        try await withServer { server in
            server.script(Self.path, [chatCompletion(nil, refusal: "I can't help with that.")])
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1"))
            let response = try await provider.complete(sampleRequest())
            #expect(response.finishReason == .refusal)
            server.script(Self.path, [chatCompletion("", finish: "content_filter")])
            #expect(try await provider.complete(sampleRequest()).finishReason == .refusal)
        }
    }

    @Test func thinkPrefixIsStripped() async throws {
        try await withServer { server in
            server.script(Self.path, [
                chatCompletion("<think>\nThe user wants cards. Let me think.\n</think>\n\nATP | energy", extra: [:]),
                .json([
                    "model": "qwen3", "choices": [["index": 0, "finish_reason": "stop", "message": ["role": "assistant", "content": "ATP | energy", "reasoning_content": "thinking hard"]]],
                    "usage": ["prompt_tokens": 10, "completion_tokens": 5],
                ]),
            ])
            let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1"))
            #expect(try await provider.complete(sampleRequest()).text == "ATP | energy")
            #expect(try await provider.complete(sampleRequest()).text == "ATP | energy")
        }
    }

    @Test func connectionRefusedIsAClearErrorQuickly() async throws {
        let refused = try RefusedPort()
        defer { refused.close() }
        let base = refused.baseURL + "/v1"
        let provider = try openAIProvider(try openAIManifest(baseURL: base, settings: ["retry: {max_attempts: 2, base_delay_ms: 50}"]))
        let start = ContinuousClock.now
        let error = try #require(await providerError { _ = try await provider.complete(sampleRequest()) })
        #expect(ContinuousClock.now - start < .seconds(6))
        #expect(error.message.contains("cannot reach \(base): is the server running?"))
        #expect(error.retryable)
    }

    @Test func slowServerTimesOut() async throws {
        try await withServer { server in
            // The answer comes after 10 s; the 0.4 s timeout ends the wait long before (the bound
            // is loose: a loaded CI machine once took 2.5 s to give up).
            server.script(Self.path, [chatCompletion("late").delayed(.seconds(10))])
            let provider = try openAIProvider(
                try openAIManifest(baseURL: server.baseURL + "/v1", settings: ["timeout_seconds: 0.4", "retry: {max_attempts: 1}"]))
            let start = ContinuousClock.now
            let error = try #require(await providerError { _ = try await provider.complete(sampleRequest()) })
            #expect(ContinuousClock.now - start < .seconds(6))
            #expect(error.message.contains("no answer from"))
            #expect(error.message.contains("timeout_seconds"))
            #expect(error.retryable)
        }
    }

    @Test func concurrencyLimitHoldsAcrossParallelRequests() async throws {
        try await withServer { server in
            server.script(Self.path, [chatCompletion("ok").delayed(.milliseconds(200))])
            let manifest = try openAIManifest(
                name: "limited", baseURL: server.baseURL + "/v1", limits: "{concurrent_requests: 2, requests_per_minute: 0}")
            let limiter = ProviderLimiter()
            // Two adapter instances of the same provider share its limit.
            let first = try openAIProvider(manifest, limiter: limiter)
            let second = try openAIProvider(manifest, limiter: limiter)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<6 {
                    let provider = index.isMultiple(of: 2) ? first : second
                    group.addTask { _ = try await provider.complete(sampleRequest()) }
                }
                try await group.waitForAll()
            }
            let arrivals = server.requests.map(\.receivedAt).sorted()
            #expect(arrivals.count == 6)
            // Each request is in flight for ~200 ms after it arrives; count overlaps with a margin.
            let busy = Duration.milliseconds(180)
            let most = arrivals.map { start in arrivals.filter { $0 >= start && $0 < start + busy }.count }.max() ?? 0
            #expect(most <= 2, "\(most) requests in flight at once")
            #expect(arrivals[5] - arrivals[0] >= .milliseconds(380))
            #expect(await limiter.inFlight("limited") == 0)
        }
    }

    @Test func canaryKeyNeverAppearsInErrors() async throws {
        let canary = "sk-canary-123456"
        let environment = ["CANARY_KEY": canary]
        var descriptions: [String] = []
        try await withServer { server in
            let echo = "Incorrect API key provided: \(canary)"
            let manifest = try openAIManifest(
                baseURL: server.baseURL + "/v1", settings: ["api_key_env: CANARY_KEY", "retry: {max_attempts: 1}"])
            let provider = try openAIProvider(manifest, environment: environment)
            descriptions += [String(describing: provider), String(reflecting: provider)]
            var dumped = ""
            dump(provider, to: &dumped)
            descriptions.append(dumped)
            for status in [400, 401, 403, 404, 422, 429, 500, 503] {
                server.script(Self.path, [apiError(status, echo)])
                if let error = await providerError({ _ = try await provider.complete(sampleRequest()) }) {
                    descriptions += [error.description, error.message, "\(error)"]
                } else {
                    Issue.record("HTTP \(status) did not throw")
                }
            }
            server.script(Self.path, [.text("gateway says \(canary)", status: 200)])
            if let error = await providerError({ _ = try await provider.complete(sampleRequest()) }) { descriptions.append(error.description) }
            server.script("/v1/models", [apiError(401, echo)])
            descriptions.append(await provider.check().message)
            #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(canary)" })
        }
        #expect(descriptions.count > 20)
        for text in descriptions { #expect(!text.contains(canary), "leaked in: \(text)") }
    }
}

extension StubHTTPServer.Response {
    func delayed(_ delay: Duration) -> Self {
        var copy = self
        copy.delay = delay
        return copy
    }
}
