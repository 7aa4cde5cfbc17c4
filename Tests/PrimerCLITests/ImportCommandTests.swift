import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

/// `primer import` of the text formats learners keep cards in, as a user runs it.
@Suite struct ImportCommandTests {
    static func report(_ result: CLIRunner.Result) throws -> [String: Any] {
        guard result.status == 0, let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw CLIRunnerError("exit \(result.status): \(result.stderr)")
        }
        return object
    }

    static func fronts(_ cli: CLIRunner, _ subject: String) async throws -> [String] {
        let result = try await cli.run(["cards", "list", subject, "--json"])
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return cards.map { $0["front"] as? String ?? "" }
    }

    @Test(arguments: StoreEngine.allCases) func eachLayoutImportsItsCardsOnceAndPlacesThem(engine: StoreEngine) async throws {
        let cli = try await CLIRunner(engine)
        defer { cli.remove() }
        let files: [(name: String, text: String, fronts: [String])] = [
            ("questions.csv", "Question,Answer\n\"What is ATP?\",\"The cell's energy currency\"\nWhat is DNA?,Deoxyribonucleic acid\n", ["What is ATP?", "What is DNA?"]),
            ("tagged.csv", "Front,Back,Tags\nMitosis,Cell division,cells\n\"{{c1::Ribosomes}} make proteins\",,cells organelles\n", ["Mitosis", "[…] make proteins"]),
            ("plain.csv", "Osmosis,Water crossing a membrane\nDiffusion,Spreading out\n", ["Osmosis", "Diffusion"]),
            ("quizlet.txt", "Golgi apparatus\tPackages proteins\nLysosome\tDigests waste\n", ["Golgi apparatus", "Lysosome"]),
        ]
        for file in files {
            let url = try cli.write(file.text, to: file.name)
            let first = try Self.report(try await cli.run(["import", url.path, "--subject", "Cell Biology", "--json"]))
            #expect(first["added"] as? Int == file.fronts.count, "\(file.name)")
            let second = try Self.report(try await cli.run(["import", url.path, "--subject", "Cell Biology", "--json"]))
            #expect(second["added"] as? Int == 0 && second["duplicates"] as? Int == file.fronts.count, "\(file.name)")
        }
        let fronts = try await Self.fronts(cli, "Cell Biology")
        #expect(Set(fronts) == Set(files.flatMap(\.fronts)) && fronts.count == 8)
        let show = try await cli.run(["cards", "list", "Cell Biology"])
        #expect(show.stdout.contains("Imported › questions") && show.stdout.contains("Imported › quizlet"))

        // --subtopic and --family choose the place; the same card in other words is still new.
        let vocabulary = try cli.write("Word\tMeaning\nEnzyme\tA protein that speeds up a reaction\nMitosis\tCell division\n", to: "terms.tsv")
        let terms = try Self.report(try await cli.run([
            "import", vocabulary.path, "--subject", "Cell Biology", "--subtopic", "Key words", "--family", "terms", "--json",
        ]))
        #expect(terms["added"] as? Int == 1 && terms["duplicates"] as? Int == 1)
        let listed = try await cli.run(["vocab", "list", "Cell Biology"])
        #expect(listed.stdout.contains("Enzyme"))
    }

    @Test func ankisOwnPlainTextExportImportsEveryNote() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let text = cli.directory.appendingPathComponent("notes.txt")
        let deck = try await PythonScripts.json(
            "anki_history_deck.py", [cli.directory.appendingPathComponent("deck.apkg").path, "--cards", "40", "--text", text.path])
        let notes = try #require(deck["notes"] as? Int)
        let report = try Self.report(try await cli.run(["import", text.path, "--subject", "Biology", "--json"]))
        #expect(report["format"] as? String == "anki-text" && report["added"] as? Int == notes)
        let placed = try #require(report["placed"] as? [[String: Any]])
        #expect(Set(placed.map { $0["subtopic"] as? String ?? "" }) == ["Cells", "Genetics"])
        let cards = try #require(try JSONSerialization.jsonObject(
            with: Data(try await cli.run(["cards", "list", "Biology", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(cards.contains { $0["shape"] as? String == "cloze" } && cards.contains { $0["shape"] as? String == "pair" })
        #expect(cards.allSatisfy { ($0["tags"] as? [String])?.contains("imported") == true })
        #expect(!cards.contains { ($0["front"] as? String ?? "").contains("<") })
        #expect(try Self.report(try await cli.run(["import", text.path, "--subject", "Biology", "--json"]))["added"] as? Int == 0)
    }

    @Test func primersOwnAnkiTextExportImportsBackWhereItCameFrom() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        #expect(try await cli.run(["generate", "Cell Biology", "--max-subtopics", "2"]).status == 0)
        let text = cli.directory.appendingPathComponent("cells.txt")
        #expect(try await cli.run(["export", "Cell Biology", "--format", "anki-text", "--out", text.path]).status == 0)
        let exported = try await Self.fronts(cli, "Cell Biology")

        let other = try CLIRunner()
        defer { other.remove() }
        let report = try Self.report(try await other.run(["import", text.path, "--subject", "Cell Biology", "--json"]))
        #expect(report["format"] as? String == "anki-text")
        let placed = try #require(report["placed"] as? [[String: Any]])
        let original = try await cli.run(["cards", "list", "Cell Biology"]).stdout
        for place in placed {
            #expect(original.contains("\(place["topic"] as! String) › \(place["subtopic"] as! String)"))
        }
        // Quiz questions come back as flashcards (question and choices on the front); a matching
        // exercise went out as one note per pair and comes back as that many cards.
        let kit = try JSONDecoder().decode(Kit.self, from: Data(try await cli.run(["show", "Cell Biology", "--format", "json"]).stdout.utf8))
        let matching = kit.topics.flatMap(\.subtopics).flatMap { $0.shapedItems("matching") }
        #expect(!matching.isEmpty)
        let expected = exported.count - matching.count + matching.reduce(0) { $0 + $1.list("lefts").count }
        #expect(try await Self.fronts(other, "Cell Biology").count == expected)
    }

    @Test(arguments: StoreEngine.allCases) func notesBecomeCardsThroughTheFamilyOncePerSubtopic(engine: StoreEngine) async throws {
        let cli = try await CLIRunner(engine)
        defer { cli.remove() }
        let notes = try cli.write("""
            Note,Context
            The mitochondrion makes most of the cell's ATP through cellular respiration.,Cell energy
            Chloroplasts capture light energy for photosynthesis.,Cell energy
            "The cell membrane is a phospholipid bilayer, with proteins in it.",Membranes

            """, to: "lecture-notes.csv")
        let first = try Self.report(try await cli.run(["import", notes.path, "--subject", "Biology", "--provider", "mock", "--json"]))
        #expect(first["notes"] as? Int == 3 && first["family"] as? String == "flashcards" && first["providerCalls"] as? Int == 2)
        let written = try #require(first["written"] as? [[String: Any]])
        #expect(written.map { $0["subtopic"] as? String } == ["Cell energy", "Membranes"])
        #expect(written.map { $0["notes"] as? Int } == [2, 1])
        #expect(written.allSatisfy { ($0["items"] as? Int ?? 0) > 0 && $0["error"] == nil })

        // The notes are the subject's document, and the cards name the notes they came from.
        let documents = try await cli.run(["docs", "list", "Biology"])
        #expect(documents.stdout.contains("lecture-notes.csv"))
        let show = try await cli.run(["show", "Biology", "--format", "json"])
        #expect(show.stdout.contains("document:lecture-notes.csv#chars="))

        let again = try Self.report(try await cli.run(["import", notes.path, "--subject", "Biology", "--provider", "mock", "--json"]))
        #expect(again["providerCalls"] as? Int == 0)
        #expect((again["written"] as? [[String: Any]])?.allSatisfy { $0["alreadyWritten"] as? Bool == true } == true)

        let wrongFamily = try await cli.run(["import", notes.path, "--subject", "Biology", "--provider", "mock", "--family", "nope"])
        #expect(wrongFamily.status != 0 && wrongFamily.stderr.contains("no subtopic family 'nope'"))
    }

    @Test func aBadFileStoresNothingAndSaysWhatToDo() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let good = try cli.write("Question,Answer\nOne,1\n", to: "good.csv")
        #expect(try await cli.run(["import", good.path, "--subject", "Numbers"]).status == 0)
        let store = try await cli.openStore()
        let before = try await store.counts()

        var broken = Data("Question,Answer\nTwo,2\nThree,".utf8)
        broken.append(contentsOf: [0xFF, 0xFE, 0x0A])
        let brokenURL = cli.directory.appendingPathComponent("broken.csv")
        try broken.write(to: brokenURL)
        let cases: [(URL, String)] = [
            (brokenURL, "broken.csv:3"),
            (try cli.write("Front,Back\n\"Two,2\n", to: "quote.csv"), "is not closed"),
            (try cli.write("not a zip", to: "fake.apkg"), "not a zip"),
            (try cli.write("x", to: "deck.pdf"), ".apkg"),
        ]
        for (url, message) in cases {
            let result = try await cli.run(["import", url.path, "--subject", "Numbers"])
            #expect(result.status != 0 && result.stderr.contains(message), "\(url.lastPathComponent): \(result.stderr)")
        }
        let family = try await cli.run(["import", good.path, "--subject", "Numbers", "--family", "quiz"])
        #expect(family.status != 0 && family.stderr.contains("flashcards"))
        #expect(try await store.counts() == before)

        // A refused import into a new subject leaves no subject behind.
        let notes = try cli.write("Note,Context\nOne is the first number,Counting\n", to: "notes.csv")
        #expect(try await cli.run(["import", good.path, "--subject", "Fresh", "--family", "quiz"]).status != 0)
        #expect(try await cli.run(["import", notes.path, "--subject", "Fresher", "--family", "nope", "--provider", "mock"]).status != 0)
        #expect(try await store.listSubjects().map(\.title) == ["Numbers"])
    }

    @Test(arguments: StoreEngine.allCases) func twoImportsOfOneFileAtOnceAddItOnce(engine: StoreEngine) async throws {
        let cli = try await CLIRunner(engine)
        defer { cli.remove() }
        #expect(try await cli.run(["import", try cli.write("Question,Answer\nSeed,card\n", to: "seed.csv").path, "--subject", "Race"]).status == 0)
        let rows = (1...300).map { "Question \($0),Answer \($0)" }.joined(separator: "\n")
        let file = try cli.write("Question,Answer\n" + rows + "\n", to: "deck.csv")
        async let first = cli.run(["import", file.path, "--subject", "Race", "--json"])
        async let second = cli.run(["import", file.path, "--subject", "Race", "--json"])
        let reports = try [Self.report(try await first), Self.report(try await second)]
        #expect(reports.map { $0["added"] as? Int ?? -1 }.reduce(0, +) == 300)
        #expect(reports.map { ($0["added"] as? Int ?? 0) + ($0["duplicates"] as? Int ?? 0) } == [300, 300])
        #expect(try await Self.fronts(cli, "Race").count == 301)
    }
}
