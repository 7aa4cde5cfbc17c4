import Foundation
import PrimerTestSupport
import Testing

/// The calendar feed of due reviews, as a calendar app reads it: made by its account, fetched
/// with no credential but the secret in its path, parsed by a real iCalendar parser (Python's
/// `icalendar`), replaced (the old address finds nothing) and revoked.
@Suite struct CalendarFeedTests {
    /// Parses an iCalendar text with `icalendar` and prints each event as JSON: date, summary,
    /// description, uid.
    static let parser = """
        import json, sys
        from icalendar import Calendar
        calendar = Calendar.from_ical(open(sys.argv[1], 'rb').read())
        events = [{"date": e.decoded("DTSTART").isoformat(), "end": e.decoded("DTEND").isoformat(), "summary": str(e.get("SUMMARY")),
                   "description": str(e.get("DESCRIPTION")), "uid": str(e.get("UID"))} for e in calendar.walk("VEVENT")]
        print(json.dumps({"version": str(calendar.get("VERSION")), "events": events}))
        """

    @Test(arguments: StoreEngine.allCases) func aCalendarAppSubscribesToTheDueReviews(engine: StoreEngine) async throws {
        let server = try await ServerProcess(engine: engine)
        defer { server.terminate() }
        let ana = try await APIClient(baseURL: server.baseURL).signedUp(email: "ana@example.com")
        let subject = try #require(try await ana.request(.POST, "/api/subjects", json: ["title": "Biology, cells; and more"]).json["id"] as? Int)
        let topic = try #require(try await ana.request(.POST, "/api/subjects/\(subject)/topics", json: ["title": "Cells"]).json["id"] as? Int)
        let subtopic = try #require(try await ana.request(.POST, "/api/topics/\(topic)/subtopics", json: ["title": "Membranes"]).json["id"] as? Int)
        var ids: [Int] = []
        for front in ["lipid", "protein", "channel"] {
            let made = try await ana.request(.POST, "/api/subjects/\(subject)/items", json: ["subtopicId": subtopic, "front": front, "back": "b"])
            ids.append(try #require(made.json["id"] as? Int))
        }
        // Two due again within minutes (learning steps), one in days (easy); the days they fall on
        // are the events expected.
        var expected: [String: Int] = [:]
        for (id, rating) in zip(ids, ["again", "good", "easy"]) {
            let rated = try await ana.request(.POST, "/api/items/\(id)/reviews", json: ["rating": rating])
            let due = try #require((rated.json["item"] as? [String: Any])?["due"] as? String, "\(rated.text)")
            expected[Self.day(try #require(ISO8601DateFormatter().date(from: due))), default: 0] += 1
        }

        let made = try await ana.request(.POST, "/api/me/calendar")
        #expect(made.status == 201, "\(made.text)")
        let path = try #require(made.json["path"] as? String)
        let anonymous = APIClient(baseURL: server.baseURL)
        let feed = try await anonymous.request(.GET, path)
        #expect(feed.status == 200, "\(feed.text)")
        #expect(feed.headers.first(name: "Content-Type")?.hasPrefix("text/calendar") == true)
        #expect(feed.text.hasPrefix("BEGIN:VCALENDAR\r\n") && feed.text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(feed.text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 }, "lines are folded at 75 octets")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("primer-feed-\(UUID().uuidString).ics")
        defer { try? FileManager.default.removeItem(at: file) }
        try feed.body.write(to: file)
        let parsed = try await TestPrograms.run("python3", ["-c", Self.parser, file.path])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let calendar = try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any])
        let events = try #require(calendar["events"] as? [[String: String]])
        #expect(calendar["version"] as? String == "2.0")
        #expect(Dictionary(uniqueKeysWithValues: events.map { ($0["date"] ?? "", $0["summary"] ?? "") })
            == expected.mapValues { "Primer: \($0) review\($0 == 1 ? "" : "s") due" }, "\(events) against \(expected)")
        let first = try #require(events.first)
        #expect(first["description"] == "Biology, cells; and more: \(expected[first["date"] ?? ""] ?? 0)", "escaped text reads back as written: \(first)")
        #expect(Set(events.compactMap { $0["uid"] }).count == events.count && events.count >= 2)

        // Another account's feed is its own; a new address replaces the old, and a revoked one finds nothing.
        let ben = try await APIClient(baseURL: server.baseURL).signedUp(name: "Ben", email: "ben@example.com")
        let bens = try #require(try await ben.request(.POST, "/api/me/calendar").json["path"] as? String)
        #expect(try await anonymous.request(.GET, bens).text.contains("VEVENT") == false, "Ben has nothing due")
        let replaced = try #require(try await ana.request(.POST, "/api/me/calendar").json["path"] as? String)
        #expect(replaced != path)
        #expect(try await anonymous.request(.GET, path).status == 404)
        #expect(try await anonymous.request(.GET, replaced).status == 200)
        #expect(try await ana.request(.DELETE, "/api/me/calendar").status == 204)
        #expect(try await anonymous.request(.GET, replaced).status == 404)
        #expect(try await anonymous.request(.GET, "/api/calendar/made-up").status == 404)
        #expect(try await anonymous.request(.POST, "/api/me/calendar").status == 401)
    }

    /// yyyy-MM-dd in the server's time zone (the test runs on the server's machine).
    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
