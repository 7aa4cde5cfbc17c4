import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

/// An .apkg made by the real `anki` library, with years of reviews (scripts/anki_history_deck.py),
/// imported as a learner moving from Anki would: its cards and schedules, a second import that
/// adds nothing, the export back to Anki with scheduling, and `study optimize` checked against
/// Anki's own FSRS optimizer on the same log (scripts/anki_fsrs_oracle.py).
@Suite struct AnkiHistoryImportTests {
    static func json(_ result: CLIRunner.Result) throws -> [String: Any] {
        guard result.status == 0, let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw CLIRunnerError("exit \(result.status): \(result.stderr)")
        }
        return object
    }

    static func cards(_ cli: CLIRunner, _ subject: String) async throws -> [[String: Any]] {
        let result = try await cli.run(["cards", "list", subject, "--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test(arguments: StoreEngine.allCases) func anApkgWithReviewsImportsRoundTripsAndIsOptimizedAsAnkiWould(engine: StoreEngine) async throws {
        let cli = try await CLIRunner(engine)
        defer { cli.remove() }
        let apkg = cli.directory.appendingPathComponent("biology.apkg")
        let deck = try await PythonScripts.json("anki_history_deck.py", [apkg.path, "--cards", "300"])
        let cardCount = try #require(deck["cards"] as? Int), reviews = try #require(deck["reviews"] as? Int)
        let newCards = try #require(deck["new_cards"] as? Int)

        let report = try Self.json(try await cli.run(["import", apkg.path, "--subject", "Biology", "--json"]))
        #expect(report["format"] as? String == "apkg" && report["added"] as? Int == cardCount)
        #expect(report["withHistory"] as? Int == cardCount - newCards && report["reviews"] as? Int == reviews)

        // Every card with a history is scheduled from it; its reviews are its reps.
        let imported = try await Self.cards(cli, "Biology")
        #expect(imported.count == cardCount)
        #expect(imported.filter { $0["state"] as? String == "new" }.count == newCards)
        #expect(imported.map { $0["reps"] as? Int ?? 0 }.reduce(0, +) == reviews)
        #expect(imported.allSatisfy { $0["addedByLearner"] as? Bool == true })
        #expect(imported.filter { $0["state"] as? String != "new" }.allSatisfy { $0["due"] != nil && $0["stability"] != nil })
        #expect(imported.contains { ($0["tags"] as? [String])?.contains("cells") == true })
        #expect(!imported.contains { ($0["front"] as? String)?.contains("<b>") == true })

        let again = try Self.json(try await cli.run(["import", apkg.path, "--subject", "Biology", "--json"]))
        #expect(again["added"] as? Int == 0 && again["duplicates"] as? Int == cardCount)
        #expect(try await Self.cards(cli, "Biology").count == cardCount)

        // Fitted on the imported log, scored by Anki on its own collection.
        let optimized = try Self.json(try await cli.run(["study", "optimize", "Biology", "--json"]))
        let fitted = try #require(optimized["fitted"] as? [String: Any])
        let parameters = try #require(fitted["parameters"] as? [Double])
        let oracle = try await PythonScripts.json(
            "anki_fsrs_oracle.py", [apkg.path, "--params", parameters.map { String($0) }.joined(separator: ",")])
        #expect(optimized["items"] as? Int == oracle["fsrs_items"] as? Int)
        let anki = try #require((oracle["anki"] as? [String: Any])?["log_loss"] as? Double)
        let defaults = try #require((oracle["default"] as? [String: Any])?["log_loss"] as? Double)
        let primer = try #require(((oracle["given"] as? [[String: Any]])?.first)?["log_loss"] as? Double)
        // The issue asks for 2 %; five decks measured -0.08 % … +0.18 % (BENCHMARKS.md (o)).
        #expect(primer <= anki * 1.005, "Primer's fit \(primer) vs Anki's \(anki)")
        #expect(primer < defaults, "Primer's fit \(primer) vs the defaults \(defaults)")
        let primerRMSE = try #require(((oracle["given"] as? [[String: Any]])?.first)?["rmse_bins"] as? Double)
        let defaultRMSE = try #require((oracle["default"] as? [String: Any])?["rmse_bins"] as? Double)
        #expect(primerRMSE < defaultRMSE)
        let stats = try await cli.run(["stats", "Biology"])
        #expect(stats.stdout.contains("fitted to this subject's review log") && stats.stdout.contains("log loss"))

        // Back to Anki with the history, and from that export into a new store as it was.
        let back = cli.directory.appendingPathComponent("back.apkg")
        #expect(try await cli.run(["export", "Biology", "--format", "apkg", "--with-scheduling", "--out", back.path]).status == 0)
        let reread = try await PythonScripts.json("anki_fsrs_oracle.py", [back.path])
        #expect(reread["revlog"] as? Int == reviews && reread["cards_with_memory"] as? Int == cardCount - newCards)
        let other = try await CLIRunner(engine)
        defer { other.remove() }
        #expect(try Self.json(try await other.run(["import", back.path, "--subject", "Biology", "--json"]))["reviews"] as? Int == reviews)
        func schedules(_ cards: [[String: Any]]) -> [String: String] {
            Dictionary(uniqueKeysWithValues: cards.map {
                ($0["front"] as! String, "\($0["due"] ?? "-") \($0["reps"] ?? 0) \($0["lapses"] ?? 0) \($0["tags"] ?? [])")
            })
        }
        // The first store's schedules were replayed before optimizing: compare with a store that
        // holds the same history and the default parameters.
        #expect(schedules(try await Self.cards(other, "Biology")) == schedules(imported))
    }

    @Test func aLegacyPackageImportsAndOptimizingTooFewReviewsChangesNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let apkg = cli.directory.appendingPathComponent("small.apkg")
        let deck = try await PythonScripts.json("anki_history_deck.py", [apkg.path, "--cards", "12", "--reviews", "3", "--legacy"])
        let report = try Self.json(try await cli.run(["import", apkg.path, "--subject", "Small", "--json"]))
        #expect(report["added"] as? Int == deck["cards"] as? Int && report["reviews"] as? Int == deck["reviews"] as? Int)

        let before = try await Self.cards(cli, "Small")
        let result = try await cli.run(["study", "optimize", "Small"])
        #expect(result.status != 0)
        #expect(result.stdout.contains("needs at least 64") && result.stdout.contains("Nothing changed"))
        #expect(try await cli.run(["stats", "Small"]).stdout.contains("scheduler:") == false)
        let store = try await cli.openStore()
        #expect(try await store.fittedParameters(subjectID: nil) == nil)
        #expect(try await Self.cards(cli, "Small").map { "\($0["due"] ?? "")" } == before.map { "\($0["due"] ?? "")" })
    }

    @Test func ratingAfterOptimizingUsesTheFittedParameters() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let apkg = cli.directory.appendingPathComponent("deck.apkg")
        _ = try await PythonScripts.json("anki_history_deck.py", [apkg.path, "--cards", "150"])
        #expect(try await cli.run(["import", apkg.path, "--subject", "Biology"]).status == 0)
        let optimized = try Self.json(try await cli.run(["study", "optimize", "--json"]))
        let parameters = try #require((optimized["fitted"] as? [String: Any])?["parameters"] as? [Double])
        #expect(parameters != FSRSScheduler.defaultParameters)

        let card = try #require(try await Self.cards(cli, "Biology").first { $0["state"] as? String == "review" })
        let store = try await cli.openStore()
        let id = try #require((card["id"] as? NSNumber)?.int64Value)
        let memory = try #require(try await store.studyCard(id: id)?.memory)
        let rated = try Self.json(try await cli.run(["review", "rate", card["key"] as! String, "good", "--json"]))
        let stability = try #require((rated["card"] as? [String: Any])?["stability"] as? Double)
        let at = try #require(try await store.studyCard(id: id)?.memory?.state.lastReview)
        let expected = FSRSScheduler(parameters: parameters).review(memory, rating: .good, at: at).state.stability!
        let withDefaults = FSRSScheduler().review(memory, rating: .good, at: at).state.stability!
        #expect(abs(stability - expected) < 1e-6 * expected)
        #expect(abs(stability - withDefaults) > 1e-3)
    }
}
