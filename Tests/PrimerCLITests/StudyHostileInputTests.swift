import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

/// The study commands under hostile use (issue 22), through the binary: an edit made while a
/// rewrite runs survives it, review times keep their time of day and stay in the card's life,
/// a damaged store is named, and every bad value gets one clear error and exit 64.
@Suite struct StudyHostileInputTests {
    static let subject = StudyCommandTests.subject

    static func cards(_ cli: CLIRunner) async throws -> [[String: Any]] {
        try #require(try StudyCommandTests.json(try await cli.run(["cards", "list", subject, "--json"])) as? [[String: Any]])
    }

    static func card(_ cli: CLIRunner, _ key: String) async throws -> [String: Any] {
        try StudyCommandTests.object(try await cli.run(["cards", "show", key, "--json"]))
    }

    @Test func anEditRatingOrDeletionDuringARewriteIsKept() async throws {
        let cli = try await StudyCommandTests.kit(study: "{fuzz: false, leech_lapses: 2}")
        defer { cli.remove() }
        let flashcards = try await Self.cards(cli).filter { $0["family"] as? String == "flashcards" }.compactMap { $0["key"] as? String }
        let (edited, rated, deleted, untouched) = (flashcards[0], flashcards[1], flashcards[2], flashcards[3])
        for key in [edited, rated, deleted, untouched] { try await LeechRewriteTests.forget(key, lapses: 2, in: cli) }

        // A slow provider: the rewrite's one call takes 30 s, in which the learner acts.
        // Long enough for three commands on a loaded machine (4 s was not, on CI; 12 s was not once
        // tests stopped waiting on the pool; 30 s failed 2 CI runs in about 10, unexplained: the
        // commands' outputs and times are in the messages below when it happens again).
        let plugins = try cli.writeSlowMockPlugin(latencyMs: 60_000)
        let run = try cli.makeProcess(
            ["generate", Self.subject, "--rewrite-leeches", "--family", "flashcards"],
            environment: ["PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "mock-slow"])
        let out = Pipe(), err = Pipe()
        run.standardOutput = out
        run.standardError = err
        let stderr = BatchInterruptTests.Collected()
        err.fileHandleForReading.readabilityHandler = { stderr.append($0.availableData) }
        try run.run()
        // The summary is read on a thread of its own while the rewrite runs.
        let reading = TestPrograms.reading(out.fileHandleForReading)
        // The leeches are read before the plan line is printed; the call starts after it.
        let deadline = Date().addingTimeInterval(30)
        while !stderr.value.contains("Plan already stored"), Date() < deadline, run.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        #expect(stderr.value.contains("Plan already stored"), "\(stderr.value)")

        let started = Date()
        var acted: [String] = []
        for arguments in [["cards", "edit", edited, "--back", "The learner's own answer"], ["review", "rate", rated, "good"], ["cards", "delete", deleted]] {
            let result = try await cli.run(arguments)
            acted.append("\(arguments[0...1].joined(separator: " ")) at +\(Int(Date().timeIntervalSince(started)))s: \(result.status) \(result.stdout.prefix(200)) \(result.stderr.prefix(300))")
            #expect(result.status == 0, "\(acted)")
        }
        #expect(run.isRunning, "the rewrite was still waiting for the model while the learner acted: \(acted)")

        await TestPrograms.exit(of: run, timeout: .seconds(300))
        let output = await reading.value
        err.fileHandleForReading.readabilityHandler = nil
        #expect(run.terminationStatus == 0, "\(stderr.value)")
        // Each leech the learner changed is left alone and said so; the untouched one is rewritten,
        // its reason counted as stored when the rewrite was.
        let summary = String(decoding: output, as: UTF8.self)
        #expect(summary.contains("Rewrote 1 leech:"), "\(summary)\nthe learner's commands: \(acted)\nthe run's log: \(stderr.value.suffix(3000))")
        #expect(summary.contains("\(edited) was edited during the run; its rewrite was not stored"), "\(summary)")
        #expect(summary.contains("\(rated) was rated during the run; its rewrite was not stored"), "\(summary)")
        #expect(summary.contains("\(deleted) was deleted during the run; its rewrite was not stored"), "\(summary)")
        #expect(summary.contains("\(untouched) → ") && summary.contains("forgotten 2 times in 6 reviews"), "\(summary)")

        // The learner's edit is the card, with its history; the rated card has its new review.
        let kept = try await Self.card(cli, edited)
        #expect(kept["back"] as? String == "The learner's own answer" && kept["edited"] as? Bool == true && kept["replaced"] == nil)
        #expect(try await Self.card(cli, rated)["reps"] as? Int == 7)
        let after = try await Self.cards(cli)
        let keys = Set(after.compactMap { $0["key"] as? String })
        #expect(keys.isSuperset(of: [edited, rated]) && keys.isDisjoint(with: [deleted, untouched]))
        let rewritten = try #require(after.first { ($0["replaced"] as? [[String: Any]])?.first?["key"] as? String == untouched })
        #expect((rewritten["replaced"] as? [[String: Any]])?.first?["reviews"] as? Int == 6)
    }

    @Test func reviewTimesKeepTheirTimeOfDayAndStayInTheCardsLife() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let keys = try await Self.cards(cli).filter { $0["shape"] as? String == "pair" }.compactMap { $0["key"] as? String }
        let now = Date()
        let day = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: now.addingTimeInterval(-5 * 86_400))
        let date = String(format: "%04d-%02d-%02d", day.year!, day.month!, day.day!)
        let accepted: [(String, String)] = [
            ("\(date)T09:30Z", "\(date)T09:30:00Z"),
            ("\(date)t10:30:00z", "\(date)T10:30:00Z"),
            ("\(date)T12:30:00+01:00", "\(date)T11:30:00Z"),
        ]
        for (written, stored) in accepted {
            let rated = try StudyCommandTests.object(try await cli.run(["review", "rate", keys[0], "good", "--at", written, "--json"]))
            #expect(rated["reviewedAt"] as? String == stored, "\(written)")
        }
        let refused: [(String, String)] = [
            ("\(date)T09:30:00", "no time zone"),
            ("\(date) 09:30", "separated by T"),
            ("\(date)T10:00:00 Europe/Paris", "not as a name"),
            ("2026-02-29T10:00:00Z", "has no day 29"),
            ("\(date)T10:00:00+25:00", "out of range"),
            ("1900-01-01T00:00:00Z", "a review cannot be older than its card"),
            ("2999-01-01T00:00:00Z", "in the future"),
        ]
        for (written, says) in refused {
            let result = try await cli.run(["review", "rate", keys[1], "good", "--at", written])
            #expect(result.status == 64 && result.stderr.contains(says), "\(written): \(result.status) \(result.stderr)")
        }
        for duration in ["9223372036854775807", "86400001", "-1"] {
            let result = try await cli.run(["review", "rate", keys[1], "good", "--duration-ms", duration])
            #expect(result.status == 64 && result.stderr.contains("duration is 0 to 86400000 ms"), "\(duration): \(result.stderr)")
        }
        #expect(try await Self.card(cli, keys[1])["reps"] as? Int == 0, "nothing refused was stored")

        // A review four days ago is due relative to now, not to the review.
        let past = Timestamp.format(now.addingTimeInterval(-4 * 86_400))
        let printed = try await cli.run(["review", "rate", keys[1], "good", "--at", past])
        #expect(printed.status == 0 && printed.stdout.contains("(4 days ago)"), "\(printed.stdout)")
        // A one-minute step reads the same in review rate and in a session.
        let again = try await cli.run(["review", "rate", keys[2], "again"])
        #expect(again.stdout.contains("(in 1 min)"), "\(again.stdout)")
    }

