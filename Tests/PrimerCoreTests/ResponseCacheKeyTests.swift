import Foundation
import Testing

@testable import PrimerCore

private func keyRequest(
    messages: [ChatMessage] = [
        ChatMessage(role: .system, content: "You write study material."),
        ChatMessage(role: .user, content: "Write 8 flashcards about Vector Spaces."),
    ],
    schema: String? = #"{"type":"object"}"#, temperature: Double? = 0.3, maxTokens: Int? = 800,
    subtopic: String = "Vector Spaces", attempt: Int = 1
) -> CompletionRequest {
    CompletionRequest(
        messages: messages,
        purpose: RequestPurpose(
            family: "flashcards", shape: .pair, subjectKind: .general, subject: "Linear Algebra",
            topic: "Foundations", subtopic: subtopic, attempt: attempt),
        jsonSchema: schema, temperature: temperature, maxTokens: maxTokens)
}

private func key(
    _ request: CompletionRequest = keyRequest(), provider: String = "openrouter", model: String = "gpt-4o-mini",
    purpose: Bool = false
) -> String {
    ResponseCacheKey(request: request, provider: provider, model: model, includePurpose: purpose).hex
}

@Suite struct ResponseCacheKeyTests {
    @Test func isThirtyTwoHexDigitsAndDeterministic() {
        let a = key()
        #expect(a.count == 32)
        #expect(a.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(key() == a)
    }

    /// A fixed value: the key must be the same in every process, on every platform and release
    /// (Swift's `Hasher` is seeded per process and would fail this). Changing the definition means
    /// bumping `ResponseCacheKey.formatVersion` and this value together.
    @Test func isStableAcrossProcesses() {
        #expect(key() == "a1ef9ab5be99a0e5dde5eec57cb1acc5")
    }

    @Test func changesWithEverythingThatChangesTheAnswer() {
        let base = key()
        var oneChar = keyRequest()
        oneChar.messages[1].content = "Write 9 flashcards about Vector Spaces."
        #expect(key(oneChar) != base)
        var role = keyRequest()
        role.messages[0].role = .user
        #expect(key(role) != base)
        #expect(key(provider: "openai") != base)
        #expect(key(model: "gpt-4o") != base)
        #expect(key(keyRequest(schema: #"{"type":"array"}"#)) != base)
        #expect(key(keyRequest(schema: nil)) != base)
        #expect(key(keyRequest(temperature: 0.4)) != base)
        #expect(key(keyRequest(temperature: nil)) != base)
        #expect(key(keyRequest(maxTokens: 801)) != base)
        #expect(key(keyRequest(messages: keyRequest().messages + [ChatMessage(role: .user, content: "")])) != base)
    }

    @Test func fieldsCannotRunIntoEachOther() {
        let ab = keyRequest(messages: [ChatMessage(role: .user, content: "ab"), ChatMessage(role: .user, content: "c")])
        let bc = keyRequest(messages: [ChatMessage(role: .user, content: "a"), ChatMessage(role: .user, content: "bc")])
        #expect(key(ab) != key(bc))
        #expect(key(provider: "a", model: "bc") != key(provider: "ab", model: "c"))
        #expect(key(keyRequest(schema: "")) != key(keyRequest(schema: nil)))
    }

    @Test func purposeCountsOnlyWhenTheProviderReadsIt() {
        let other = keyRequest(subtopic: "Bases", attempt: 2)
        #expect(key(other) == key(), "real models never see the purpose")
        #expect(key(other, purpose: true) != key(purpose: true))
        #expect(key(purpose: true) != key(purpose: false))
    }

    @Test func wrappersForwardTheirRequestAndPurposeAwareness() {
        struct Plain: Provider {
            let name = "plain"
            let model = "m"
            func complete(_ request: CompletionRequest) async throws -> CompletionResponse { CompletionResponse(text: "", model: model) }
        }
        struct Aware: PurposeAwareProvider {
            let name = "aware"
            let model = "m"
            var answerDependsOnPurpose: Bool { true }
            func complete(_ request: CompletionRequest) async throws -> CompletionResponse { CompletionResponse(text: "", model: model) }
        }
        struct Hot: ProviderWrapper {
            let wrapped: any Provider
            var name: String { wrapped.name }
            var model: String { wrapped.model }
            func forwardedRequest(_ request: CompletionRequest) -> CompletionRequest {
                var request = request
                request.temperature = 1.5
                return request
            }
            func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
                try await wrapped.complete(forwardedRequest(request))
            }
        }
        let request = keyRequest()
        #expect(ResponseCacheKey.resolve(request, Plain()).1 == false)
        #expect(ResponseCacheKey.resolve(request, Aware()).1 == true)
        let (forwarded, reads) = ResponseCacheKey.resolve(request, Hot(wrapped: Aware()))
        #expect(forwarded.temperature == 1.5)
        #expect(reads)
        #expect(
            ResponseCacheKey(request: request, for: Hot(wrapped: Plain())).hex
                == key(keyRequest(temperature: 1.5), provider: "plain", model: "m"))
    }

    @Test func responsesRoundTripThroughJSON() throws {
        let response = CompletionResponse(
            text: "Q | A\n“quoted” / ü", model: "gpt", usage: TokenUsage(promptTokens: 10, completionTokens: 5, cachedPromptTokens: 2),
            cost: 0.0012, citations: [Citation(url: "https://example.org/a", title: "A", snippet: "s")], finishReason: .length)
        let data = try JSONEncoder().encode(response)
        #expect(try JSONDecoder().decode(CompletionResponse.self, from: data) == response)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"finish_reason\""))
        #expect(json.contains("\"prompt_tokens\""))
        let minimal = try JSONDecoder().decode(CompletionResponse.self, from: Data(#"{"text":"hi"}"#.utf8))
        #expect(minimal == CompletionResponse(text: "hi", model: ""))
    }

    @Test func inMemoryCacheCountsHitsAndClears() async throws {
        let cache = InMemoryResponseCache()
        #expect(try cache.cachedResponse(forKey: "k") == nil)
        try cache.storeResponse(CompletionResponse(text: "a", model: "m"), forKey: "k", provider: "p", model: "m")
        #expect(try cache.cachedResponse(forKey: "k")?.text == "a")
        let stats = try cache.cacheStats()
        #expect(stats.entries == 1 && stats.hits == 1 && stats.bytes > 0)
        #expect(try cache.clearCache(olderThan: Date.distantPast) == 0)
        await #expect(try cache.clearCache() == 1)
        #expect(try cache.cacheStats().entries == 0)
    }
}
