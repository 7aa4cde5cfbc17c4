import Foundation
import PrimerTestSupport
import Testing

/// A deck by hand through the binary, on both engines: `subjects new`, `topics`, `subtopics`,
/// items of three shapes with `cards add`, a quiz question edited with `cards edit --fields`
/// (its history kept), `review next` with each rating's interval, a chapter's sections added and
/// generated (`generate --doc … --add-sections --next-subtopics`), and every bad input refused
/// with one error.
@Suite struct DeckByHandCommandTests {
    @Test(arguments: StoreEngine.allCases) func aDeckIsBuiltByHandStudiedAndGrown(engine: StoreEngine) async throws {
        let cli = try await CLIRunner(engine)
        defer { cli.remove() }
        func ok(_ arguments: [String]) async throws -> String {
            let result = try await cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result.stdout
        }
        _ = try await ok(["subjects", "new", "Spanish", "--color", "#aa3300"])
        _ = try await ok(["subjects", "edit", "Spanish", "--title", "Spanish A1"])
        for topic in ["Verbs", "Nouns"] { _ = try await ok(["topics", "add", "Spanish A1", topic]) }
        _ = try await ok(["subtopics", "add", "Spanish A1", "Verbs", "Ser"])
        _ = try await ok(["subtopics", "add", "Spanish A1", "Nouns", "Food"])
        _ = try await ok(["topics", "move", "Spanish A1", "Nouns", "--to", "1"])
        #expect(try await ok(["topics", "list", "Spanish A1"]) == "1. Nouns\n   1.1 Food\n2. Verbs\n   2.1 Ser\n")

        _ = try await ok(["cards", "add", "Spanish A1", "--subtopic", "Ser", "--front", "soy", "--back", "I am"])
        _ = try await ok(["cards", "add", "Spanish A1", "--subtopic", "Ser", "--front", "eres", "--back", "you are"])
        let question = try await ok([
            "cards", "add", "Spanish A1", "--subtopic", "Food", "--shape", "choice", "--json",
            "--fields", #"{"question": "What is pan?", "choices": ["bread", "water"], "correctIndex": 0}"#,
        ])
        let questionKey = try #require((try JSONSerialization.jsonObject(with: Data(question.utf8)) as? [String: Any])?["key"] as? String)
        _ = try await ok(["cards", "add", "Spanish A1", "--subtopic", "Food", "--shape", "cloze", "--fields", #"{"text": "{{c1::El pan}} is bread."}"#])
        _ = try await ok([
            "cards", "add", "Spanish A1", "--subtopic", "Ser", "--shape", "matching",
            "--fields", #"{"prompt": "Match", "lefts": ["soy", "eres", "es", "somos"], "rights": ["I am", "you are", "he is", "we are"]}"#,
        ])
        let listed = try await ok(["cards", "list", "Spanish A1"])
        #expect(listed.contains("5 cards") && listed.contains("quiz: What is pan?") && listed.contains("matching: Match"), "\(listed)")

        // Edited: the question's earlier text is its history.
        _ = try await ok(["cards", "edit", questionKey, "--fields", #"{"question": "What does pan mean?", "choices": ["bread", "water"], "correctIndex": 0}"#])
        let history = try await ok(["cards", "history", questionKey])
        #expect(history.contains(#""question":"What is pan?""#), "\(history)")

        // The next card says what each rating would give.
        let next = try await ok(["review", "next", "Spanish A1"])
        #expect(next.contains("again in 1 min") && next.contains("good in 10 min") && next.contains("easy in "), "\(next)")

        // A chapter's sections join the plan; the next incomplete subtopics are generated.
        let chapter = try cli.write(SampleChapters.cells, to: "cells.md")
        _ = try await ok(["generate", "Spanish A1", "--doc", chapter.path, "--add-sections", "--next-subtopics", "1"])
        let plan = try await ok(["topics", "list", "Spanish A1"])
        #expect(plan.contains("3. Membranes") && plan.contains("4. Organelles"), "\(plan)")
        _ = try await ok(["generate", "Spanish A1", "--next-subtopics", "2"])
        let after = try await ok(["cards", "list", "Spanish A1", "--subtopic", "Membranes"])
        #expect(after.contains("Membranes") && !after.contains("has no cards"), "the third subtopic was generated: \(after)")
        _ = try await ok(["generate", "Spanish A1", "--subtopic", "Food", "--family", "quiz", "--regenerate"])
        #expect(try await ok(["cards", "show", questionKey]).contains("What does pan mean?"), "the edited question stays")

        // Moved, removed.
        _ = try await ok(["subtopics", "move", "Spanish A1", "Ser", "--topic", "Nouns", "--to", "1"])
        _ = try await ok(["topics", "remove", "Spanish A1", "Verbs"])
        let final = try await ok(["topics", "list", "Spanish A1"])
        #expect(final.hasPrefix("1. Nouns\n   1.1 Ser\n   1.2 Food\n2. Membranes"), "\(final)")
    }

    @Test func badInputGetsOneClearErrorAndChangesNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        _ = try await cli.run(["subjects", "new", "Spanish"])
        _ = try await cli.run(["topics", "add", "Spanish", "Verbs"])
        _ = try await cli.run(["subtopics", "add", "Spanish", "Verbs", "Ser"])
        let cases: [([String], String)] = [
            (["subjects", "new", "spanish"], "already taken"),
            (["subjects", "new", "Art", "--color", "blue"], "#rrggbb"),
            (["subjects", "edit", "Spanish"], "say what to change"),
            (["topics", "add", "Nope", "X"], "no subject titled 'Nope'"),
            (["topics", "add", "Spanish", "verbs"], "already taken"),
            (["topics", "rename", "Spanish", "Nope", "X"], "has no topic 'Nope'"),
            (["topics", "move", "Spanish", "Verbs", "--to", "0"], "--to is 1 (first) or more"),
            (["subtopics", "add", "Spanish", "Verbs", "SER"], "already taken"),
            (["subtopics", "move", "Spanish", "Ser"], "say where"),
            (["subtopics", "lesson", "Spanish", "Ser", "--write", "missing.md"], "cannot read the lesson file"),
            (["cards", "add", "Spanish", "--subtopic", "Ser", "--front", "a"], "give --front and --back"),
            (["cards", "add", "Spanish", "--subtopic", "Ser", "--shape", "choice", "--fields", #"{"question": "Q", "choices": ["a"], "correctIndex": 0}"#], "2 to 8 choices"),
            (["cards", "add", "Spanish", "--subtopic", "Ser", "--shape", "circle", "--fields", "{}"], "there is no shape 'circle'"),
            (["cards", "add", "Spanish", "--subtopic", "Ser", "--shape", "cloze", "--fields", "[1]"], "the fields do not make a cloze item"),
            (["generate", "Spanish", "--next-subtopics", "0"], "--next-subtopics must be 1 or more"),
            (["generate", "Spanish", "--next-subtopics", "1", "--max-subtopics", "1"], "cannot go with --max-subtopics"),
        ]
        for (arguments, says) in cases {
            let result = try await cli.run(arguments)
            #expect(result.status != 0, "\(arguments) exits non-zero")
            #expect(result.stderr.contains(says), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("Error") }.count <= 1, "\(arguments): one error")
        }
        #expect(try await cli.run(["topics", "list", "Spanish"]).stdout == "1. Verbs\n   1.1 Ser\n")
        #expect(try await cli.run(["cards", "list", "Spanish"]).stdout.contains("has no cards yet"))
    }
}
