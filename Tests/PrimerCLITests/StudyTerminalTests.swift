import Foundation
import PrimerCore
import Testing

/// `primer study` and `primer quiz` in a real terminal (tmux), driven by keys as a person would:
/// the sessions complete and what they did is in the store (`stats`, `due`, `cards show`).
@Suite(.serialized) struct StudyTerminalTests {
    static let subject = "Photosynthesis"

    @Test func aRatingSessionStoresEveryReview() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let terminal = try TerminalSession(cli, ["study", Self.subject, "--mode", "new", "--limit", "3"])
        defer { terminal.close() }
        try terminal.waitFor("[1/3]")
        // Card 1: hint on request (when it has one), flip, good; card 2: flip with enter, easy;
        // card 3: again, which brings it back at the end of the session, then good twice.
        try terminal.send("h", "Space")
        try terminal.waitFor("3 good")
        try terminal.send("3")
        try terminal.waitFor("good — due in 10 min")
        try terminal.send("Enter", "4")
        try terminal.waitFor("easy — due in")
        try terminal.send("Space", "1")
        try terminal.waitFor("again — due")
        // The again card returns, then the good card's 10-minute step (both within 20 minutes).
        for _ in 0..<3 {
            try terminal.send("Space", "3")
        }
        let screen = try terminal.waitFor("EXIT=")
        #expect(screen.contains("Session complete.") && screen.contains("EXIT=0"), "\(screen)")
        #expect(screen.contains("3 cards, 6 reviews"), "\(screen)")

