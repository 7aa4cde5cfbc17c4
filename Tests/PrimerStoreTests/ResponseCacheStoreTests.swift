import Foundation
import GRDB
import PrimerCore
import Testing

@testable import PrimerStore

private let answer = CompletionResponse(
    text: "Vector space | A set closed under addition\n“ü”", model: "gpt-test",
    usage: TokenUsage(promptTokens: 120, completionTokens: 40, cachedPromptTokens: 8), cost: 0.0031,
    citations: [Citation(url: "https://example.org/a", title: "A", snippet: "snippet")], finishReason: .stop)

@Suite struct ResponseCacheStoreTests {
    @Test func roundTripsAndPersistsAcrossOpens() async throws {
        let folder = try TempFolder()
        let store = try folder.store()
        #expect(try await store.cachedResponse(forKey: "k1") == nil)
        try await store.storeResponse(answer, forKey: "k1", provider: "openrouter", model: "gpt-test")
        #expect(try await store.cachedResponse(forKey: "k1") == answer)

        let reopened = try folder.store()
        await #expect(try reopened.cachedResponse(forKey: "k1") == answer)
        let row = try DatabaseQueue(path: store.path).read { db in
            try Row.fetchOne(db, sql: "SELECT provider, model, hits, json_valid(response) AS valid FROM response_cache WHERE key = 'k1'")
        }
        #expect(row?["provider"] == "openrouter")
        #expect(row?["model"] == "gpt-test")
        #expect(row?["hits"] == 2)
        #expect(row?["valid"] == 1)
    }

    @Test(arguments: Engine.allCases) func storingAgainReplacesTheEntry(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        try await store.storeResponse(answer, forKey: "k", provider: "p", model: "m")
        _ = try await store.cachedResponse(forKey: "k")
        var newer = answer
        newer.text = "newer"
        try await store.storeResponse(newer, forKey: "k", provider: "p", model: "m")
        #expect(try await store.cachedResponse(forKey: "k")?.text == "newer")
        let stats = try await store.cacheStats()
        #expect(stats.entries == 1 && stats.hits == 1)
    }

    @Test func statsCountEntriesBytesHitsAndDates() async throws {
        let folder = try TempFolder()
        let store = try folder.store()
        #expect(try await store.cacheStats() == ResponseCacheStats())
        let before = Date().addingTimeInterval(-1)
        try await store.storeResponse(answer, forKey: "a", provider: "p", model: "m")
        try await store.storeResponse(CompletionResponse(text: "short", model: "m"), forKey: "b", provider: "p", model: "m")
        _ = try await store.cachedResponse(forKey: "a")
        _ = try await store.cachedResponse(forKey: "a")
        _ = try await store.cachedResponse(forKey: "b")
        _ = try await store.cachedResponse(forKey: "missing")
        let after = Date().addingTimeInterval(1)

        let stats = try await store.cacheStats()
        #expect(stats.entries == 2)
        #expect(stats.hits == 3)
        let expectedBytes = try await DatabaseQueue(path: store.path).read { db in
            try Int.fetchOne(db, sql: "SELECT SUM(length(CAST(response AS BLOB))) FROM response_cache")
        }
        #expect(stats.bytes == expectedBytes)
        #expect(stats.bytes > answer.text.utf8.count)
        let oldest = try #require(stats.oldest)
        let newest = try #require(stats.newest)
        #expect(before <= oldest && oldest <= newest && newest <= after)
    }

    @Test(arguments: Engine.allCases) func clearsOlderEntriesOrAll(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        try await store.storeResponse(answer, forKey: "old", provider: "p", model: "m")
        try await Task.sleep(for: .milliseconds(20))
        let cutoff = Date()
        try await Task.sleep(for: .milliseconds(20))
        try await store.storeResponse(answer, forKey: "new", provider: "p", model: "m")

        #expect(try await store.clearCache(olderThan: cutoff) == 1)
        #expect(try await store.cachedResponse(forKey: "old") == nil)
        #expect(try await store.cachedResponse(forKey: "new") != nil)
        #expect(try await store.clearCache() == 1)
        #expect(try await store.cacheStats().entries == 0)
        #expect(try await store.clearCache() == 0)
    }

    @Test func cacheRowsSurviveSubjectDeletionAndAreNotKitTables() async throws {
        let folder = try TempFolder()
        let store = try folder.store()
        _ = try await store.upsertSubject(title: "Biology", notes: "", kind: .general, instructions: "")
        try await store.storeResponse(answer, forKey: "k", provider: "p", model: "m")
        #expect(try await store.deleteSubject(title: "biology"))
        #expect(try await store.cachedResponse(forKey: "k") != nil)
        #expect(!Schema.tables.contains("response_cache"))
        #expect(try rawCount(store.path, "response_cache") == 1)
    }

    @Test func anUndecodableEntryIsAMiss() async throws {
        let folder = try TempFolder()
        let store = try folder.store()
        try await store.dbPool.write { db in
            try db.execute(
                sql: "INSERT INTO response_cache (key, provider, model, response, created_at) VALUES ('k', 'p', 'm', '{\"nope\":1}', ?)",
                arguments: [Date()])
        }
        #expect(try await store.cachedResponse(forKey: "k") == nil)
    }
}
