import Foundation
import PrimerCore
import Testing

@testable import PrimerProviders

/// Counts the calls that reach the provider it wraps (a pass-through `ProviderWrapper`, so cache
/// keys still see that a wrapped mock reads the purpose).
final class CountingProvider: ProviderWrapper, @unchecked Sendable {
    let base: any Provider
    var wrapped: any Provider { base }
    private let lock = NSLock()
    private var count = 0
    init(_ base: any Provider) { self.base = base }
    var name: String { base.name }
    var model: String { base.model }
    var calls: Int { lock.withLock { count } }
    func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        lock.withLock { count += 1 }
        return try await base.complete(request)
    }
}

/// Answers with fixed text (a "real" model for recording tests).
struct FixedProvider: Provider {
    var name = "openrouter"
    var model = "gpt-test"
    var text: String
    var finishReason: FinishReason = .stop
    func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        CompletionResponse(
            text: text, model: model, usage: TokenUsage(promptTokens: 12, completionTokens: 7), cost: 0.0004,
            citations: [Citation(url: "https://example.org/source", title: "Source")], finishReason: finishReason)
    }
}

@Suite struct CachingProviderTests {
    @Test func secondIdenticalRequestMakesNoProviderCall() async throws {
        let base = CountingProvider(MockProvider())
        let caching = CachingProvider(base: base, cache: InMemoryResponseCache())
        let first = try await caching.complete(request(purpose(.flashcards)))
        let second = try await caching.complete(request(purpose(.flashcards)))
        #expect(second == first)
        #expect(base.calls == 1)
        #expect(caching.hits == 1 && caching.misses == 1)
        #expect(caching.counts.stored == 1)

        // A rerun with a fresh wrapper over the same cache: 0 provider calls.
        let rerunBase = CountingProvider(MockProvider())
        let rerun = CachingProvider(base: rerunBase, cache: caching.cache)
        #expect(try await rerun.complete(request(purpose(.flashcards))) == first)
        #expect(rerunBase.calls == 0)
        #expect(rerun.summary == "0 provider calls (1 answer from the cache)")
    }

    @Test func changingOneFamilyReRunsOnlyThatFamily() async throws {
        let cache = InMemoryResponseCache()
        let outputs: [ContentKind] = [.lesson, .flashcards, .quiz, .terms]
        let first = CachingProvider(base: MockProvider(), cache: cache)
        for output in outputs { _ = try await first.complete(request(purpose(output))) }
        #expect(first.misses == 4)

        let base = CountingProvider(MockProvider())
        let second = CachingProvider(base: base, cache: cache)
        for output in outputs {
            let prompt = output == .quiz ? "Write 10 questions, each with four choices." : "Write the content as asked."
            _ = try await second.complete(request(purpose(output), prompt: prompt))
        }
        #expect(base.calls == 1)
        #expect(second.hits == 3)
        #expect(second.summary == "1 provider call (3 answers from the cache)")
    }

    @Test func mockKeysIncludeThePurpose() async throws {
        let base = CountingProvider(MockProvider())
        let caching = CachingProvider(base: base, cache: InMemoryResponseCache())
        let a = try await caching.complete(request(purpose(.flashcards, subtopic: "Vector Spaces")))
        let b = try await caching.complete(request(purpose(.flashcards, subtopic: "Bases")))
        #expect(base.calls == 2, "same messages, different purpose: the mock answers differently")
        #expect(a.text != b.text)
    }

    @Test func errorsAreNeverCached() async throws {
        let cache = InMemoryResponseCache()
        let failing = MockProvider(configuration: MockConfiguration(faults: [MockFault(.error)]))
        let caching = CachingProvider(base: failing, cache: cache)
        for _ in 0..<2 {
            await #expect(throws: ProviderError.self) { try await caching.complete(request(purpose(.quiz))) }
        }
        #expect(caching.misses == 2 && caching.hits == 0)
        #expect(try cache.cacheStats().entries == 0)

        // Once the provider recovers, its answer is stored and reused.
        let healthy = CountingProvider(MockProvider())
        let recovered = CachingProvider(base: healthy, cache: cache)
        _ = try await recovered.complete(request(purpose(.quiz)))
        _ = try await recovered.complete(request(purpose(.quiz)))
        #expect(healthy.calls == 1)
    }

    @Test func cutAndRefusedAnswersAreNotCached() async throws {
        for finish in [FinishReason.length, .refusal] {
            let base = CountingProvider(FixedProvider(text: "half an ans", finishReason: finish))
            let caching = CachingProvider(base: base, cache: InMemoryResponseCache())
            _ = try await caching.complete(request(purpose(.lesson)))
            _ = try await caching.complete(request(purpose(.lesson)))
            #expect(base.calls == 2)
            #expect(caching.counts.skipped == 2)
        }
        let truncating = CountingProvider(MockProvider(configuration: MockConfiguration(faults: [MockFault(.truncated)])))
        let caching = CachingProvider(base: truncating, cache: InMemoryResponseCache())
        _ = try await caching.complete(request(purpose(.lesson)))
        _ = try await caching.complete(request(purpose(.lesson)))
        #expect(truncating.calls == 2)
    }

    @Test func aProfileTemperatureIsPartOfTheKey() async throws {
        let cache = InMemoryResponseCache()
        let base = CountingProvider(FixedProvider(text: "answer"))
        let cool = CachingProvider(base: ProfiledProvider(base: base, name: "p", temperature: 0.1, maxTokens: nil), cache: cache)
        let hot = CachingProvider(base: ProfiledProvider(base: base, name: "p", temperature: 0.9, maxTokens: nil), cache: cache)
        _ = try await cool.complete(request(purpose(.lesson)))
        _ = try await hot.complete(request(purpose(.lesson)))
        #expect(base.calls == 2)
        _ = try await hot.complete(request(purpose(.lesson)))
        #expect(base.calls == 2)
    }

    @Test func aBrokenCacheDoesNotFailTheRequest() async throws {
        struct Broken: ResponseCache {
            struct Failure: Error {}
            func cachedResponse(forKey key: String) throws -> CompletionResponse? { throw Failure() }
            func storeResponse(_ response: CompletionResponse, forKey key: String, provider: String, model: String) throws { throw Failure() }
            func cacheStats() throws -> ResponseCacheStats { throw Failure() }
            func clearCache(olderThan date: Date?) throws -> Int { throw Failure() }
        }
        let caching = CachingProvider(base: MockProvider(), cache: Broken())
        let response = try await caching.complete(request(purpose(.terms)))
        #expect(!response.text.isEmpty)
        #expect(caching.counts.cacheErrors == 2)
    }
}