    @Test func badStudyValuesGetOneErrorAndExit64() async throws {
        let cli = try await StudyCommandTests.kit(study: "{fuzz: false, leech_lapses: 2}")
        defer { cli.remove() }
        let cards = try await Self.cards(cli)
        let pair = try #require(cards.first { $0["shape"] as? String == "pair" }?["key"] as? String)
        let cloze = try #require(cards.first { $0["shape"] as? String == "cloze" }?["key"] as? String)
        let subtopic = try #require(cards.first?["subtopic"] as? String)
        let longKey = String(repeating: "k", count: 2_000)
        let cases: [([String], String)] = [
            (["cards", "add", Self.subject, "--subtopic", subtopic, "--front", "a", "--back", "b", "--family", "flashcard"], "there is no family 'flashcard'"),
            (["cards", "add", Self.subject, "--subtopic", subtopic, "--front", "a", "--back", "b", "--family", ""], "there is no family ''"),
            (["generate", Self.subject, "--rewrite-leeches", "--family", "nope"], "no subtopic family 'nope'"),
            (["cards", "edit", cloze, "--text", "{{c1::outer {{c2::inner}} }} nested"], "holds another"),
            (["cards", "edit", cloze, "--text", "{{c1::}} nothing hidden"], "no answer"),
            (["review", "rate", pair, "good", "--duration-ms", "-1"], "duration is 0 to"),
            (["review", "rate", "zzz", "good"], "not an item key"),
            (["review", "rate", "0000000", "good"], "no item has the key"),
            (["review", "rate", pair, "fine"], "not a rating"),
            (["review", "rate", longKey, "good"], "is not an item key"),
            (["review", "next", Self.subject, "--days-ahead", "-1"], "--days-ahead must be 0 or more"),
        ]
        for (arguments, says) in cases {
            let result = try await cli.run(arguments)
            #expect(result.status == 64, "\(arguments.prefix(5)): exit \(result.status)")
            #expect(result.stderr.contains(says), "\(arguments.prefix(5)): \(result.stderr.prefix(300))")
            #expect(result.stderr.count < 600, "\(arguments.prefix(5)): a short message")
        }
        #expect(try await cli.run(["generate", Self.subject, "--rewrite-leeches", "--family", "nope"]).stderr.contains("flashcards"))
        #expect(try await Self.cards(cli).count == cards.count, "no card was added")

        // Marks read as ratings do, in any case; an empty hint is no hint.
        let known = try await cli.run(["vocab", "mark", pair, "KNOWN"])
        #expect(known.status == 0 && known.stdout.contains("is marked known"), "\(known.stderr)")
        let hinted = try await cli.run(["cards", "edit", cloze, "--text", "{{c1::Chlorophyll::}} is green.", "--json"])
        #expect(try StudyCommandTests.object(hinted)["front"] as? String == "[…] is green.")
    }

