import Foundation
import PrimerCore
import Testing

/// The scriptable study commands on a mock kit, through the binary: review next/rate, learn
/// ahead, cards, quiz --answers, vocab, due, stats and the review-log export.
@Suite struct StudyCommandTests {
    static let subject = "Photosynthesis"

    /// A mock kit of one subtopic in a store of its own, with fuzz off (`study: {fuzz: false}`)
    /// so due dates can be computed here too.
    /// The kit is dated 30 days back (`backdate`), so that reviews can be recorded in the past.
    static func kit(study: String = "{fuzz: false}") async throws -> CLIRunner {
        let cli = try CLIRunner()
        _ = try cli.write("study: \(study)\n", to: "primer.yaml")
        let generated = try await cli.run(["generate", subject, "--max-subtopics", "1"])
        #expect(generated.status == 0, "\(generated.stderr)")
        try await backdate(cli)
        return cli
    }

    /// Moves the making of every stored item `days` back, as if the kit had been generated then:
    /// a review before its card existed is refused, and these tests record past histories.
    static func backdate(_ cli: CLIRunner, days: Int = 30) async throws {
        try await CLIRunner.python(
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); "
                + "c.execute(\"UPDATE items SET created_at = strftime('%Y-%m-%d %H:%M:%f', created_at, ?)\", (sys.argv[2],)); c.commit(); c.close()",
            [cli.storePath, "-\(days) days"])
    }

    static func json(_ result: CLIRunner.Result) throws -> Any {
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    static func object(_ result: CLIRunner.Result) throws -> [String: Any] {
        try #require(try json(result) as? [String: Any], "not a JSON object: \(result.stdout.prefix(300))")
    }

    static func date(_ value: Any?) throws -> Date {
        let text = try #require(value as? String, "no date in \(String(describing: value))")
        return try #require(ISO8601DateFormatter().date(from: text), "not ISO 8601: \(text)")
    }

    @Test func reviewNextThenRateMovesTheDueDateByFSRS() async throws {
        let cli = try await Self.kit()
        defer { cli.remove() }
        let next = try Self.object(try await cli.run(["review", "next", Self.subject, "--json"]))
        let card = try #require(next["card"] as? [String: Any])
        let key = try #require(card["key"] as? String)
        #expect(card["state"] as? String == "new" && (next["due"] as? Int ?? 0) > 1)

        // Two ratings a day apart, recorded with --at, give what the scheduler computes.
        let first = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3 * 86_400).rounded())
        let second = first.addingTimeInterval(86_400)
        let scheduler = FSRSScheduler(fuzz: false)
        let expectedFirst = scheduler.review(nil, rating: .good, at: first)
        let expectedSecond = scheduler.review(expectedFirst, rating: .good, at: second)

        let rated = try Self.object(try await cli.run([
            "review", "rate", String(key.prefix(5)), "good", "--at", first.formatted(.iso8601), "--duration-ms", "4200", "--json",
        ]))
        let ratedCard = try #require(rated["card"] as? [String: Any])
        #expect(try Self.date(ratedCard["due"]) == expectedFirst.state.due)
        #expect(rated["previousState"] as? String == "new" && ratedCard["state"] as? String == "learning")

        let again = try Self.object(try await cli.run(["review", "rate", key, "good", "--at", second.formatted(.iso8601), "--json"]))
        let secondCard = try #require(again["card"] as? [String: Any])
        #expect(secondCard["state"] as? String == "review")
        #expect(try Self.date(secondCard["due"]) == expectedSecond.state.due)
        #expect(abs((secondCard["stability"] as? Double ?? 0) - expectedSecond.state.stability!) < 1e-9)
        #expect(secondCard["reps"] as? Int == 2)

        // Recording an earlier review after a later one is refused; nothing changes.
        let early = try await cli.run(["review", "rate", key, "again", "--at", first.formatted(.iso8601)])
        #expect(early.status != 0 && early.stderr.contains("recorded in the order"), "\(early.stderr)")
        let shown = try Self.object(try await cli.run(["cards", "show", key, "--json"]))
        #expect(shown["reps"] as? Int == 2 && shown["lapses"] as? Int == 0)

        // The review log holds both reviews in the optimizer's columns.
        let log = try await cli.run(["export", Self.subject, "--format", "review-log", "--out", "log.csv"])
        #expect(log.status == 0 && log.stdout.contains("2 reviews"), "\(log.stdout)\(log.stderr)")
        let lines = try String(contentsOf: cli.directory.appendingPathComponent("log.csv"), encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "card_id,review_time,review_rating,review_state,review_duration")
        let id = try #require(shown["id"] as? Int)
        #expect(Array(lines.dropFirst()) == [
            "\(id),\(Int64(first.timeIntervalSince1970 * 1000)),3,0,4200", "\(id),\(Int64(second.timeIntervalSince1970 * 1000)),3,1,0",
        ])
    }

    @Test func learningAheadTakesCardsDueWithinTheDays() async throws {
        let cli = try await Self.kit()
        defer { cli.remove() }
        // Rate every card easy so none is due today; the new ones are gone from the queue.
        let cards = try #require(try Self.json(try await cli.run(["cards", "list", Self.subject, "--json"])) as? [[String: Any]])
        for card in cards {
            let result = try await cli.run(["review", "rate", card["key"] as! String, "easy"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let nothing = try await cli.run(["review", "next", Self.subject])
        #expect(nothing.status == 0 && nothing.stdout.contains("Nothing due") && nothing.stdout.contains("Next card due"), "\(nothing.stdout)")
        let none = try Self.object(nothing.status == 0 ? try await cli.run(["review", "next", Self.subject, "--json"]) : nothing)
        #expect(none["card"] == nil && none["nextDue"] != nil)
        let nextDue = try Self.date(none["nextDue"])
        let days = Int((nextDue.timeIntervalSinceNow / 86_400).rounded(.up))
        let ahead = try Self.object(try await cli.run(["review", "next", Self.subject, "--days-ahead", "\(days)", "--json"]))
        let card = try #require(ahead["card"] as? [String: Any])
        #expect(try Self.date(card["due"]) == nextDue)
    }

    @Test func cardsCanBeAddedEditedAndDeletedAndRegenerationKeepsThem() async throws {
        let cli = try await Self.kit()
        defer { cli.remove() }
        let cards = try #require(try Self.json(try await cli.run(["cards", "list", Self.subject, "--json"])) as? [[String: Any]])
        let subtopic = try #require(cards.first?["subtopic"] as? String)
        let flashcards = cards.filter { $0["family"] as? String == "flashcards" }
        let (reviewedKey, editedKey, untouchedKey) = (
            flashcards[0]["key"] as! String, flashcards[1]["key"] as! String, flashcards[2]["key"] as! String
        )

        let added = try Self.object(try await cli.run([
            "cards", "add", Self.subject, "--subtopic", subtopic, "--front", "What splits water?", "--back", "Photosystem II",
            "--hint", "PS…", "--json",
        ]))
        let addedKey = try #require(added["key"] as? String)
        #expect(added["addedByLearner"] as? Bool == true && added["hint"] as? String == "PS…")

        _ = try Self.object(try await cli.run(["review", "rate", reviewedKey, "good", "--json"]))
        _ = try Self.object(try await cli.run(["review", "rate", editedKey, "hard", "--json"]))
        let edited = try Self.object(try await cli.run(["cards", "edit", editedKey, "--back", "My own answer", "--json"]))
        #expect(edited["back"] as? String == "My own answer" && edited["edited"] as? Bool == true)
        #expect(edited["reps"] as? Int == 1, "the edit keeps the review history")

        // Regenerating the family replaces only what the learner never touched.
        let regenerated = try await cli.run(["generate", Self.subject, "--subtopic", subtopic, "--family", "flashcards", "--regenerate"])
        #expect(regenerated.status == 0, "\(regenerated.stderr)")
        let after = try #require(try Self.json(try await cli.run(["cards", "list", Self.subject, "--json"])) as? [[String: Any]])
        let keys = Set(after.compactMap { $0["key"] as? String })
        #expect(keys.isSuperset(of: [reviewedKey, editedKey, addedKey]))
        #expect(!keys.contains(untouchedKey), "an untouched generated card is regenerated")
        let keptEdit = try #require(after.first { $0["key"] as? String == editedKey })
        #expect(keptEdit["back"] as? String == "My own answer" && keptEdit["reps"] as? Int == 1)
        let fronts = after.filter { $0["family"] as? String == "flashcards" }.compactMap { $0["front"] as? String }
        #expect(Set(fronts).count == fronts.count, "no regenerated card repeats a kept one")

        let deleted = try await cli.run(["cards", "delete", addedKey])
        #expect(deleted.status == 0 && deleted.stdout.contains("Deleted \(addedKey)"))
        let gone = try await cli.run(["cards", "show", addedKey])
        #expect(gone.status != 0 && gone.stderr.contains("no item has the key"), "\(gone.stderr)")
    }

    @Test func badStudyInputGetsOneClearError() async throws {
        let cli = try await Self.kit()
        defer { cli.remove() }
        let cards = try #require(try Self.json(try await cli.run(["cards", "list", Self.subject, "--json"])) as? [[String: Any]])
        let key = try #require(cards.first?["key"] as? String)
        let cases: [([String], String)] = [
            (["review", "rate", key, "fine"], "use again, hard, good or easy"),
            (["review", "rate", key, "good", "--at", "yesterday"], "is not a time"),
            (["review", "rate", key, "good", "--at", "2999-01-01T00:00:00Z"], "in the future"),
            (["review", "rate", "zzz", "good"], "not an item key"),
            (["review", "rate", "", "good"], "not an item key"),
            (["review", "next", "Nope"], "no subject titled 'Nope'"),
            (["review", "next", Self.subject, "--subtopic", "Nope"], "has no subtopic 'Nope'"),
            (["review", "next", Self.subject, "--days-ahead=-1"], "--days-ahead must be 0 or more"),
            (["cards", "add", Self.subject, "--subtopic", "Nope", "--front", "a", "--back", "b"], "has no subtopic 'Nope'"),
            (["cards", "add", Self.subject, "--subtopic", cards[0]["subtopic"] as! String, "--front", " ", "--back", "b"], "the front is empty"),
            (["cards", "add", Self.subject, "--subtopic", cards[0]["subtopic"] as! String, "--front", "a", "--back", "b", "--family", "quiz"], "holds choice items"),
            (["cards", "edit", key], "say what to change"),
            (["quiz", Self.subject, "--answers", "A"], "but 1 answer was given"),
            (["quiz", Self.subject, "--pass", "0"], "--pass must be from 1 to 100"),
            (["vocab", "mark", key, "maybe"], "use known or unknown"),
            (["due", "--days", "0"], "--days must be from 1 to 366"),
            (["stats", "Nope"], "no subject titled 'Nope'"),
        ]
        for (arguments, says) in cases {
            let result = try await cli.run(arguments)
            #expect(result.status != 0, "\(arguments) exits non-zero")
            #expect(result.stderr.contains(says), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("Error") }.count <= 1, "\(arguments): one error")
        }
        // An ambiguous prefix names the candidates; nothing was stored by any of the above.
        let shown = try Self.object(try await cli.run(["cards", "show", key, "--json"]))
        #expect(shown["state"] as? String == "new")
        let quizzes = try #require(try Self.json(try await cli.run(["stats", Self.subject, "--json"])) as? [[String: Any]])
        #expect(quizzes.first?["quizzes"] as? Int == 0)
    }

    @Test func quizAnswersAreGradedStoredAndCountAsReviews() async throws {
        let cli = try await Self.kit()
        defer { cli.remove() }
        let questions = try #require(try Self.json(try await cli.run(["quiz", Self.subject, "--list", "--json"])) as? [[String: Any]])
        #expect(questions.count >= 3)
        // The right answer to every question (the exercises typed) but the last choice question.
        let wrongOne = try #require(questions.lastIndex { $0["shape"] as? String == "choice" })
        let letters = try questions.enumerated().map { index, question -> String in
            guard index == wrongOne else { return try StudyTerminalTests.rightAnswer(question) }
            let fields = question["fields"] as! [String: Any]
            return ChoiceLetter.of(((fields["correctIndex"] as! Int) + 1) % (fields["choices"] as! [Any]).count)
        }
        let graded = try Self.object(try await cli.run(["quiz", Self.subject, "--answers", letters.joined(separator: ","), "--pass", "60", "--json"]))
        #expect(graded["questions"] as? Int == questions.count)
        #expect(graded["correct"] as? Int == questions.count - 1 && graded["incorrect"] as? Int == 1)
        #expect(graded["passed"] as? Bool == true && graded["passPercent"] as? Int == 60)
        let answers = try #require(graded["answers"] as? [[String: Any]])
        #expect(answers[wrongOne]["right"] as? Bool == false && answers.first?["right"] as? Bool == true)

        let stats = try #require(try Self.json(try await cli.run(["stats", Self.subject, "--json"])) as? [[String: Any]])
        #expect(stats.first?["quizzes"] as? Int == 1 && stats.first?["quizzesPassed"] as? Int == 1)
        let progress = try #require(stats.first?["progress"] as? [String: Any])
        #expect(progress["reviews"] as? Int == questions.count)
        let wrong = try Self.object(try await cli.run(["cards", "show", answers[wrongOne]["key"] as! String, "--json"]))
        let right = try Self.object(try await cli.run(["cards", "show", answers.first!["key"] as! String, "--json"]))
        #expect(try Self.date(wrong["due"]) < Self.date(right["due"]), "a wrong answer comes back sooner")
    }

    @Test func vocabularyIsFilteredByKnownMarks() async throws {
        let cli = try await Self.kit()
        defer { cli.remove() }
        let terms = try #require(try Self.json(try await cli.run(["vocab", Self.subject, "--json"])) as? [[String: Any]])
        #expect(terms.count >= 2 && terms.allSatisfy { $0["family"] as? String == "terms" && $0["known"] as? Bool == false })
        let key = terms[0]["key"] as! String
        #expect(try await cli.run(["vocab", "mark", key, "known"]).status == 0)
        let known = try #require(try Self.json(try await cli.run(["vocab", Self.subject, "--filter", "known", "--json"])) as? [[String: Any]])
        let unknown = try #require(try Self.json(try await cli.run(["vocab", Self.subject, "--filter", "unknown", "--json"])) as? [[String: Any]])
        #expect(known.map { $0["key"] as? String } == [key] && unknown.count == terms.count - 1)
        #expect(try await cli.run(["vocab", "mark", key, "unknown"]).status == 0)
        let none = try #require(try Self.json(try await cli.run(["vocab", Self.subject, "--filter", "known", "--json"])) as? [[String: Any]])
        #expect(none.isEmpty)
    }

    @Test func dueAndStatsShowReviewsAndDeletingTheSubjectDeletesThem() async throws {
        let cli = try await Self.kit()
        defer { cli.remove() }
        let cards = try #require(try Self.json(try await cli.run(["cards", "list", Self.subject, "--json"])) as? [[String: Any]])
        let key = cards[0]["key"] as! String
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        // Learnt two days ago, forgotten yesterday, relearnt today: a streak of 3, one lapse.
        for (daysAgo, rating) in [(4, "good"), (4, "good"), (2, "again"), (1, "good"), (0, "good")] {
            let at = now.addingTimeInterval(Double(-daysAgo) * 86_400 - 60).formatted(.iso8601)
            let result = try await cli.run(["review", "rate", key, rating, "--at", at])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let stats = try #require(try Self.json(try await cli.run(["stats", "--json"])) as? [[String: Any]])
        let subject = try #require(stats.first)
        let progress = try #require(subject["progress"] as? [String: Any])
        #expect(progress["reviews"] as? Int == 5 && progress["lapses"] as? Int == 1)
        #expect(progress["new"] as? Int == cards.count - 1)
        #expect(subject["streakDays"] as? Int == 3)
        // Two reviews in the review phase (two days ago, forgotten; today, recalled): 50 %.
        #expect(progress["trueRetentionPercent"] as? Double == 50)
        let knowledge = try #require(progress["knowledgePercent"] as? Double)
        #expect(knowledge > 0 && knowledge < 100.0 / Double(cards.count) + 1e-9)
        let text = try await cli.run(["stats"])
        #expect(text.stdout.contains("\(Self.subject): knowledge") && text.stdout.contains("streak 3 days"), "\(text.stdout)")

        let forecast = try #require(try Self.json(try await cli.run(["due", "--days", "30", "--json"])) as? [[String: Any]])
        let days = try #require(forecast.first?["days"] as? [[String: Any]])
        #expect(days.count == 30 && forecast.first?["new"] as? Int == cards.count - 1)
        let scheduled = days.reduce(0) { $0 + ($1["due"] as? Int ?? 0) } + (forecast.first?["dueToday"] as? Int ?? 0)
        #expect(scheduled == 1, "the one reviewed card is due once in the forecast")

        #expect(try await cli.run(["delete", Self.subject]).status == 0)
        let store = try await cli.run(["stats", "--json"])
        #expect(store.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]" || store.stdout.contains("[]"), "\(store.stdout)")
        let log = try await cli.run(["export", "--all", "--format", "review-log", "--out", "all.csv"])
        #expect(log.status == 0 && log.stdout.contains("0 reviews"), "no review survives the subject: \(log.stdout)\(log.stderr)")
    }

    @Test func anApkgCarriesTheScheduleIntoRealAnki() async throws {
        let cli = try await Self.kit()
        defer { cli.remove() }
        let cards = try #require(try Self.json(try await cli.run(["cards", "list", Self.subject, "--json"])) as? [[String: Any]])
        let pairs = cards.filter { $0["family"] as? String == "flashcards" }
        let (learnt, learning) = (pairs[0]["key"] as! String, pairs[1]["key"] as! String)
        let at = Date().addingTimeInterval(-86_400).formatted(.iso8601)
        for arguments in [[learnt, "good", "--at", at], [learnt, "good"], [learning, "again"]] {
            #expect(try await cli.run(["review", "rate"] + arguments).status == 0)
        }
        let reviewed = try Self.object(try await cli.run(["cards", "show", learnt, "--json"]))
        let exported = try await cli.run(["export", Self.subject, "--format", "apkg", "--with-scheduling", "--out", "kit.apkg"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let imported = try await ExportCommandTests().ankiImport("apkg-scheduled", [cli.directory.appendingPathComponent("kit.apkg")])
        let schedules = try #require(imported["schedules"] as? [String: [String: Any]])
        let review = try #require(schedules[pairs[0]["front"] as! String])
        #expect(review["type"] as? Int == 2 && review["reps"] as? Int == 2 && review["lapses"] as? Int == 0)
        // Anki's days start at 4:00 local time: the card is due the Anki day its due time is in.
        func ankiDay(_ date: Date) -> Date { Calendar.current.startOfDay(for: date.addingTimeInterval(-4 * 3_600)) }
        let days = Calendar.current.dateComponents([.day], from: ankiDay(Date()), to: ankiDay(try Self.date(reviewed["due"]))).day
        #expect(review["due_in_days"] as? Int == days)
        let interval = try Self.date(reviewed["due"]).timeIntervalSince(try Self.date(reviewed["lastReview"])) / 86_400
        #expect(review["ivl"] as? Int == Int(interval.rounded()))
        let stillLearning = try #require(schedules[pairs[1]["front"] as! String])
        #expect(stillLearning["type"] as? Int == 1 && stillLearning["queue"] as? Int == 1 && stillLearning["reps"] as? Int == 1)
        let learningCard = try Self.object(try await cli.run(["cards", "show", learning, "--json"]))
        #expect(stillLearning["due"] as? Int == Int(try Self.date(learningCard["due"]).timeIntervalSince1970))
        let untouched = try #require(schedules[pairs[2]["front"] as! String])
        #expect(untouched["type"] as? Int == 0 && untouched["reps"] as? Int == 0)

        let refused = try await cli.run(["export", Self.subject, "--format", "csv", "--with-scheduling"])
        #expect(refused.status != 0 && refused.stderr.contains("--with-scheduling is for --format apkg"))
    }
}
