import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

@testable import PrimerProviders

/// The Agent API (`POST /v1/agent`) against a loopback server answering in its documented shapes.
@Suite struct PerplexityAgentTests {
    @Test func requestHasOnlyDocumentedFieldsAndTheWebSearchTool() async throws {
        let stub = try PerplexityStub()
        stub.strict(.agent, success: .json(PerplexityAnswers.agent()))
        let provider = try stub.provider(
            .agent,
            settings: """
                  search:
                    domain_filter: [wikipedia.org, -pinterest.com]
                    recency: month
                    context_size: high
                """)
        _ = try await provider.complete(perplexityRequest())

        let sent = try #require(stub.requests.first)
        #expect(stub.requests.count == 1)
        #expect(sent.method == "POST")
        #expect(sent.path == "/v1/agent")
        #expect(sent.headers["authorization"] == "Bearer \(perplexityCanaryKey)")
        #expect(sent.headers["content-type"] == "application/json")
        let body = try #require(sent.json)
        #expect(PerplexityStub.undocumentedFields(.agent, body).isEmpty)
        #expect(Set(body.keys) == ["model", "input", "instructions", "max_output_tokens", "tools"])
        #expect(body["model"] as? String == "perplexity/sonar")
        #expect(body["instructions"] as? String == "You write concise study notes.")
        #expect(body["max_output_tokens"] as? Int == 800)
        // Not documented for the Agent API, so never sent (it would be refused with HTTP 400).
        #expect(body["temperature"] == nil)
        #expect(body["messages"] == nil)
        let input = try #require(body["input"] as? [[String: Any]])
        #expect(input.count == 1)
        #expect(input.first?["type"] as? String == "message")
        #expect(input.first?["role"] as? String == "user")
        #expect(input.first?["content"] as? String == "Write notes on photosynthesis.")
        let tools = try #require(body["tools"] as? [[String: Any]])
        #expect(tools.count == 1)
        let tool = try #require(tools.first)
        #expect(tool["type"] as? String == "web_search")
        #expect(tool["search_context_size"] as? String == "high")
        let filters = try #require(tool["filters"] as? [String: Any])
        #expect(filters["search_domain_filter"] as? [String] == ["wikipedia.org", "-pinterest.com"])
        #expect(filters["search_recency_filter"] as? String == "month")
        #expect(filters.count == 2)
    }

    @Test func withoutSearchSettingsTheToolIsStillSentBecauseSearchIsNotAutomatic() async throws {
        let stub = try PerplexityStub()
        stub.strict(.agent, success: .json(PerplexityAnswers.agent()))
        let provider = try stub.provider(.agent, model: "openai/gpt-5.2")
        _ = try await provider.complete(perplexityRequest(messages: [ChatMessage(role: .user, content: "Only a user turn")]))
        let body = try #require(stub.requests.first?.json)
        #expect(body["tools"] as? [[String: String]] == [["type": "web_search"]])
        #expect(body["model"] as? String == "openai/gpt-5.2")
        #expect(body["instructions"] == nil, "no system text, no instructions")
    }

    @Test func conversationKeepsTurnsAndSystemTextGoesToInstructions() async throws {
        let stub = try PerplexityStub()
        stub.strict(.agent, success: .json(PerplexityAnswers.agent()))
        let provider = try stub.provider(.agent)
        _ = try await provider.complete(
            perplexityRequest(messages: [
                ChatMessage(role: .system, content: "Rule one."),
                ChatMessage(role: .user, content: "First ask"),
                ChatMessage(role: .assistant, content: "First answer"),
                ChatMessage(role: .system, content: "Rule two."),
                ChatMessage(role: .user, content: "Try again"),
            ]))
        let body = try #require(stub.requests.first?.json)
        #expect(body["instructions"] as? String == "Rule one.\n\nRule two.")
        let input = try #require(body["input"] as? [[String: String]])
        #expect(input.map { $0["role"] ?? "" } == ["user", "assistant", "user"])
        #expect(input.map { $0["content"] ?? "" } == ["First ask", "First answer", "Try again"])
    }