        let stats = try #require(try StudyCommandTests.json(try await cli.run(["stats", Self.subject, "--json"])) as? [[String: Any]])
        let progress = try #require(stats.first?["progress"] as? [String: Any])
        #expect(progress["reviews"] as? Int == 6)
        let due = try #require(try StudyCommandTests.json(try await cli.run(["due", "--json"])) as? [[String: Any]])
        let cards = try #require(try StudyCommandTests.json(try await cli.run(["cards", "list", Self.subject, "--json"])) as? [[String: Any]])
        #expect(due.first?["new"] as? Int == cards.count - 3)
        let log = try await cli.run(["export", Self.subject, "--format", "review-log", "--out", "log.csv"])
        let lines = try String(contentsOf: cli.directory.appendingPathComponent("log.csv"), encoding: .utf8).split(separator: "\n")
        #expect(log.status == 0 && lines.count == 7)
        #expect(lines.dropFirst().allSatisfy { Int($0.split(separator: ",")[4])! > 0 }, "each review has the time it took")
    }

    @Test func aBucketSessionEndsWhenEveryCardIsSetAside() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let terminal = try TerminalSession(cli, ["study", Self.subject, "--mode", "all", "--limit", "4", "--buckets"])
        defer { terminal.close() }
        try terminal.waitFor("0 of 4 set aside")
        // Review the first card (it comes back after one card: a quarter of the three left is 0),
        // then every card is easy.
        try terminal.send("Space", "1")
        try terminal.waitFor("back a quarter of the way in")
        for _ in 0..<4 {
            try terminal.send("Space", "3")
        }
        let screen = try terminal.waitFor("EXIT=")
        #expect(screen.contains("Every card is set aside.") && screen.contains("EXIT=0"), "\(screen)")
        #expect(screen.contains("4 cards, 5 reviews") && screen.contains("again 1, hard 0, good 4, easy 0"), "\(screen)")
        let stats = try #require(try StudyCommandTests.json(try await cli.run(["stats", Self.subject, "--json"])) as? [[String: Any]])
        #expect((stats.first?["progress"] as? [String: Any])?["reviews"] as? Int == 5)
    }

    @Test func aQuizOneQuestionAtATimeStoresItsScore() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let questions = try #require(try StudyCommandTests.json(try await cli.run(["quiz", Self.subject, "--list", "--json", "--limit", "3"])) as? [[String: Any]])
        let right = questions.map { ChoiceLetter.of(($0["fields"] as! [String: Any])["correctIndex"] as! Int).lowercased() }
        let terminal = try TerminalSession(cli, ["quiz", Self.subject, "--limit", "3"])
        defer { terminal.close() }
        try terminal.waitFor("Question 1 of 3")
        try terminal.send(right[0])
        try terminal.waitFor("Right!")
        try terminal.send("Space")
        try terminal.waitFor("Question 2 of 3")
        let wrong = right[1] == "a" ? "b" : "a"
        try terminal.send(wrong)
        try terminal.waitFor("Wrong — the answer is \(right[1].uppercased()))")
        try terminal.send("Space", right[2], "Space")
        let screen = try terminal.waitFor("EXIT=")
        #expect(screen.contains("Score 67 % — 2 correct, 1 incorrect of 3: FAILED (pass mark 70 %)."), "\(screen)")
        let stats = try #require(try StudyCommandTests.json(try await cli.run(["stats", Self.subject, "--json"])) as? [[String: Any]])
        #expect(stats.first?["quizzes"] as? Int == 1 && stats.first?["quizzesPassed"] as? Int == 0)
        #expect(abs((stats.first?["lastQuizPercent"] as? Double ?? 0) - 200.0 / 3) < 0.01)
        let text = try await cli.run(["stats", Self.subject])
        #expect(text.stdout.contains("quizzes 1 (0 passed, last 67 %)"), "\(text.stdout)")
    }

    @Test func eExplainsTheCardAndTheWrongChoiceWithSources() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let study = try TerminalSession(cli, ["study", Self.subject, "--mode", "new", "--limit", "1"])
        defer { study.close() }
        try study.waitFor("[1/1]")
        try study.send("Space")
        try study.waitFor("e explain")
        try study.send("e")
        // The mock answers from the subtopic's lesson: its sentences, cited.
        var screen = try study.waitFor("Sources:")
        #expect(screen.contains("] lesson “"), "\(screen)")
        try study.send("4")  // easy: not back in this session
        screen = try study.waitFor("EXIT=")
        #expect(screen.contains("1 card, 1 review") && screen.contains("EXIT=0"), "\(screen)")

        let questions = try #require(try StudyCommandTests.json(try await cli.run(["quiz", Self.subject, "--list", "--json", "--limit", "1"])) as? [[String: Any]])
        let right = try #require(questions.first.map { ChoiceLetter.of(($0["fields"] as! [String: Any])["correctIndex"] as! Int).lowercased() })
        let quiz = try TerminalSession(cli, ["quiz", Self.subject, "--limit", "1"])
        defer { quiz.close() }
        try quiz.waitFor("Question 1 of 1")
        let wrong = right == "a" ? "b" : "a"
        try quiz.send(wrong)
        try quiz.waitFor("e: why \(wrong.uppercased()) is wrong")
        try quiz.send("e")
        screen = try quiz.waitFor("(any key: your score)")
        #expect(screen.contains("Explaining…") && (screen.contains("Sources:") || screen.contains("Cannot answer from")), "\(screen)")
        try quiz.send("Space")
        #expect(try quiz.waitFor("EXIT=").contains("Score 0 %"))
    }

    @Test func quittingKeepsRatingsAndAQuitQuizStoresNothing() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let study = try TerminalSession(cli, ["study", Self.subject])
        defer { study.close() }
        try study.waitFor("[1/")
        try study.send("Space", "3", "q")
        let screen = try study.waitFor("EXIT=")
        #expect(screen.contains("Stopped. Your ratings so far are kept.") && screen.contains("EXIT=0"), "\(screen)")
        let quiz = try TerminalSession(cli, ["quiz", Self.subject])
        defer { quiz.close() }
        try quiz.waitFor("Question 1")
        try quiz.send("a", "q")
        #expect(try quiz.waitFor("EXIT=").contains("Quiz stopped; nothing was stored."))
        let stats = try #require(try StudyCommandTests.json(try await cli.run(["stats", Self.subject, "--json"])) as? [[String: Any]])
        #expect((stats.first?["progress"] as? [String: Any])?["reviews"] as? Int == 1 && stats.first?["quizzes"] as? Int == 0)
        // Without a terminal the sessions say what to use instead.
        let piped = try await cli.run(["study", Self.subject])
        #expect(piped.status != 0 && piped.stderr.contains("primer review next"), "\(piped.stderr)")
    }

    @Test func statsColoursKnowledgeFromRedToGreenOnATerminal() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let cards = try #require(try StudyCommandTests.json(try await cli.run(["cards", "list", Self.subject, "--json"])) as? [[String: Any]])
        for card in cards { #expect(try await cli.run(["review", "rate", card["key"] as! String, "easy"]).status == 0) }
        let coloured = try TerminalSession(cli, ["stats", Self.subject])
        defer { coloured.close() }
        try coloured.waitFor("EXIT=0")
        // Everything just reviewed easy: knowledge 100 %, drawn green (tmux shows 24-bit colour
        // as 38;2;R;G;B).
        let screen = try coloured.screen(escapes: true)
        #expect(screen.contains("38;2;0;220;0m100.0 %"), "\(screen)")
        #expect(!screen.contains("^["), "no escape shown as text: \(screen)")
        let plain = try TerminalSession(cli, ["stats", Self.subject], environment: "NO_COLOR=1")
        defer { plain.close() }
        try plain.waitFor("EXIT=0")
        #expect(!(try plain.screen(escapes: true)).contains("38;2;"))
        // Piped, no colour either.
        #expect(!(try await cli.run(["stats", Self.subject])).stdout.contains("\u{1B}"))
    }
}
