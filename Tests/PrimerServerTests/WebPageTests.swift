import Foundation
import PrimerStore
import PrimerTestSupport
import Testing

/// The study web page in real headless Chromium (scripts/web_study.py): sign up, create a subject
/// with a PDF and watch it generate on the mock, read the lesson, study three cards, finish a
/// quiz, mark a term known, read the stats — by clicks and keys, on a phone-sized window. The
/// screenshots are kept in .build/web-screenshots/.
@Suite struct WebPageTests {
    @Test func aLearnerStudiesInChromium() async throws {
        let server = try await ServerProcess(engine: .sqlite)
        defer { Task { await server.stop() } }
        let pdf = server.folder.appendingPathComponent("cells.pdf")
        try MinimalPDF.make([
            .text(["1 Membranes", "", "The cell membrane is a phospholipid bilayer.", "It controls what enters the cell."]),
            .text(["2 Organelles", "", "Mitochondria make ATP for the cell.", "Ribosomes make proteins."]),
        ]).write(to: pdf)
        let screenshots = ServerProcess.root.appendingPathComponent(".build/web-screenshots")
        try? FileManager.default.removeItem(at: screenshots)
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)

        let run = try await Python.run(
            [ServerProcess.root.appendingPathComponent("scripts/web_study.py").path, server.baseURL, pdf.path, screenshots.path])
        #expect(run.status == 0, "\(run.stderr)")
        let saw = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect((saw["job"] as? String)?.hasPrefix("succeeded") == true, "\(saw)")
        #expect((saw["progress"] as? [String])?.contains { $0.hasPrefix("attached cells.pdf") } == true)
        #expect((saw["topics"] as? [String])?.isEmpty == false)
        #expect((saw["studied"] as? [String])?.count == 3)
        // A new item's buttons show the intervals the server gives it: 1 min, 6 min, 10 min, 8 days.
        let buttons = (saw["ratingButtons"] as? [String] ?? []).map { $0.replacingOccurrences(of: "\n", with: " ") }
        #expect(buttons == ["1 Again 1 min", "2 Hard 6 min", "3 Good 10 min", "4 Easy 8 d"], "\(buttons)")
        #expect((saw["quiz"] as? String)?.hasPrefix("Score:") == true)
        // The first card explained (e) from its lesson, with its sources; a wrong answer's why.
        let explanation = saw["explanation"] as? String ?? ""
        #expect(explanation.contains("[1] ") || explanation.hasPrefix("No explanation: "), "\(saw)")
        if (saw["wrongAnswers"] as? Int ?? 0) > 0 { #expect((saw["why"] as? String)?.isEmpty == false, "\(saw)") }
        #expect((saw["subjects"] as? String)?.contains("Cell Biology") == true)
        #expect((saw["who"] as? String)?.contains("ana@example.com") == true, "the header names who is signed in: \(saw)")

        // The exercise was answered in its box and checked part by part.
        #expect((saw["exerciseHint"] as? String)?.isEmpty == false && (saw["exercise"] as? String)?.contains(" right") == true, "\(saw)")
        // The quiz had exercises too, typed, and its result lists each one's parts.
        let quizParts = saw["quizParts"] as? [Int] ?? []
        #expect((saw["quizExercises"] as? Int ?? 0) > 0 && quizParts.count == saw["quizExercises"] as? Int && quizParts.allSatisfy { $0 >= 3 }, "\(saw)")
        // What the clicks did is in the store: three reviews, those on the way to the exercise
        // and its own, one quiz, one term known.
        let store = try SQLiteStore(path: server.store)
        let account = try #require(try await store.account(email: "ana@example.com")).account
        let mine = store.owned(by: account.owner)
        let log = try await mine.reviewLog(subjectTitle: "Cell Biology")
        let quizzes = try await mine.quizAttempts(subjectTitle: "Cell Biology")
        #expect(quizzes.count == 1)
        #expect(log.count == 3 + (saw["extraReviews"] as? Int ?? 0) + (quizzes.first?.questions ?? 0))
        let known = try await mine.studyCards(subjectTitle: "Cell Biology").filter(\.known).map(\.id)
        #expect(known == [Int64(saw["vocabItem"] as? Int ?? -1)])
        let shots = try FileManager.default.contentsOfDirectory(atPath: screenshots.path).filter { $0.hasSuffix(".png") }
        #expect(shots.count >= 10)
    }
}
