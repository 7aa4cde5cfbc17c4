import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

@testable import PrimerProviders

/// The legacy Sonar API (`POST /chat/completions`) against a loopback server answering in its documented shapes.
@Suite struct PerplexitySonarTests {
    @Test func requestIsOpenAIShapedWithSearchFieldsAtTheTop() async throws {
        let stub = try PerplexityStub()
        stub.strict(.sonar, success: .json(PerplexityAnswers.sonar()))
        let provider = try stub.provider(
            .sonar,
            settings: """
                  search:
                    domain_filter: [nature.com]
                    recency: week
                    context_size: low
                    mode: academic
                """)
        #expect(provider.model == "sonar")
        _ = try await provider.complete(perplexityRequest())

        #expect(stub.requests.count == 1)
        let sent = try #require(stub.requests.first)
        #expect(sent.path == "/chat/completions")
        #expect(sent.headers["authorization"] == "Bearer \(perplexityCanaryKey)")
        let body = try #require(sent.json)
        #expect(PerplexityStub.undocumentedFields(.sonar, body).isEmpty)
        #expect(
            Set(body.keys) == [
                "model", "messages", "max_tokens", "temperature", "search_domain_filter", "search_recency_filter", "search_mode",
                "web_search_options",
            ])
        #expect(body["model"] as? String == "sonar")
        #expect(body["max_tokens"] as? Int == 800)
        #expect(body["temperature"] as? Double == 0.2)
        #expect(body["search_domain_filter"] as? [String] == ["nature.com"])
        #expect(body["search_recency_filter"] as? String == "week")
        #expect(body["search_mode"] as? String == "academic")
        #expect(body["web_search_options"] as? [String: String] == ["search_context_size": "low"])
        #expect(
            body["messages"] as? [[String: String]] == [
                ["role": "system", "content": "You write concise study notes."],
                ["role": "user", "content": "Write notes on photosynthesis."],
            ])
        #expect(body["tools"] == nil && body["input"] == nil, "Agent API fields are not sent to Sonar")
    }

    @Test func turnsAlternateAsSonarRequires() async throws {
        let stub = try PerplexityStub()
        stub.script(.sonar, [.json(PerplexityAnswers.sonar())])
        _ = try await stub.provider(.sonar).complete(
            perplexityRequest(messages: [
                ChatMessage(role: .system, content: "Rule one."),
                ChatMessage(role: .user, content: "Write notes."),
                ChatMessage(role: .user, content: "Reminder: cover only photosynthesis."),
                ChatMessage(role: .system, content: "Rule two."),
            ]))
        let messages = try #require(stub.requests.first?.json?["messages"] as? [[String: String]])
        #expect(
            messages == [
                ["role": "system", "content": "Rule one.\n\nRule two."],
                ["role": "user", "content": "Write notes.\n\nReminder: cover only photosynthesis."],
            ])
    }

    @Test func citationsMergeTheURLListWithSearchResults() async throws {
        let stub = try PerplexityStub()
        stub.script(.sonar, [.json(PerplexityAnswers.sonar())])
        let response = try await stub.provider(.sonar).complete(perplexityRequest())

        #expect(response.text == "Photosynthesis turns light into chemical energy [1][2].")
        #expect(response.finishReason == .stop)
        #expect(response.model == "sonar")
        // `[n]` markers index the `citations` list, so its order is kept; titles and snippets come from search_results.
        #expect(
            response.citations == [
                Citation(
                    url: "https://www.britannica.com/science/photosynthesis", title: "Photosynthesis | Britannica",
                    snippet: "Photosynthesis, the process by which green plants transform light energy."),
                Citation(
                    url: "https://en.wikipedia.org/wiki/Photosynthesis", title: "Photosynthesis - Wikipedia",
                    snippet: "Photosynthesis is a process used by plants to convert light energy into chemical energy."),
                Citation(url: "https://www.nationalgeographic.org/photosynthesis"),
            ])
    }

    @Test func usageAndCostAreRead() async throws {
        let stub = try PerplexityStub()
        stub.script(.sonar, [.json(PerplexityAnswers.sonar())])
        let response = try await stub.provider(.sonar).complete(perplexityRequest())
        #expect(response.usage == TokenUsage(promptTokens: 900, completionTokens: 180))
        #expect(response.cost == 0.00608)
    }

    @Test func costWithoutTotalIsTheSumOfItsParts() async throws {
        let stub = try PerplexityStub()
        var answer = PerplexityAnswers.sonar()
        answer["usage"] = ["prompt_tokens": 10, "completion_tokens": 5, "cost": ["input_tokens_cost": 0.001, "output_tokens_cost": 0.002, "request_cost": 0.005]]
        stub.script(.sonar, [.json(answer)])
        let cost = try #require(try await stub.provider(.sonar).complete(perplexityRequest()).cost)
        #expect(abs(cost - 0.008) < 1e-12)
    }

    @Test func finishReasonLengthIsLength() async throws {
        let stub = try PerplexityStub()
        stub.script(.sonar, [.json(PerplexityAnswers.sonar(content: "Photosynthesis turns", finish: "length"))])
        let response = try await stub.provider(.sonar).complete(perplexityRequest())
        #expect(response.finishReason == .length)
        #expect(response.text == "Photosynthesis turns")
    }

    @Test func thinkBlocksAreStripped() async throws {
        let stub = try PerplexityStub()
        stub.script(
            .sonar,
            [.json(PerplexityAnswers.sonar(content: "<think>\nLet me search for sources.\n</think>\n## Photosynthesis\nLight becomes sugar."))])
        let response = try await stub.provider(.sonar, model: "sonar-reasoning-pro").complete(perplexityRequest())
        #expect(response.text == "## Photosynthesis\nLight becomes sugar.")
        #expect(stub.requests.first?.json?["model"] as? String == "sonar-reasoning-pro")
    }

    @Test func answerCutOffWhileThinkingHasNoText() async throws {
        let stub = try PerplexityStub()
        stub.script(.sonar, [.json(PerplexityAnswers.sonar(content: "<think>\nI should first look at", finish: "length"))])
        let response = try await stub.provider(.sonar).complete(perplexityRequest())
        #expect(response.text == "")
        #expect(response.finishReason == .length)
    }

    @Test func structuredOutputSendsTheSchemaAsResponseFormat() async throws {
        let stub = try PerplexityStub()
        stub.strict(.sonar, success: .json(PerplexityAnswers.sonar(content: #"{"terms":[]}"#)))
        let schema = #"{"type":"object","properties":{"terms":{"type":"array","items":{"type":"string"}}},"required":["terms"]}"#
        var request = perplexityRequest(schema: schema)
        request.purpose.family = "terms-v2"
        _ = try await stub.provider(.sonar).complete(request)
        let body = try #require(stub.requests.first?.json)
        #expect(PerplexityStub.undocumentedFields(.sonar, body).isEmpty)
        let format = try #require(body["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        let jsonSchema = try #require(format["json_schema"] as? [String: Any])
        #expect(jsonSchema["name"] as? String == "primertermsv2")
        #expect((jsonSchema["schema"] as? [String: Any])?["type"] as? String == "object")
    }

    @Test func answerWithoutChoicesIsARetryableError() async throws {
        let stub = try PerplexityStub()
        stub.script(.sonar, [.json(["id": "x", "model": "sonar", "choices": [] as [Any]])])
        let error = try #require(await perplexityError { try await stub.provider(.sonar).complete(perplexityRequest()) })
        #expect(error.retryable)
        #expect(error.message.contains("no choices"))
    }
}
