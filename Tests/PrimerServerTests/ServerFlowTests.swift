import Foundation
import PrimerTestSupport
import Testing

/// What a study app does, over real HTTP against `primer serve` on each store engine: sign up,
/// make a subject, attach a document, generate on the mock while following the job's events,
/// read the kit, study, take a quiz, read the stats and export.
@Suite struct ServerFlowTests {
    static let chapter = """
        # Cell Biology

        ## Membranes
        The cell membrane is a phospholipid bilayer that controls what enters and leaves the cell.

        ## Organelles
        Mitochondria make ATP; ribosomes make proteins; the nucleus holds the DNA.
        """

    @Test(arguments: StoreEngine.allCases) func anAppSignsUpGeneratesStudiesAndExports(engine: StoreEngine) async throws {
        let server = try await ServerProcess(engine: engine)
        defer { server.terminate() }
        let anonymous = APIClient(baseURL: server.baseURL)
        let document = try await anonymous.request(.GET, "/openapi.yaml")
        #expect(document.status == 200 && document.text.contains("operationId: nextStudyItem"))

        let app = try await anonymous.signedUp(email: "ana@example.com")
        let created = try await app.request(.POST, "/api/subjects", json: ["title": "Cell Biology", "color": "#22aa66", "icon": "leaf"])
        #expect(created.status == 201)
        let subjectID = try #require(created.json["id"] as? Int)
        #expect(created.json["color"] as? String == "#22aa66")

        let upload = APIClient.multipart(fileName: "cells.md", contents: Data(Self.chapter.utf8))
        let attached = try await app.request(.POST, "/api/subjects/\(subjectID)/documents", body: upload.body, contentType: upload.contentType)
        #expect(attached.status == 201, "\(attached.text)")
        #expect(attached.json["name"] as? String == "cells.md" && attached.json["added"] as? Bool == true)
        let listedDocuments = try await app.request(.GET, "/api/subjects/\(subjectID)/documents").json["documents"] as? [[String: Any]] ?? []
        #expect(listedDocuments.map { $0["name"] as? String } == ["cells.md"] && (listedDocuments.first?["characters"] as? Int ?? 0) > 100)

        let started = try await app.request(.POST, "/api/subjects/\(subjectID)/jobs", json: ["maxSubtopics": 2])
        #expect(started.status == 202, "\(started.text)")
        let jobID = try #require(started.json["id"] as? Int)
        let events = try await app.events(ofJob: jobID)
        // Subscribed after the start, the stream begins where the job is, and ends with it.
        #expect(events.dropLast().allSatisfy { $0.event == "progress" && !($0.data["message"] as? String ?? "").isEmpty })
        let end = try #require(events.last)
        #expect(end.event == "end" && end.data["status"] as? String == "succeeded", "\(end.data)")
        #expect(try await app.request(.GET, "/api/jobs/\(jobID)").json["status"] as? String == "succeeded")

        // The plan follows the document's sections, and the kit holds each subtopic's lesson and items.
        let kit = try await app.request(.GET, "/api/subjects/\(subjectID)/kit")
        let topics = try #require(kit.json["topics"] as? [[String: Any]])
        #expect(topics.map { $0["title"] as? String } == ["Membranes", "Organelles"])
        let firstSubtopic = try #require((topics[0]["subtopics"] as? [[String: Any]])?.first)
        #expect((firstSubtopic["lesson"] as? String)?.isEmpty == false)
        #expect((firstSubtopic["items"] as? [Any])?.isEmpty == false)

        // A matching exercise: its fields by the shape's names, answered part by part.
        let kitItems = (firstSubtopic["items"] as? [[String: Any]]) ?? []
        let matching = try #require(kitItems.first { $0["shape"] as? String == "matching" }, "\(kitItems.map { $0["shape"] ?? "" })")
        let fields = try #require(matching["fields"] as? [String: Any])
        let lefts = try #require(fields["lefts"] as? [String]), rights = try #require(fields["rights"] as? [String])
        #expect(lefts.count == rights.count && (4...8).contains(lefts.count) && matching["answerHint"] as? String != nil)
        // The front letters the shuffled matches ("B) …"): the right answer pairs each term's
        // number with its match's letter.
        let lettered = Dictionary(((matching["front"] as? String) ?? "").split(separator: "\n").compactMap { line -> (String, String)? in
            guard let match = line.firstMatch(of: /^([A-H])\) (.+)$/) else { return nil }
            return (String(match.2), String(match.1).lowercased())
        }, uniquingKeysWith: { first, _ in first })
        let answer = rights.enumerated().map { "\($0.offset + 1)\(lettered[$0.element] ?? "?")" }.joined(separator: " ")
        let checked = try await app.request(.POST, "/api/items/\(matching["id"] as? Int ?? 0)/check", json: ["answer": answer])
        #expect(checked.status == 200 && checked.json["right"] as? Int == lefts.count && checked.json["suggestedRating"] as? String == "good", "\(answer) \(checked.text)")
        let blank = try await app.request(.POST, "/api/items/\(matching["id"] as? Int ?? 0)/check", json: ["answer": ""])
        #expect(blank.json["right"] as? Int == 0 && blank.json["suggestedRating"] as? String == "again")
        let pairCard = try #require(kitItems.first { $0["shape"] as? String == "pair" })
        #expect(try await app.request(.POST, "/api/items/\(pairCard["id"] as? Int ?? 0)/check", json: ["answer": "1a"]).status == 422)
        #expect(kitItems.contains { $0["shape"] as? String == "ordering" && (($0["fields"] as? [String: Any])?["steps"] as? [String])?.isEmpty == false })

