import Foundation
import PrimerTestSupport
import Testing

/// One account never sees another's data: every route that names a subject, job or item answers
/// a second account 404 (not 403: what is not yours does not exist for you), and changes nothing.
@Suite struct IsolationTests {
    @Test(arguments: StoreEngine.allCases) func everyRouteAnswersAnotherAccount404AndChangesNothing(engine: StoreEngine) async throws {
        let server = try await ServerProcess(engine: engine)
        defer { server.terminate() }
        let ana = try await APIClient(baseURL: server.baseURL).signedUp(name: "Ana", email: "ana@example.com")
        let ben = try await APIClient(baseURL: server.baseURL).signedUp(name: "Ben", email: "ben@example.com")

        let subject = try #require(try await ana.request(.POST, "/api/subjects", json: ["title": "Biology"]).json["id"] as? Int)
        let job = try #require(try await ana.request(.POST, "/api/subjects/\(subject)/jobs", json: ["maxSubtopics": 1]).json["id"] as? Int)
        _ = try await ana.events(ofJob: job)
        let items = try await ana.request(.GET, "/api/subjects/\(subject)/items").json["items"] as? [[String: Any]] ?? []
        let item = try #require(items.first?["id"] as? Int)
        let secret = try #require(items.first?["front"] as? String)
        let question = try #require(items.first { $0["shape"] as? String == "choice" }?["id"] as? Int)
        // A topic, a subtopic and a lesson Ana made by hand.
        let topic = try #require(try await ana.request(.POST, "/api/subjects/\(subject)/topics", json: ["title": "By hand"]).json["id"] as? Int)
        let subtopic = try #require(try await ana.request(.POST, "/api/topics/\(topic)/subtopics", json: ["title": "Mine"]).json["id"] as? Int)
        #expect(try await ana.request(.PUT, "/api/subtopics/\(subtopic)/lesson", json: ["text": "# Mine\n\(secret)"]).status == 200)
        let before = try await ana.request(.GET, "/api/subjects/\(subject)/kit").text
        // Ben's own subject, topic and subtopic, for the routes where only an item or a place is Ana's.
        let bens = try #require(try await ben.request(.POST, "/api/subjects", json: ["title": "Biology"]).json["id"] as? Int)
        let bensTopic = try #require(try await ben.request(.POST, "/api/subjects/\(bens)/topics", json: ["title": "His"]).json["id"] as? Int)
        let bensSubtopic = try #require(try await ben.request(.POST, "/api/topics/\(bensTopic)/subtopics", json: ["title": "His"]).json["id"] as? Int)
        #expect(bens != subject, "each account's Biology is its own subject")

        let upload = APIClient.multipart(fileName: "notes.md", contents: Data("# Notes\n\n## One\nText.\n".utf8))
        // Ana's own document, and Ben's, for the document routes.
        _ = try await ana.request(.POST, "/api/subjects/\(subject)/documents", body: upload.body, contentType: upload.contentType)
        _ = try await ben.request(.POST, "/api/subjects/\(bens)/documents", body: upload.body, contentType: upload.contentType)
        let anasDocuments = try await ana.request(.GET, "/api/subjects/\(subject)/documents").json["documents"] as? [[String: Any]] ?? []
        let document = try #require(anasDocuments.first?["id"] as? Int)
        let attempts: [(operation: String, reply: APIClient.Reply)] = [
            ("getSubject", try await ben.request(.GET, "/api/subjects/\(subject)")),
            ("deleteSubject", try await ben.request(.DELETE, "/api/subjects/\(subject)")),
            ("uploadDocument", try await ben.request(.POST, "/api/subjects/\(subject)/documents", body: upload.body, contentType: upload.contentType)),
            ("startGeneration", try await ben.request(.POST, "/api/subjects/\(subject)/jobs", json: [:])),
            ("getJob", try await ben.request(.GET, "/api/jobs/\(job)")),
            ("jobEvents", try await ben.request(.GET, "/api/jobs/\(job)/events")),
            ("getKit", try await ben.request(.GET, "/api/subjects/\(subject)/kit")),
            ("listItems", try await ben.request(.GET, "/api/subjects/\(subject)/items")),
            ("createItem", try await ben.request(.POST, "/api/subjects/\(subject)/items", json: ["subtopic": "x", "front": "f", "back": "b"])),
            ("listDocuments", try await ben.request(.GET, "/api/subjects/\(subject)/documents")),
            ("removeDocument", try await ben.request(.DELETE, "/api/subjects/\(subject)/documents/\(document)")),
            // Ana's document through Ben's own subject: the id is not his subject's.
            ("removeDocument", try await ben.request(.DELETE, "/api/subjects/\(bens)/documents/\(document)")),
            ("getItem", try await ben.request(.GET, "/api/items/\(item)")),
            ("updateItem", try await ben.request(.PATCH, "/api/items/\(item)", json: ["back": "changed by Ben"])),
            ("deleteItem", try await ben.request(.DELETE, "/api/items/\(item)")),
            ("markVocab", try await ben.request(.PUT, "/api/items/\(item)/known", json: ["known": true])),
            ("nextStudyItem", try await ben.request(.GET, "/api/subjects/\(subject)/next")),
            ("rateItem", try await ben.request(.POST, "/api/items/\(item)/reviews", json: ["rating": "easy"])),
            ("explainItem", try await ben.request(.POST, "/api/items/\(item)/explain", json: [:])),
            ("checkItem", try await ben.request(.POST, "/api/items/\(item)/check", json: ["answer": "1a"])),
            ("submitQuiz", try await ben.request(.POST, "/api/subjects/\(subject)/quizzes", json: ["answers": [["itemId": question, "choice": 0]]])),
            ("submitQuiz", try await ben.request(.POST, "/api/subjects/\(bens)/quizzes", json: ["answers": [["itemId": question, "choice": 0]]])),
            ("updateSubject", try await ben.request(.PATCH, "/api/subjects/\(subject)", json: ["title": "Ben's now"])),
            ("getPlan", try await ben.request(.GET, "/api/subjects/\(subject)/topics")),
            ("addTopic", try await ben.request(.POST, "/api/subjects/\(subject)/topics", json: ["title": "Ben's"])),
            ("changeTopic", try await ben.request(.PATCH, "/api/topics/\(topic)", json: ["title": "Ben's"])),
            ("deleteTopic", try await ben.request(.DELETE, "/api/topics/\(topic)")),
            ("addSubtopic", try await ben.request(.POST, "/api/topics/\(topic)/subtopics", json: ["title": "Ben's"])),
            ("changeSubtopic", try await ben.request(.PATCH, "/api/subtopics/\(subtopic)", json: ["title": "Ben's"])),
            // Ben's own subtopic into Ana's topic.
            ("changeSubtopic", try await ben.request(.PATCH, "/api/subtopics/\(bensSubtopic)", json: ["topicId": topic])),
            ("deleteSubtopic", try await ben.request(.DELETE, "/api/subtopics/\(subtopic)")),
            ("getLesson", try await ben.request(.GET, "/api/subtopics/\(subtopic)/lesson")),
            ("writeLesson", try await ben.request(.PUT, "/api/subtopics/\(subtopic)/lesson", json: ["text": "Ben's"])),
            ("placeItems", try await ben.request(.PUT, "/api/subtopics/\(subtopic)/order", json: ["items": [item]])),
            // Ana's item into Ben's own subtopic.
            ("placeItems", try await ben.request(.PUT, "/api/subtopics/\(bensSubtopic)/order", json: ["items": [item]])),
            ("deleteItems", try await ben.request(.POST, "/api/item-deletions", json: ["items": [item]])),
            ("itemHistory", try await ben.request(.GET, "/api/items/\(item)/history")),
            ("studySession", try await ben.request(.GET, "/api/subjects/\(subject)/session?mode=all")),
            ("getQuiz", try await ben.request(.GET, "/api/subjects/\(subject)/quiz")),
            // A card into Ana's subtopic through Ben's own subject.
            ("createItem", try await ben.request(.POST, "/api/subjects/\(bens)/items", json: ["subtopicId": subtopic, "front": "f", "back": "b"])),
            ("getStats", try await ben.request(.GET, "/api/subjects/\(subject)/stats")),
            ("ask", try await ben.request(.POST, "/api/subjects/\(subject)/ask", json: ["question": "\(secret)?"])),
            ("exportSubject", try await ben.request(.GET, "/api/subjects/\(subject)/export?format=json")),
        ]
        for attempt in attempts {
            #expect(attempt.reply.status == 404, "\(attempt.operation) answered another account \(attempt.reply.status): \(attempt.reply.text)")
            #expect(!attempt.reply.text.contains(secret), "\(attempt.operation) showed Ben some of Ana's kit")
        }
        // Every operation of the document that takes an id is walked above.
        let walked = Set(attempts.map(\.operation))
        #expect(try Self.operationsTakingAnID().subtracting(walked).isEmpty, "routes not walked as a second account")

        #expect((try await ana.request(.GET, "/api/subjects/\(subject)/documents").json["documents"] as? [[String: Any]])?.count == 1, "Ana's document stayed")
        // Each is told who they are; Ana reads her item whole.
        #expect(try await ben.request(.GET, "/api/me").json["email"] as? String == "ben@example.com")
        let own = try await ana.request(.GET, "/api/items/\(item)")
        #expect(own.status == 200 && own.json["id"] as? Int == item && own.json["state"] as? String != nil, "\(own.text)")

        // Lists are Ben's own; Ana's kit is as it was.
        let listed = try await ben.request(.GET, "/api/subjects").json["subjects"] as? [[String: Any]] ?? []
        #expect(listed.map { $0["id"] as? Int } == [bens])
        #expect((try await ben.request(.GET, "/api/due").json["subjects"] as? [Any])?.isEmpty == true)
        #expect(try await ana.request(.GET, "/api/subjects/\(subject)/kit").text == before)
    }

    /// The operationIds of `openapi.yaml` whose path names a subject, job or item.
    static func operationsTakingAnID() throws -> Set<String> {
        let document = try String(
            contentsOf: ServerProcess.root.appendingPathComponent("Sources/PrimerServer/openapi.yaml"), encoding: .utf8)
        var operations: Set<String> = []
        var path = ""
        for line in document.split(separator: "\n") {
            if line.hasPrefix("  /") { path = String(line) }
            if let match = line.firstMatch(of: /operationId: (\w+)/), path.contains("Id}") { operations.insert(String(match.1)) }
        }
        return operations
    }
}
