import Foundation
import PrimerTestSupport
import Testing

/// The web app in real headless Chromium (scripts/web_study.py), on each store engine: sign up,
/// a subject from a PDF generated live on the mock, its lessons as Markdown, study in two modes
/// with an exercise, a quiz with its results and a retry of the wrong ones, a term marked known,
/// the charts, a deck built by hand in the editor and studied, 20 offline/online flips with random
/// ratings (one reloaded while offline), every view at phone and desktop
/// sizes in light and dark through axe-core. The screenshots are kept in .build/web-screenshots/.
@Suite struct WebPageTests {
    @Test(arguments: StoreEngine.allCases) func aLearnerStudiesInChromium(engine: StoreEngine) async throws {
        let server = try await ServerProcess(engine: engine)
        defer { server.terminate() }
        let pdf = server.folder.appendingPathComponent("cells.pdf")
        try MinimalPDF.make([
            .text(["1 Membranes", "", "The cell membrane is a phospholipid bilayer.", "It controls what enters the cell."]),
            .text(["2 Organelles", "", "Mitochondria make ATP for the cell.", "Ribosomes make proteins."]),
        ]).write(to: pdf)
        let screenshots = ServerProcess.root.appendingPathComponent(".build/web-screenshots/\(engine)")
        try? FileManager.default.removeItem(at: screenshots)
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)

        let run = try await Python.run(
            [ServerProcess.root.appendingPathComponent("scripts/web_study.py").path, server.baseURL, pdf.path, screenshots.path])
        #expect(run.status == 0, "\(run.stderr)")
        let saw = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect((saw["who"] as? String) == "Ana", "the header names who is signed in: \(saw)")
        #expect((saw["job"] as? String)?.hasPrefix("succeeded") == true, "\(saw)")
        #expect((saw["progress"] as? [String])?.contains { $0.hasPrefix("attached cells.pdf") } == true)
        #expect((saw["topics"] as? [String])?.isEmpty == false)
        #expect(saw["lessonRendered"] as? Bool == true, "the lesson is Markdown rendered, not raw text")
        #expect((saw["lessonSources"] as? [String])?.first?.hasPrefix("cells.pdf") == true, "the lesson names the document it was written from: \(saw)")
        // A new item's buttons show the intervals the server gives it: 1 min, 6 min, 10 min, 8 days.
        let buttons = (saw["ratingButtons"] as? [String] ?? []).map { $0.replacingOccurrences(of: "\n", with: " ") }
        #expect(buttons == ["1 Again 1 min", "2 Hard 6 min", "3 Good 10 min", "4 Easy 8 d"], "\(buttons)")
        let explanation = saw["explanation"] as? String ?? ""
        #expect(explanation.contains("[1] ") || explanation.contains("[1]") || explanation.hasPrefix("No explanation: "), "\(saw)")
        #expect((saw["exerciseHint"] as? String)?.isEmpty == false && (saw["exercise"] as? String)?.contains(" right") == true, "\(saw)")
        #expect((saw["quiz"] as? String)?.hasPrefix("Score:") == true)
        let quizParts = saw["quizParts"] as? [Int] ?? []
        #expect((saw["quizExercises"] as? Int ?? 0) > 0 && quizParts.count == saw["quizExercises"] as? Int && quizParts.allSatisfy { $0 >= 3 }, "\(saw)")
        if (saw["wrongAnswers"] as? Int ?? 0) > 0 {
            #expect((saw["why"] as? String)?.isEmpty == false, "\(saw)")
            #expect((saw["retried"] as? Int ?? 0) > 0, "the wrong ones can be taken again: \(saw)")
        }
        #expect(saw["charts"] as? [String] == ["forecast", "heatmap", "knowledge", "mastery", "retention", "topics"], "\(saw)")

        // A deck by hand in the editor: three items of two shapes, one edited with its history,
        // two reordered, one deleted in bulk, a lesson written and rendered (a table, bold).
        #expect(saw["handItems"] as? Int == 3 && saw["history"] as? Int == 1 && (saw["handOrder"] as? [Int])?.count == 2, "\(saw)")
        #expect(saw["handLesson"] as? [Int] == [1, 1], "\(saw)")
        // Offline and back twenty times: after each, the server has exactly the ratings made.
        let flips = saw["flips"] as? [[String: Int]] ?? []
        #expect(flips.count == 20 && flips.first?["made"] == 5, "\(flips)")
        #expect(flips.allSatisfy { $0["made"] == $0["counted"] }, "a review lost or doubled: \(flips)")
        #expect((saw["offlineBanner"] as? String)?.contains("5 reviews wait") == true, "\(saw)")
        // Reloaded offline: the app came back from the service worker with the waiting ratings.
        #expect((saw["offlineReload"] as? String)?.contains("reviews wait") == true, "\(saw)")