        // Study: the next item, rated; its state moves on.
        let next = try await app.request(.GET, "/api/subjects/\(subjectID)/next")
        #expect(next.status == 200)
        let item = try #require(next.json["item"] as? [String: Any])
        let itemID = try #require(item["id"] as? Int)
        #expect(item["state"] as? String == "new")
        let rated = try await app.request(.POST, "/api/items/\(itemID)/reviews", json: ["rating": "good", "durationMs": 4_000])
        #expect(rated.status == 200, "\(rated.text)")
        #expect((rated.json["item"] as? [String: Any])?["state"] as? String == "learning")
        #expect((rated.json["intervalSeconds"] as? Double ?? 0) > 0)

        // A question answered from the uploaded chapter, citing it; one it does not cover, refused.
        let asked = try await app.request(.POST, "/api/subjects/\(subjectID)/ask", json: ["question": "What do mitochondria make?"])
        #expect(asked.status == 200, "\(asked.text)")
        #expect(asked.json["answered"] as? Bool == true && (asked.json["answer"] as? String)?.contains("Mitochondria make ATP") == true, "\(asked.text)")
        let cited = try #require((asked.json["citations"] as? [[String: Any]])?.first)
        #expect(cited["document"] as? String == "cells.md" && (cited["section"] as? String)?.contains("Organelles") == true, "\(cited)")
        let uncovered = try await app.request(.POST, "/api/subjects/\(subjectID)/ask", json: ["question": "Who painted the Mona Lisa?"])
        #expect(uncovered.status == 200 && uncovered.json["answered"] as? Bool == false, "\(uncovered.text)")
        #expect(try await app.request(.POST, "/api/subjects/\(subjectID)/ask", json: ["question": ""]).status == 422)
        // The studied item explained, from its subtopic's lesson and the chapter.
        let explained = try await app.request(.POST, "/api/items/\(itemID)/explain", json: [:])
        #expect(explained.status == 200 && (explained.json["question"] as? String)?.isEmpty == false, "\(explained.text)")
        #expect((explained.json["sourcesGiven"] as? Int ?? 0) > 0, "\(explained.text)")

        // A card of the learner's, changed, then deleted.
        let subtopicTitle = try #require(firstSubtopic["title"] as? String)
        let card = try await app.request(
            .POST, "/api/subjects/\(subjectID)/items", json: ["subtopic": subtopicTitle, "front": "What makes ATP?", "back": "Mitochondria"])
        #expect(card.status == 201 && card.json["addedByLearner"] as? Bool == true, "\(card.text)")
        let cardID = try #require(card.json["id"] as? Int)
        let changed = try await app.request(.PATCH, "/api/items/\(cardID)", json: ["back": "The mitochondria"])
        #expect(changed.json["back"] as? String == "The mitochondria" && changed.json["edited"] as? Bool == true)
        #expect(try await app.request(.DELETE, "/api/items/\(cardID)").status == 204)
        #expect(try await app.request(.PATCH, "/api/items/\(cardID)", json: ["back": "x"]).status == 404)

