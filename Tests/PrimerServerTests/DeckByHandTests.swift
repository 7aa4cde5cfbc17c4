import Foundation
import PrimerTestSupport
import Testing

/// A learner who builds a deck by hand and then grows it, over real HTTP on each engine: an
/// empty subject, two topics, five items of three shapes, a study session in "unknown" mode with
/// each rating's interval, a quiz question edited (its earlier text kept), a chapter uploaded and
/// its sections generated, two more subtopics, one family written again — what the learner made
/// kept all along.
@Suite struct DeckByHandTests {
    @Test(arguments: StoreEngine.allCases) func aLearnerBuildsADeckByHandStudiesItAndGrowsIt(engine: StoreEngine) async throws {
        let server = try await ServerProcess(engine: engine)
        defer { server.terminate() }
        let app = try await APIClient(baseURL: server.baseURL).signedUp(email: "ana@example.com")

        let subject = try #require(try await app.request(.POST, "/api/subjects", json: ["title": "Spanish"]).json["id"] as? Int)
        let renamed = try await app.request(.PATCH, "/api/subjects/\(subject)", json: ["title": "Spanish A1", "color": "#aa3300"])
        #expect(renamed.status == 200 && renamed.json["title"] as? String == "Spanish A1" && renamed.json["color"] as? String == "#aa3300")

        // Two topics, each with a subtopic; the second moved first, then back.
        let verbs = try #require(try await app.request(.POST, "/api/subjects/\(subject)/topics", json: ["title": "Verbs"]).json["id"] as? Int)
        let nouns = try #require(try await app.request(.POST, "/api/subjects/\(subject)/topics", json: ["title": "Nouns"]).json["id"] as? Int)
        let ser = try #require(try await app.request(.POST, "/api/topics/\(verbs)/subtopics", json: ["title": "Ser"]).json["id"] as? Int)
        let food = try #require(try await app.request(.POST, "/api/topics/\(nouns)/subtopics", json: ["title": "Food"]).json["id"] as? Int)
        #expect(try await app.request(.PATCH, "/api/topics/\(nouns)", json: ["position": 0]).json["title"] as? String == "Nouns")
        #expect(try await Self.topicTitles(app, subject) == ["Nouns", "Verbs"])
        #expect(try await app.request(.PATCH, "/api/topics/\(nouns)", json: ["position": 1]).status == 200)
        let duplicate = try await app.request(.POST, "/api/subjects/\(subject)/topics", json: ["title": "verbs"])
        #expect(duplicate.status == 409, "\(duplicate.text)")

        // Five items of three shapes.
        let cards = [
            ["subtopicId": ser, "front": "soy", "back": "I am"],
            ["subtopicId": ser, "front": "eres", "back": "you are"],
            ["subtopicId": food, "shape": "choice", "fields": ["question": "What is pan?", "choices": ["bread", "water", "milk"], "correctIndex": 0]],
            ["subtopicId": food, "shape": "choice", "fields": ["question": "What is agua?", "choices": ["bread", "water"], "correctIndex": 1]],
            [
                "subtopicId": ser, "shape": "matching",
                "fields": ["prompt": "Match the forms", "lefts": ["soy", "eres", "es", "somos"], "rights": ["I am", "you are", "he is", "we are"]],
            ],
        ]
        var ids: [Int] = []
        for card in cards {
            let made = try await app.request(.POST, "/api/subjects/\(subject)/items", json: card)
            #expect(made.status == 201, "\(made.text)")
            ids.append(try #require(made.json["id"] as? Int))
        }
        let bad = try await app.request(.POST, "/api/subjects/\(subject)/items", json: ["subtopicId": food, "shape": "choice", "fields": ["question": "Q", "choices": ["a"], "correctIndex": 3]])
        #expect(bad.status == 422 && (bad.json["message"] as? String ?? "").contains("2 to 8 choices"), "\(bad.text)")

        // Studied in "unknown" mode: every item, each with the interval each rating would give.
        let session = try await app.request(.GET, "/api/subjects/\(subject)/session?mode=unknown")
        let entries = try #require(session.json["items"] as? [[String: Any]], "\(session.text)")
        #expect(Set(entries.compactMap { ($0["item"] as? [String: Any])?["id"] as? Int }) == Set(ids))
        let first = try #require(entries.first)
        let intervals = try #require(first["intervals"] as? [String: Double])
        let (again, hard, good, easy) = (intervals["again"] ?? 0, intervals["hard"] ?? 0, intervals["good"] ?? 0, intervals["easy"] ?? 0)
        #expect(0 < again && again < hard && hard < good && good < easy, "\(intervals)")
        let firstID = try #require((first["item"] as? [String: Any])?["id"] as? Int)
        let rated = try await app.request(.POST, "/api/items/\(firstID)/reviews", json: ["rating": "good"])
        // A new item's first good is a learning step, which has no fuzz: the interval shown is the one given.
        #expect(abs((rated.json["intervalSeconds"] as? Double ?? 0) - good) < 0.01, "\(rated.text)")

        // A quiz question edited: the earlier text is its history.
        let edited = try await app.request(
            .PATCH, "/api/items/\(ids[2])",
            json: ["fields": ["question": "What does pan mean?", "choices": ["bread", "water", "milk"], "correctIndex": 0, "explanation": "El pan: bread."]])
        #expect(edited.status == 200 && edited.json["front"] as? String == "What does pan mean?", "\(edited.text)")
        let history = try await app.request(.GET, "/api/items/\(ids[2])/history").json["revisions"] as? [[String: Any]] ?? []
        #expect(history.count == 1 && (history.first?["fields"] as? [String: Any])?["question"] as? String == "What is pan?")

        // A quiz of any length: the questions first, then the exercise, with no key in sight.
        let quiz = try await app.request(.GET, "/api/subjects/\(subject)/quiz")
        let questions = try #require(quiz.json["questions"] as? [[String: Any]], "\(quiz.text)")
        #expect(questions.compactMap { $0["itemId"] as? Int } == [ids[2], ids[3], ids[4]])
        #expect(!quiz.text.contains("correctIndex") && !quiz.text.contains("El pan: bread"), "\(quiz.text)")
        #expect(questions.last?["answerHint"] as? String != nil && questions.first?["choices"] as? [String] == ["bread", "water", "milk"])
        let short = try await app.request(.GET, "/api/subjects/\(subject)/quiz?limit=1").json["questions"] as? [[String: Any]]
        #expect(short?.count == 1)
        let graded = try await app.request(
            .POST, "/api/subjects/\(subject)/quizzes", json: ["answers": [["itemId": ids[2], "choice": 0], ["itemId": ids[3], "choice": 0]]])
        #expect(graded.json["correct"] as? Int == 1 && (graded.json["answers"] as? [[String: Any]])?.count == 2, "\(graded.text)")

        // Moved, reordered, and two deleted at once (none, when one id is not the learner's).
        #expect(try await app.request(.PUT, "/api/subtopics/\(ser)/order", json: ["items": [ids[1], ids[0]]]).status == 204)
        let serCards = try await app.request(.GET, "/api/subjects/\(subject)/items?subtopic=Ser&family=flashcards").json["items"] as? [[String: Any]] ?? []
        #expect(serCards.map { $0["id"] as? Int } == [ids[1], ids[0]])
        #expect(try await app.request(.POST, "/api/item-deletions", json: ["items": [ids[3], 999_999]]).status == 404)
        #expect(try await app.request(.POST, "/api/item-deletions", json: ["items": [ids[3]]]).json["deleted"] as? Int == 1)

        // A lesson by hand, then the chapter: its sections join the plan, the first is generated.
        #expect(try await app.request(.PUT, "/api/subtopics/\(ser)/lesson", json: ["text": "# Ser\nFor what lasts."]).status == 200)
        let upload = APIClient.multipart(fileName: "cells.md", contents: Data(SampleChapters.cells.utf8))
        #expect(try await app.request(.POST, "/api/subjects/\(subject)/documents", body: upload.body, contentType: upload.contentType).status == 201)
        try await Self.run(app, subject, ["addDocumentSections": true, "nextSubtopics": 1])
        let plan = try await Self.plan(app, subject)
        #expect(plan.map(\.title) == ["Verbs", "Nouns", "Membranes", "Organelles", "Division"], "\(plan)")
        // The hand-made subtopics come first in the plan, so they were the next incomplete ones.
        #expect(try await Self.items(app, subject, "Ser").count > 3, "Ser was generated into, its hand-made items kept")
        #expect(try await Self.items(app, subject, "Membranes").isEmpty)

        // Two more subtopics, then one family written again.
        try await Self.run(app, subject, ["nextSubtopics": 2])
        #expect(try await !Self.items(app, subject, "Food").isEmpty)
        #expect(try await !Self.items(app, subject, "Membranes").isEmpty)
        #expect(try await Self.items(app, subject, "Organelles").isEmpty)
        try await Self.run(app, subject, ["subtopic": "Food", "family": "quiz", "regenerate": true])
        let food2 = try await Self.items(app, subject, "Food")
        #expect(food2.contains { $0["id"] as? Int == ids[2] && $0["front"] as? String == "What does pan mean?" }, "the edited question stays")
        let lesson = try await app.request(.GET, "/api/subtopics/\(ser)/lesson")
        #expect(lesson.json["text"] as? String == "# Ser\nFor what lasts.", "the hand-written lesson stays")

        // A subtopic deleted takes its items; the plan is the learner's.
        #expect(try await app.request(.DELETE, "/api/subtopics/\(food)").status == 204)
        #expect(try await app.request(.GET, "/api/items/\(ids[2])").status == 404)
        #expect(try await app.request(.DELETE, "/api/topics/\(nouns)").status == 204)
        #expect(try await Self.topicTitles(app, subject) == ["Verbs", "Membranes", "Organelles", "Division"])
    }

    static func run(_ app: APIClient, _ subject: Int, _ options: [String: Any]) async throws {
        let started = try await app.request(.POST, "/api/subjects/\(subject)/jobs", json: options)
        let job = try #require(started.json["id"] as? Int, "\(started.text)")
        let end = try #require(try await app.events(ofJob: job).last)
        #expect(end.data["status"] as? String == "succeeded", "\(options): \(end.data)")
    }

    static func plan(_ app: APIClient, _ subject: Int) async throws -> [(title: String, subtopics: [String])] {
        let topics = try await app.request(.GET, "/api/subjects/\(subject)/topics").json["topics"] as? [[String: Any]] ?? []
        return topics.map { topic in
            (topic["title"] as? String ?? "", (topic["subtopics"] as? [[String: Any]] ?? []).map { $0["title"] as? String ?? "" })
        }
    }

    static func topicTitles(_ app: APIClient, _ subject: Int) async throws -> [String] {
        try await plan(app, subject).map(\.title)
    }

    static func items(_ app: APIClient, _ subject: Int, _ subtopic: String) async throws -> [[String: Any]] {
        let reply = try await app.request(.GET, "/api/subjects/\(subject)/items?subtopic=\(subtopic)")
        return reply.json["items"] as? [[String: Any]] ?? []
    }
}
