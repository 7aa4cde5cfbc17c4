import Foundation
import PrimerTestSupport
import Testing

/// Ratings a page queued offline, sent when the network returns, over real HTTP on each engine:
/// each with its `Idempotency-Key` is stored once however often it is sent, at the time it was
/// made (`ratedMsAgo`), in order; and the stats' history counts them.
@Suite struct OfflineRatingTests {
    @Test(arguments: StoreEngine.allCases) func aRatingSentAgainWithItsKeyCountsOnce(engine: StoreEngine) async throws {
        let server = try await ServerProcess(engine: engine)
        defer { server.terminate() }
        let app = try await APIClient(baseURL: server.baseURL).signedUp(email: "ana@example.com")
        let subject = try #require(try await app.request(.POST, "/api/subjects", json: ["title": "Spanish"]).json["id"] as? Int)
        let topic = try #require(try await app.request(.POST, "/api/subjects/\(subject)/topics", json: ["title": "Verbs"]).json["id"] as? Int)
        let ser = try #require(try await app.request(.POST, "/api/topics/\(topic)/subtopics", json: ["title": "Ser"]).json["id"] as? Int)
        var ids: [Int] = []
        for (front, back) in [("soy", "I am"), ("eres", "you are"), ("es", "he is")] {
            ids.append(try #require(try await app.request(.POST, "/api/subjects/\(subject)/items", json: ["subtopicId": ser, "front": front, "back": back]).json["id"] as? Int))
        }
        func reviews() async throws -> Int {
            let stats = try await app.request(.GET, "/api/subjects/\(subject)/stats?days=7")
            return try #require((stats.json["deck"] as? [String: Any])?["reviews"] as? Int, "\(stats.text)")
        }

        // Sent three times (the answers lost on the way): one review.
        let key = UUID().uuidString
        let body: [String: Any] = ["rating": "good", "durationMs": 3000, "ratedMsAgo": 0]
        let firstSent = Date()
        let first = try await app.request(.POST, "/api/items/\(ids[0])/reviews", json: body, headers: [("Idempotency-Key", key)])
        #expect(first.status == 200 && first.json["repeated"] as? Bool == false, "\(first.text)")
        for _ in 0..<2 {
            let again = try await app.request(.POST, "/api/items/\(ids[0])/reviews", json: body, headers: [("Idempotency-Key", key)])
            #expect(again.status == 200 && again.json["repeated"] as? Bool == true, "\(again.text)")
            #expect((again.json["item"] as? [String: Any])?["due"] as? String == (first.json["item"] as? [String: Any])?["due"] as? String)
        }
        #expect(try await reviews() == 1)
        let interval = try #require(first.json["intervalSeconds"] as? Double)
        #expect(abs(interval - 600) < 2, "\(first.text)")

        // Sent at once from two connections: still one.
        let twice = "both-\(UUID().uuidString)"
        let second = ids[1]
        async let a = app.request(.POST, "/api/items/\(second)/reviews", json: ["rating": "again"], headers: [("Idempotency-Key", twice)])
        async let b = app.request(.POST, "/api/items/\(second)/reviews", json: ["rating": "again"], headers: [("Idempotency-Key", twice)])
        let (one, other) = try await (a, b)
        #expect(one.status == 200 && other.status == 200, "\(one.text) \(other.text)")
        #expect([one.json["repeated"] as? Bool, other.json["repeated"] as? Bool].compactMap { $0 }.sorted { !$0 && $1 } == [false, true], "\(one.text) \(other.text)")
        #expect(try await reviews() == 2)

        // A rating made before the item's last review (queued offline half a second before the
        // first was sent, timed from then however slow this machine is) is refused: reviews are
        // kept in the order they were made;
        // a key that is not one is refused, nothing is stored; another account's item is 404.
        let before = Int(Date().timeIntervalSince(firstSent) * 1000) + 500
        let late = try await app.request(.POST, "/api/items/\(ids[0])/reviews", json: ["rating": "good", "ratedMsAgo": before], headers: [("Idempotency-Key", "late-1")])
        #expect(late.status == 422 && late.message.contains("must be later"), "\(late.text)")
        let badKey = try await app.request(.POST, "/api/items/\(ids[2])/reviews", json: ["rating": "good"], headers: [("Idempotency-Key", "not a key!")])
        #expect((400..<500).contains(badKey.status), "\(badKey.text)")
        let bo = try await APIClient(baseURL: server.baseURL).signedUp(name: "Bo", email: "bo@example.com")
        let theirs = try await bo.request(.POST, "/api/items/\(ids[2])/reviews", json: ["rating": "good"], headers: [("Idempotency-Key", "bo-1")])
        #expect(theirs.status == 404, "\(theirs.text)")
        #expect(try await reviews() == 2)

        // The history the charts draw: today's two reviews, the mastery of three items.
        let stats = try await app.request(.GET, "/api/subjects/\(subject)/stats?days=7")
        let history = try #require(stats.json["history"] as? [String: Any], "\(stats.text)")
        let days = try #require(history["days"] as? [[String: Any]])
        #expect(days.count == 7 && days.last?["reviews"] as? Int == 2 && days.dropLast().allSatisfy { $0["reviews"] as? Int == 0 })
        #expect(((days.last?["knowledgePercent"] as? Double) ?? 0) > 0)
        let mastery = try #require(history["mastery"] as? [String: Int])
        #expect(mastery == ["new": 1, "learning": 2, "young": 0, "mature": 0], "\(mastery)")
        #expect((history["forecast"] as? [Any])?.count == 30)
        let wide = try await app.request(.GET, "/api/subjects/\(subject)/stats?days=366")
        #expect((400..<500).contains(wide.status))
    }
}