    @Test func textCitationsUsageAndCostAreRead() async throws {
        let stub = try PerplexityStub()
        stub.script(.agent, [.json(PerplexityAnswers.agent())])
        let provider = try stub.provider(.agent)
        let response = try await provider.complete(perplexityRequest())

        #expect(response.text == "Photosynthesis turns light into chemical energy [1]. It happens in chloroplasts [2].")
        #expect(response.finishReason == .stop)
        #expect(response.model == "perplexity/sonar")
        #expect(response.usage == TokenUsage(promptTokens: 1200, completionTokens: 245, cachedPromptTokens: 100))
        #expect(response.cost == 0.006365)
        #expect(
            response.citations == [
                Citation(
                    url: "https://en.wikipedia.org/wiki/Photosynthesis", title: "Photosynthesis - Wikipedia",
                    snippet: "Photosynthesis is a process used by plants to convert light energy into chemical energy."),
                Citation(
                    url: "https://www.britannica.com/science/photosynthesis", title: "Photosynthesis | Britannica",
                    snippet: "Photosynthesis, the process by which green plants transform light energy."),
            ])
    }

    @Test func costWithoutTotalIsTheSumOfItsParts() async throws {
        let stub = try PerplexityStub()
        stub.script(.agent, [.json(PerplexityAnswers.agent(totalCost: nil))])
        let response = try await stub.provider(.agent).complete(perplexityRequest())
        let cost = try #require(response.cost)
        #expect(abs(cost - (0.00012 + 0.000245 + 0.006)) < 1e-12)
    }

    @Test func failedRunWithHTTP200IsAnErrorCarryingTheServersMessage() async throws {
        let stub = try PerplexityStub()
        stub.script(
            .agent,
            [
                .json(
                    PerplexityAnswers.agent(
                        text: [], status: "failed",
                        error: ["message": "upstream model timed out", "type": "server_error", "code": "model_timeout"]))
            ])
        let provider = try stub.provider(.agent)
        let error = try #require(await perplexityError { try await provider.complete(perplexityRequest()) })
        #expect(error.message.contains("upstream model timed out"))
        #expect(error.message.contains("failed"))
        #expect(error.retryable, "a run that failed on Perplexity's side is worth another attempt")
        #expect(error.provider == "pplx-test")
        #expect(stub.requests.count == 1)
    }

    @Test func failedRunBlamingTheRequestIsNotRetried() async throws {
        let stub = try PerplexityStub()
        stub.script(
            .agent,
            [
                .json(
                    PerplexityAnswers.agent(
                        text: [], status: "failed",
                        error: ["message": "schema is recursive", "type": "invalid_request_error", "code": "invalid_schema"]))
            ])
        let error = try #require(await perplexityError { try await stub.provider(.agent).complete(perplexityRequest()) })
        #expect(error.message.contains("schema is recursive"))
        #expect(!error.retryable)
    }

    @Test func cancelledRunIsARetryableError() async throws {
        let stub = try PerplexityStub()
        stub.script(.agent, [.json(PerplexityAnswers.agent(text: [], status: "cancelled"))])
        let error = try #require(await perplexityError { try await stub.provider(.agent).complete(perplexityRequest()) })
        #expect(error.message.contains("cancelled"))
        #expect(error.retryable)
    }

    @Test func incompleteAtMaxOutputTokensIsLength() async throws {
        let stub = try PerplexityStub()
        stub.script(
            .agent, [.json(PerplexityAnswers.agent(text: ["Photosynthesis turns light into"], status: "incomplete", incomplete: "max_output_tokens"))])
        let response = try await stub.provider(.agent).complete(perplexityRequest())
        #expect(response.finishReason == .length)
        #expect(response.text == "Photosynthesis turns light into")
        #expect(response.citations.count == 2)
        #expect(response.cost == 0.006365, "a truncated answer was still paid for")
    }

    @Test func thinkPrefixIsStripped() async throws {
        let stub = try PerplexityStub()
        stub.script(.agent, [.json(PerplexityAnswers.agent(text: ["<think>\nThe user wants notes; search first.\n</think>\n\n", "Chlorophyll absorbs light."]))])
        let response = try await stub.provider(.agent).complete(perplexityRequest())
        #expect(response.text == "Chlorophyll absorbs light.")
    }

    @Test func structuredOutputSendsTheSchemaAsResponseFormat() async throws {
        let stub = try PerplexityStub()
        stub.strict(.agent, success: .json(PerplexityAnswers.agent(text: ["{\"notes\":\"Light to sugar\"}"])))
        let schema = #"{"type":"object","properties":{"notes":{"type":"string"}},"required":["notes"]}"#
        let response = try await stub.provider(.agent).complete(perplexityRequest(schema: schema))
        #expect(response.text == #"{"notes":"Light to sugar"}"#)
        let body = try #require(stub.requests.first?.json)
        #expect(PerplexityStub.undocumentedFields(.agent, body).isEmpty)
        let format = try #require(body["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        let jsonSchema = try #require(format["json_schema"] as? [String: Any])
        let name = try #require(jsonSchema["name"] as? String)
        #expect(name == "primerlesson")
        #expect(name.allSatisfy { $0.isLetter || $0.isNumber } && (1...64).contains(name.count))
        let sentSchema = try #require(jsonSchema["schema"] as? [String: Any])
        #expect(sentSchema["required"] as? [String] == ["notes"])
        #expect(Set(jsonSchema.keys) == ["name", "schema"])
    }

    @Test func structuredOutputOffSendsNoSchema() async throws {
        let stub = try PerplexityStub()
        stub.strict(.agent, success: .json(PerplexityAnswers.agent()))
        let provider = try stub.provider(.agent, settings: "  structured_output: false\n")
        _ = try await provider.complete(perplexityRequest(schema: #"{"type":"object"}"#))
        #expect(stub.requests.first?.json?["response_format"] == nil)
    }

    @Test func theStrictStubRefusesAnUndocumentedField() async throws {
        // The stub's whitelist is what makes the body tests meaningful: prove it bites.
        let stub = try PerplexityStub()
        stub.strict(.agent, success: .json(PerplexityAnswers.agent()))
        let response = try await AsyncHTTPTransport.shared.send(
            HTTPRequestSpec(url: stub.baseURL + "/v1/agent", body: Data(#"{"model":"perplexity/sonar","input":"hi","temperature":0.2}"#.utf8)))
        #expect(response.status == 400)
        #expect(response.text.contains("temperature"))
    }
}
