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
        let screen = try await TerminalSession.with(cli, ["study", Self.subject, "--mode", "new", "--limit", "3"]) { terminal in
            try await terminal.waitFor("[1/3]")
            // Card 1: hint on request (when it has one), flip, good; card 2: flip with enter, easy;
            // card 3: again, which brings it back at the end of the session, then good twice.
            try await terminal.send("h", "Space")
            try await terminal.waitFor("3 good")
            try await terminal.send("3")
            try await terminal.waitFor("good — due in 10 min")
            try await terminal.send("Enter", "4")
            try await terminal.waitFor("easy — due in")
            try await terminal.send("Space", "1")
            try await terminal.waitFor("again — due")
            // The again card returns, then the good card's 10-minute step (both within 20 minutes).
            for _ in 0..<3 {
                try await terminal.send("Space", "3")
            }
            return try await terminal.waitFor("EXIT=")
        }
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

    /// A matching exercise: `a`, the answer typed, each pair marked, a suggested rating, then
    /// the learner's rating stored.
    @Test func anExerciseIsAnsweredCheckedThenRated() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let screen = try await TerminalSession.with(cli, ["study", Self.subject, "--family", "matching", "--mode", "new", "--limit", "1"]) { terminal in
            try await terminal.waitFor("a: type your answer")
            try await terminal.send("a")
            try await terminal.waitFor("Your answer (each term's number")
            try await terminal.send("1a", "Space", "2b", "Enter")
            try await terminal.waitFor("right — suggested:")
            try await terminal.send("3")
            // Good is a learning step due within 20 minutes: the exercise comes back; quit.
            try await terminal.waitFor("good — due in")
            try await terminal.send("q")
            return try await terminal.waitFor("EXIT=")
        }
        #expect(screen.contains("1. ") && screen.contains(" right — suggested: "), "each pair marked, a rating suggested: \(screen)")
        #expect(screen.contains("1 card, 1 review") && screen.contains("EXIT=0"), "\(screen)")
    }

    /// A quiz has the choice questions first, then the exercises: answered in a script with
    /// `--answers` (letters, then the typed answers), and in the terminal by typing a line.
    @Test func aQuizHasTheExercisesTypedPartByPart() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let questions = try #require(try StudyCommandTests.json(try await cli.run(["quiz", Self.subject, "--list", "--json"])) as? [[String: Any]])
        let shapes = questions.map { $0["shape"] as? String ?? "" }
        let choices = shapes.prefix { $0 == "choice" }.count
        #expect(choices > 0 && Set(shapes.dropFirst(choices)) == ["matching", "ordering"], "\(shapes)")
        let right = try questions.map(Self.rightAnswer)
        let graded = try #require(try StudyCommandTests.json(try await cli.run(["quiz", Self.subject, "--answers", right.joined(separator: ","), "--json"])) as? [String: Any])
        #expect(graded["correct"] as? Int == questions.count && graded["passed"] as? Bool == true, "\(graded)")
        let parts = (graded["answers"] as? [[String: Any]] ?? []).dropFirst(choices).map { ($0["feedback"] as? [String])?.count ?? 0 }
        #expect(parts.count == shapes.count - choices && parts.allSatisfy { $0 >= 3 }, "\(parts)")

        // The last subtopic in the terminal: each choice answered A, each exercise typed — the
        // ordering reversed, so each step is marked out of place but the middle one.
        let subtopic = try #require(questions.last?["subtopic"] as? String)
        let mine = questions.filter { $0["subtopic"] as? String == subtopic }
        let screen = try await TerminalSession.with(cli, ["quiz", Self.subject, "--subtopic", subtopic]) { terminal in
            for (number, question) in mine.enumerated() {
                try await terminal.waitFor("Question \(number + 1) of \(mine.count)")
                switch question["shape"] as? String {
                case "choice":
                    try await terminal.send("a")
                case "ordering":
                    try await terminal.waitFor("Your answer (the letters")
                    try await terminal.send(String(try Self.rightAnswer(question).reversed()).replacingOccurrences(of: " ", with: "/"), "Enter")
                    try await terminal.waitFor("is out of place")
                default:
                    try await terminal.waitFor("Your answer (each term's number")
                    try await terminal.send(try Self.rightAnswer(question).replacingOccurrences(of: " ", with: "/"), "Enter")
                    try await terminal.waitFor("Right!")
                }
                try await terminal.waitFor(number + 1 < mine.count ? "any key: next question" : "any key: your score")
                try await terminal.send("Space")
            }
            return try await terminal.waitFor("EXIT=")
        }
        #expect(screen.contains("Score ") && screen.contains("of \(mine.count):") && screen.contains("EXIT=0"), "\(screen)")
        let stats = try #require(try StudyCommandTests.json(try await cli.run(["stats", Self.subject, "--json"])) as? [[String: Any]])
        #expect(stats.first?["quizzes"] as? Int == 2, "both quizzes stored")
    }

    /// The right answer of a listed quiz question: its letter, or an exercise's answer in the
    /// letters its front shows ("B) …").
    static func rightAnswer(_ question: [String: Any]) throws -> String {
        let fields = try #require(question["fields"] as? [String: Any])
        if question["shape"] as? String == "choice" { return ChoiceLetter.of(try #require(fields["correctIndex"] as? Int)) }
        let lettered = Dictionary(((question["front"] as? String) ?? "").split(separator: "\n").compactMap { line -> (String, String)? in
            guard let match = line.firstMatch(of: /^([A-I])\) (.+)$/) else { return nil }
            return (String(match.2), String(match.1).lowercased())
        }, uniquingKeysWith: { first, _ in first })
        if let rights = fields["rights"] as? [String] {
            return rights.enumerated().map { "\($0.offset + 1)\(lettered[$0.element] ?? "?")" }.joined(separator: " ")
        }
        return try #require(fields["steps"] as? [String]).map { lettered[$0] ?? "?" }.joined(separator: " ")
    }

    @Test func aBucketSessionEndsWhenEveryCardIsSetAside() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let screen = try await TerminalSession.with(cli, ["study", Self.subject, "--mode", "all", "--limit", "4", "--buckets"]) { terminal in
            try await terminal.waitFor("0 of 4 set aside")
            // Review the first card (it comes back after one card: a quarter of the three left is 0),
            // then every card is easy.
            try await terminal.send("Space", "1")
            try await terminal.waitFor("back a quarter of the way in")
            for _ in 0..<4 {
                try await terminal.send("Space", "3")
            }
            return try await terminal.waitFor("EXIT=")
        }
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
        let screen = try await TerminalSession.with(cli, ["quiz", Self.subject, "--limit", "3"]) { terminal in
            try await terminal.waitFor("Question 1 of 3")
            try await terminal.send(right[0])
            try await terminal.waitFor("Right!")
            try await terminal.send("Space")
            try await terminal.waitFor("Question 2 of 3")
            let wrong = right[1] == "a" ? "b" : "a"
            try await terminal.send(wrong)
            try await terminal.waitFor("Wrong — the answer is \(right[1].uppercased()))")
            try await terminal.send("Space", right[2], "Space")
            return try await terminal.waitFor("EXIT=")
        }
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
        try await TerminalSession.with(cli, ["study", Self.subject, "--mode", "new", "--limit", "1"]) { study in
            try await study.waitFor("[1/1]")
            try await study.send("Space")
            try await study.waitFor("e explain")
            try await study.send("e")
            // The mock answers from the subtopic's lesson: its sentences, cited.
            var screen = try await study.waitFor("Sources:")
            #expect(screen.contains("] lesson “"), "\(screen)")
            try await study.send("4")  // easy: not back in this session
            screen = try await study.waitFor("EXIT=")
            #expect(screen.contains("1 card, 1 review") && screen.contains("EXIT=0"), "\(screen)")
        }

        let questions = try #require(try StudyCommandTests.json(try await cli.run(["quiz", Self.subject, "--list", "--json", "--limit", "1"])) as? [[String: Any]])
        let right = try #require(questions.first.map { ChoiceLetter.of(($0["fields"] as! [String: Any])["correctIndex"] as! Int).lowercased() })
        try await TerminalSession.with(cli, ["quiz", Self.subject, "--limit", "1"]) { quiz in
            try await quiz.waitFor("Question 1 of 1")
            let wrong = right == "a" ? "b" : "a"
            try await quiz.send(wrong)
            try await quiz.waitFor("e: why \(wrong.uppercased()) is wrong")
            try await quiz.send("e")
            let screen = try await quiz.waitFor("(any key: your score)")
            #expect(screen.contains("Explaining…") && (screen.contains("Sources:") || screen.contains("Cannot answer from")), "\(screen)")
            try await quiz.send("Space")
            #expect(try await quiz.waitFor("EXIT=").contains("Score 0 %"))
        }
    }

    @Test func quittingKeepsRatingsAndAQuitQuizStoresNothing() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let screen = try await TerminalSession.with(cli, ["study", Self.subject]) { study in
            try await study.waitFor("[1/")
            try await study.send("Space", "3", "q")
            return try await study.waitFor("EXIT=")
        }
        #expect(screen.contains("Stopped. Your ratings so far are kept.") && screen.contains("EXIT=0"), "\(screen)")
        let stopped = try await TerminalSession.with(cli, ["quiz", Self.subject]) { quiz in
            try await quiz.waitFor("Question 1")
            try await quiz.send("a", "q")
            return try await quiz.waitFor("EXIT=")
        }
        #expect(stopped.contains("Quiz stopped; nothing was stored."))
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
        let screen = try await TerminalSession.with(cli, ["stats", Self.subject]) { coloured in
            try await coloured.waitFor("EXIT=0")
            return try await coloured.screen(escapes: true)
        }
        // Everything just reviewed easy: knowledge 100 %, drawn green (tmux shows 24-bit colour
        // as 38;2;R;G;B).
        #expect(screen.contains("38;2;0;220;0m100.0 %"), "\(screen)")
        #expect(!screen.contains("^["), "no escape shown as text: \(screen)")
        let plainScreen = try await TerminalSession.with(cli, ["stats", Self.subject], environment: "NO_COLOR=1") { plain in
            try await plain.waitFor("EXIT=0")
            return try await plain.screen(escapes: true)
        }
        #expect(!plainScreen.contains("38;2;"))
        // Piped, no colour either.
        #expect(!(try await cli.run(["stats", Self.subject])).stdout.contains("\u{1B}"))
    }
}