    @Test func aDamagedStoreIsNamedWithWhatToDo() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        let key = try #require(try await Self.cards(cli).first?["key"] as? String)
        // The store as a crash on a bad disk leaves it: cut in half.
        let damaged = cli.directory.appendingPathComponent("damaged.sqlite").path
        try await CLIRunner.python(
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('pragma wal_checkpoint(truncate)'); c.close(); "
                + "d=open(sys.argv[1],'rb').read(); open(sys.argv[2],'wb').write(d[:len(d)//2])",
            [cli.storePath, damaged])
        for arguments in [["list"], ["cards", "list", Self.subject], ["review", "rate", key, "good"], ["stats", Self.subject]] {
            let result = try await cli.run(arguments, environment: ["PRIMER_STORE": damaged])
            #expect(result.status == 1, "\(arguments): exit \(result.status)")
            #expect(result.stderr.contains("‘\(damaged)’ is damaged") && result.stderr.contains(".recover"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("SQLite error"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func readingCommandsLeaveTheStoreFileAsItWas() async throws {
        let cli = try await StudyCommandTests.kit()
        defer { cli.remove() }
        try await CLIRunner.python(
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('pragma wal_checkpoint(truncate)'); c.close()", [cli.storePath])
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.storePath))
        for arguments in [["list"], ["cards", "list", Self.subject], ["stats", Self.subject], ["due"], ["show", Self.subject], ["review", "next", Self.subject]] {
            #expect(try await cli.run(arguments).status == 0, "\(arguments)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.storePath)) == before, "the file, its change counter included, is as it was")
    }
}