        // A quiz: every question answered with its first choice, graded against the stored answers.
        let items = try await app.request(.GET, "/api/subjects/\(subjectID)/items").json["items"] as? [[String: Any]] ?? []
        let questions = items.filter { $0["shape"] as? String == "choice" }
        #expect(!questions.isEmpty)
        // The matching exercise is a question of the quiz too, answered as typed; a choice for
        // it, or text for a choice question, is refused and stores nothing.
        let exercise: [String: Any] = ["itemId": matching["id"]!, "answer": answer]
        for wrongKind in [["itemId": matching["id"]!, "choice": 0], ["itemId": questions[0]["id"]!, "answer": "1a"]] {
            let refused = try await app.request(.POST, "/api/subjects/\(subjectID)/quizzes", json: ["answers": [wrongKind]])
            #expect(refused.status == 422 && refused.text.contains("send `"), "\(refused.text)")
        }
        let quiz = try await app.request(
            .POST, "/api/subjects/\(subjectID)/quizzes", json: ["answers": questions.map { ["itemId": $0["id"]!, "choice": 0] } + [exercise]])
        #expect(quiz.status == 201, "\(quiz.text)")
        let right = questions.filter { $0["correctIndex"] as? Int == 0 }.count
        #expect(quiz.json["correct"] as? Int == right + 1 && quiz.json["questions"] as? Int == questions.count + 1)
        let graded = try #require((quiz.json["answers"] as? [[String: Any]])?.last)
        #expect(graded["right"] as? Bool == true && graded["chosen"] as? Int == lefts.count && graded["correct"] as? Int == lefts.count)
        #expect((graded["feedback"] as? [String])?.count == lefts.count, "\(graded)")

        let vocab = try await app.request(.PUT, "/api/items/\(itemID)/known", json: ["known": true])
        #expect(vocab.json["known"] as? Bool == true)

        let stats = try await app.request(.GET, "/api/subjects/\(subjectID)/stats")
        #expect((stats.json["deck"] as? [String: Any])?["reviews"] as? Int == 1 + questions.count + 1)
        #expect(stats.json["quizzes"] as? Int == 1)
        let listed = try await app.request(.GET, "/api/subjects").json["subjects"] as? [[String: Any]] ?? []
        #expect(listed.count == 1 && (listed[0]["knowledgePercent"] as? Double ?? 0) > 0 && listed[0]["icon"] as? String == "leaf")
        let due = try await app.request(.GET, "/api/due?days=3").json["subjects"] as? [[String: Any]] ?? []
        #expect(due.first?["subjectId"] as? Int == subjectID && (due.first?["days"] as? [Any])?.count == 3)

        let apkg = try await app.request(.GET, "/api/subjects/\(subjectID)/export?format=apkg")
        #expect(apkg.status == 200 && apkg.body.prefix(2) == Data("PK".utf8))
        #expect(apkg.headers.first(name: "Content-Disposition") == "attachment; filename=\"cell-biology.apkg\"; filename*=UTF-8''cell-biology.apkg")
        let log = try await app.request(.GET, "/api/subjects/\(subjectID)/export?format=review-log")
        #expect(log.text.split(separator: "\n").count == 2 + questions.count + 1, "a header, the rating, each quiz answer")

        // The chapter removed: the list is empty, a second removal is a 404, the kit stays.
        let documentID = try #require(listedDocuments.first?["id"] as? Int)
        #expect(try await app.request(.DELETE, "/api/subjects/\(subjectID)/documents/\(documentID)").status == 204)
        #expect((try await app.request(.GET, "/api/subjects/\(subjectID)/documents").json["documents"] as? [Any])?.isEmpty == true)
        #expect(try await app.request(.DELETE, "/api/subjects/\(subjectID)/documents/\(documentID)").status == 404)
        #expect(try await app.request(.GET, "/api/subjects/\(subjectID)/kit").status == 200)

        #expect(try await app.request(.DELETE, "/api/subjects/\(subjectID)").status == 204)
        #expect(try await app.request(.GET, "/api/subjects/\(subjectID)").status == 404)
    }
}
