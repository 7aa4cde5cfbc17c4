import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

@Suite struct ExportCommandTests {
    /// Runs scripts/anki_import_check.py (the real Anki library) on files; fails when it cannot.
    func ankiImport(_ mode: String, _ files: [URL]) async throws -> [String: Any] {
        try await PythonScripts.json("anki_import_check.py", [mode] + files.map(\.path))
    }

    @Test(arguments: StoreEngine.allCases) func exportsEveryFormatAndTheApkgImportsIntoRealAnki(engine: StoreEngine) async throws {
        let cli = try await CLIRunner(engine)
        defer { cli.remove() }
        #expect(try await cli.run(["generate", "Cell Biology", "--max-subtopics", "2"]).status == 0)
        let kit = try JSONDecoder().decode(Kit.self, from: Data(try await cli.run(["show", "Cell Biology", "--format", "json"]).stdout.utf8))
        let done = kit.topics.flatMap(\.subtopics).filter { $0.lesson != nil }
        // A matching exercise is one Basic note per pair; an ordering one cloze note with a
        // deletion per step.
        let matchingPairs = done.flatMap { $0.shapedItems("matching") }.reduce(0) { $0 + $1.list("lefts").count }
        let orderings = done.flatMap { $0.shapedItems("ordering") }
        #expect(matchingPairs >= 4 && !orderings.isEmpty, "the mock wrote matching and ordering exercises")
        let basic = done.reduce(0) { $0 + $1.pairs("flashcards").count + $1.pairs("terms").count + $1.choices("quiz").count } + matchingPairs
        let clozes = done.flatMap { $0.clozes("cloze") }
        let clozeNotes = clozes.count + orderings.count
        let notes = basic + clozeNotes
        // Anki makes one card per deletion number of a cloze note.
        let clozeCards = clozes.reduce(0) { $0 + ClozeText.cardNumbers($1.text).count } + orderings.reduce(0) { $0 + $1.list("steps").count }
        #expect(clozes.count > 0 && clozeCards > clozeNotes, "the mock's cloze notes have several deletions")

        for format in ["json", "markdown", "csv", "anki-text", "apkg"] {
            let result = try await cli.run(["export", "Cell Biology", "--format", format, "--out", cli.directory.appendingPathComponent("kit.\(format)").path])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stdout.contains("Wrote"))
        }
        let guide = try String(contentsOf: cli.directory.appendingPathComponent("kit.markdown"), encoding: .utf8)
        #expect(guide.contains("# Answer key"))

        let apkg = cli.directory.appendingPathComponent("kit.apkg")
        let imported = try await ankiImport("apkg", [apkg])
        #expect(imported["notes"] as? Int == notes)
        #expect(imported["cards"] as? Int == basic + clozeCards)
        #expect(imported["cloze_notetypes"] as? [String] == ["Primer Cloze"])
        #expect(imported["notes_by_notetype"] as? [String: Int] == ["Primer Basic": basic, "Primer Cloze": clozeNotes])
        #expect(imported["cards_by_notetype"] as? [String: Int] == ["Primer Basic": basic, "Primer Cloze": clozeCards])
        // One deck per subtopic with content, their topic and subject parents, and Default.
        let topics = Set(done.map { sub in kit.topics.first { $0.subtopics.contains(sub) }!.title }).count
        #expect(imported["decks"] as? Int == done.count + topics + 1 + 1)

        // Exporting again and importing both updates instead of duplicating.
        let again = cli.directory.appendingPathComponent("again.apkg")
        #expect(try await cli.run(["export", "Cell Biology", "--format", "apkg", "--out", again.path]).status == 0)
        let twice = try await ankiImport("apkg", [apkg, again])
        #expect(twice["notes"] as? Int == notes)

        let text = try await ankiImport("text", [cli.directory.appendingPathComponent("kit.anki-text")])
        #expect(text["notes"] as? Int == notes)
        #expect(text["cards"] as? Int == basic + clozeCards)
        #expect(text["cloze_notetypes"] as? [String] == ["Cloze"])
    }

    @Test(arguments: StoreEngine.allCases) func exportErrorsSayWhatToDo(engine: StoreEngine) async throws {
        let cli = try await CLIRunner(engine)
        defer { cli.remove() }
        let none = try await cli.run(["export", "--all", "--format", "json"])
        #expect(none.status != 0)
        #expect(none.stderr.contains("no subjects to export"))
        let unknown = try await cli.run(["export", "Nothing", "--format", "csv"])
        #expect(unknown.stderr.contains("primer list"))
        let badFormat = try await cli.run(["export", "Nothing", "--format", "pdf"])
        #expect(badFormat.status != 0)
        #expect(badFormat.stderr.contains("pdf"))
    }
}