        // Accessible at both sizes in both schemes: no serious or critical violation anywhere.
        let axe = saw["axe"] as? [String: [[String: Any]]] ?? [:]
        #expect(axe.count == 13 * 2 * 2, "every view audited: \(axe.keys.sorted())")
        let violations = axe.filter { !$0.value.isEmpty }
        #expect(violations.isEmpty, "axe-core: \(violations)")
        // Keyboard only (Tab, typing, Enter, Space, 3): logged out, logged in, a subject opened, a card rated.
        #expect(saw["keyboardOnly"] as? Int == 1, "\(saw)")
        // Search, ask, documents, the account (its calendar feed, the page in German), vocabulary's filter.
        #expect((saw["searchResults"] as? Int ?? 0) > 0 && (saw["ask"] as? String)?.contains("[1]") == true, "\(saw)")
        #expect(saw["documents"] as? [String] == ["cells.pdf"] && saw["knownTerms"] as? Int == 1, "\(saw)")
        #expect(saw["accountName"] as? String == "Ana" && (saw["calendar"] as? String)?.contains("/api/calendar/") == true && saw["german"] as? String == "Abmelden", "\(saw)")
        let catalogue = saw["catalogue"] as? [String: Any] ?? [:]
        #expect((catalogue["onlyEnglish"] as? [String]) == [] && (catalogue["onlyGerman"] as? [String]) == [] && (catalogue["en"] as? Int ?? 0) > 100, "\(catalogue)")
        #expect((saw["consoleErrors"] as? [String] ?? []).filter { !$0.contains("/api/me") }.isEmpty, "\(saw["consoleErrors"] ?? [])")
        let firstLoad = saw["firstLoad"] as? [String: Double] ?? [:]
        #expect((firstLoad["bytes"] ?? .infinity) < 150_000, "the first load transfers under 150 KB: \(firstLoad)")

        // What the clicks did is on the server, counted by the API: every rating once, the quizzes, the known term.
        let app = APIClient(baseURL: server.baseURL)
        let login = try await app.request(.POST, "/api/sessions", json: ["email": "ana@example.com", "password": "correct horse battery"])
        let signedIn = APIClient(baseURL: server.baseURL, token: login.json["token"] as? String)
        let subject = try #require(saw["subject"] as? Int)
        let stats = try await signedIn.request(.GET, "/api/subjects/\(subject)/stats")
        let reviews = (stats.json["deck"] as? [String: Any])?["reviews"] as? Int
        #expect(reviews == (saw["rated"] as? Int ?? -1) + (saw["quizReviews"] as? Int ?? -1), "\(stats.text) \(saw)")
        #expect(stats.json["quizzes"] as? Int == saw["quizzes"] as? Int)
        let vocab = try await signedIn.request(.GET, "/api/subjects/\(subject)/items?family=terms")
        let known = (vocab.json["items"] as? [[String: Any]] ?? []).filter { $0["known"] as? Bool == true }.compactMap { $0["id"] as? Int }
        #expect(known == [saw["vocabItem"] as? Int ?? -1])
        let hand = try #require(saw["handSubject"] as? Int)
        let handItems = try await signedIn.request(.GET, "/api/subjects/\(hand)/items")
        let items = handItems.json["items"] as? [[String: Any]] ?? []
        let handOrder = saw["handOrder"] as? [Int] ?? []
        #expect(items.compactMap { $0["id"] as? Int }.filter(handOrder.contains) == handOrder, "the order the editor set, kept after growing: \(handItems.text)")
        #expect((saw["grown"] as? String)?.hasPrefix("succeeded") == true && items.count > handOrder.count, "grown by a generated subtopic: \(saw)")
        #expect(items.contains { $0["front"] as? String == "soy" && $0["back"] as? String == "I am (ser)" && $0["edited"] as? Bool == true }, "\(handItems.text)")
        let handStats = try await signedIn.request(.GET, "/api/subjects/\(hand)/stats")
        #expect((handStats.json["deck"] as? [String: Any])?["reviews"] as? Int == 2, "\(handStats.text)")
        let shots = try FileManager.default.contentsOfDirectory(atPath: screenshots.path).filter { $0.hasSuffix(".png") }
        #expect(shots.count >= 13 * 2 * 2)
    }
}
