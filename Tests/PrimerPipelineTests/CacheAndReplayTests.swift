import Foundation
import PrimerCore
import PrimerProviders
import PrimerStore
import Testing
import PrimerGeneration

/// The response cache and record/replay under the real pipeline, with SQLite stores.
@Suite struct CacheAndReplayTests {
    /// Every stored text of a kit, for comparing runs.
    func texts(_ h: Harness, _ title: String) async throws -> [String] {
        let kit = try #require(try await h.store.kit(subjectTitle: title))
        var texts: [String] = []
        for subtopic in kit.topics.flatMap(\.subtopics) {
            texts.append(subtopic.title)
            texts.append(subtopic.lesson ?? "")
            texts += subtopic.pairs("flashcards").map { "\($0.front)|\($0.back)" }
            texts += subtopic.choices("quiz").map(\.question)
            texts += subtopic.pairs("terms").map { "\($0.front)|\($0.back)" }
        }
        return texts
    }

    @Test func anUnchangedRerunMakesNoProviderCall() async throws {
        let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cacheFolder) }
        let cache = try SQLiteStore(path: cacheFolder.appendingPathComponent("cache.sqlite").path)
        let options = PipelineOptions(maxSubtopics: 2)

        let first = try Harness()
        defer { first.remove() }
        let firstCaching = CachingProvider(base: try first.shipped("mock"), cache: cache)
        let firstRun = try await first.pipeline(firstCaching).run(SubjectRequest(title: "Linear Algebra"), options: options)
        #expect(firstRun.failures.isEmpty)
        #expect(firstCaching.hits == 0 && firstCaching.misses == firstRun.providerCalls)
        await #expect(try cache.cacheStats().entries == firstRun.providerCalls)

        // A new kit store (the evaluation suite starts from nothing), the same cache.
        let second = try Harness()
        defer { second.remove() }
        let secondCaching = CachingProvider(base: try second.shipped("mock"), cache: cache)
        _ = try await second.pipeline(secondCaching).run(SubjectRequest(title: "Linear Algebra"), options: options)
        #expect(secondCaching.misses == 0)
        #expect(secondCaching.hits == firstRun.providerCalls)
        #expect(secondCaching.summary == "0 provider calls (\(firstRun.providerCalls) answers from the cache)")
        await #expect(try texts(second, "Linear Algebra") == texts(first, "Linear Algebra"))
        await #expect(try cache.cacheStats().hits == firstRun.providerCalls)
    }

    @Test func failedAttemptsAreNeverCachedInTheStore() async throws {
        let h = try Harness()
        defer { h.remove() }
        let flaky = try h.mock("""
              faults:
                - {type: error, attempts: [1], families: [quiz]}
                - {type: truncated, attempts: [1], families: [terms]}
            """)
        let caching = CachingProvider(base: flaky, cache: h.store)
        let summary = try await h.pipeline(caching).run(SubjectRequest(title: "Optics"), options: PipelineOptions(maxSubtopics: 2))
        #expect(summary.failures.isEmpty)
        // 2 errors (quiz, attempt 1) and 2 cut answers (terms, attempt 1) are not stored.
        #expect(caching.misses == summary.providerCalls)
        #expect(caching.counts.skipped == 2)
        await #expect(try await h.store.cacheStats().entries == summary.providerCalls - 4)
    }

    @Test func aRecordedRunReplaysWithoutTheProvider() async throws {
        let suite = FileManager.default.temporaryDirectory.appendingPathComponent("primer-suite-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: suite) }
        let cassette = Cassette.url(suite: suite, provider: "mock")
        let options = PipelineOptions(maxSubtopics: 2)

        let recording = try Harness()
        defer { recording.remove() }
        let recorder = try CassetteRecorder(base: try recording.shipped("mock"), file: cassette, environment: [:], startFresh: true)
        let recorded = try await recording.pipeline(recorder).run(SubjectRequest(title: "Thermodynamics"), options: options)
        #expect(recorder.recorded == recorded.providerCalls)

        // The replay manifest has another name and seed: answers come from the cassette only.
        let replaying = try Harness()
        defer { replaying.remove() }
        let replay = try replaying.mock("  seed: 7\n  replay: \(cassette.path)")
        let replayed = try await replaying.pipeline(replay).run(SubjectRequest(title: "Thermodynamics"), options: options)
        #expect(replayed.failures.isEmpty)
        await #expect(try texts(replaying, "Thermodynamics") == texts(recording, "Thermodynamics"))

        // A subtopic that was never recorded stops the run (the error is not retryable) and says why.
        do {
            _ = try await replaying.pipeline(replay).run(SubjectRequest(title: "Thermodynamics"), options: PipelineOptions(maxSubtopics: 3))
            Issue.record("the unrecorded subtopic should fail")
        } catch {
            let message = "\(error)"
            #expect(message.contains("no recorded answer for lesson of First Principles of Thermodynamics in \(cassette.standardizedFileURL.path)"))
            #expect(message.contains("record it with --record"))
        }
    }
}
