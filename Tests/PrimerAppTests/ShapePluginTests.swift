import Foundation
import PrimerApp
import PrimerCore
import PrimerTestSupport
import Testing
import PrimerGeneration

/// A shape defined here, in the test target only — one type and one `register` call, no change
/// anywhere in Primer — goes through generate → store → study → export on the mock provider, on
/// both engines: the rule "a shape is one file", kept. The shipped matching and ordering shapes
/// ride along in the same run.
@Suite struct ShapePluginTests {
    /// True or false: a statement and whether it holds.
    struct TrueFalseShape: ContentShape {
        var id: Shape { Shape(named: "true-false") }
        var fields: [ShapeField] { [ShapeField("statement", maxCharacters: 300), ShapeField("truth", maxCharacters: 5)] }
        var labels: ItemLabels { ItemLabels(noun: "statement", title: "True or false") }
        var format: String { "write one statement per line, then ` | true` or ` | false`" }

        func parseLines(_ lines: [String]) -> [ShapedItem] {
            lines.compactMap { line in
                guard let sides = ShapeLines.sides(ShapeLines.clean(line)), ["true", "false"].contains(sides.1.lowercased()) else { return nil }
                return ShapedItem(shape: id, fields: ["statement": .text(sides.0), "truth": .text(sides.1.lowercased())])
            }
        }

        func faces(_ item: ShapedItem) -> CardFaces {
            CardFaces(front: "True or false? \(item.text("statement"))", back: item.text("truth"))
        }

        func lineText(_ item: ShapedItem) -> String { "\(item.text("statement")) | \(item.text("truth"))" }

        func sample(_ request: ShapeSampleRequest, rng: inout SplitMix64) -> [ShapedItem] {
            [
                ShapedItem(shape: id, fields: ["statement": .text("\(request.subtopic) is part of \(request.topic)"), "truth": .text("true")]),
                ShapedItem(shape: id, fields: ["statement": .text("\(request.subtopic) has nothing to do with \(request.subject)"), "truth": .text("false")]),
            ]
        }
    }

    static let family = """
        family: true-false
        version: 1
        description: True-or-false statements, from a shape defined in a test.
        scope: subtopic
        shape: true-false
        kinds: [general]
        order: 60
        system: You write true-or-false statements.
        user: Statements about {{subtopic}}, one per line, each followed by | true or | false.
        reminder: "Write them again: {{#reasons}}{{.}} {{/reasons}}"
        gates:
          - placeholders
          - shape-rules
          - dedupe
          - count: {min: 1, max: 10}
        """

    @Test(arguments: StoreEngine.allCases) func aShapeOfOneFileIsGeneratedStoredStudiedAndExported(engine: StoreEngine) async throws {
        // Known to this test's tasks only (`register` would add it for the whole process).
        try await ShapeRegistry.with([TrueFalseShape()]) { try await run(engine) }
        #expect(Shape(rawValue: "true-false") == nil, "the shape stayed inside the test")
    }

    func run(_ engine: StoreEngine) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-shape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The shipped families, with the test's family beside them.
        let shipped = try WorkspaceLocations(environment: ["HOME": folder.path], currentDirectory: folder)
        let prompts = folder.appendingPathComponent("Prompts")
        try FileManager.default.copyItem(at: shipped.promptsDirectory(config: shipped.loadConfig()), to: prompts)
        try Self.family.write(to: prompts.appendingPathComponent("true-false.yaml"), atomically: true, encoding: .utf8)

        let workspace = try Workspace(
            WorkspaceLocations(
                store: try await engine.newStore(in: folder), prompts: prompts.path,
                environment: ["HOME": folder.path, "PRIMER_PROVIDER": "mock"], currentDirectory: folder))
        var options = PipelineOptions()
        options.maxSubtopics = 1
        for try await _ in try await workspace.generate(GenerateRequest(subject: SubjectRequest(title: "World War I"), options: options)) {}

        let kit = try await workspace.kit(titled: "World War I")
        let subtopic = try #require(kit.topics.first?.subtopics.first)
        let statements = subtopic.shapedItems("true-false")
        #expect(statements.count == 2, "the mock wrote the shape's two samples: \(subtopic.content.map(\.family))")
        #expect(statements.map { $0.text("truth") } == ["true", "false"])
        let matching = try #require(subtopic.shapedItems("matching").first)
        #expect((4...8).contains(matching.list("lefts").count) && matching.list("lefts").count == matching.list("rights").count)
        let ordering = try #require(subtopic.shapedItems("ordering").first)
        #expect((3...7).contains(ordering.list("steps").count))

        // Studied as cards of their shapes.
        let cards = try await workspace.studyCards(subject: "World War I")
        let statement = try #require(cards.first { $0.content.shape.rawValue == "true-false" })
        #expect(statement.faces.front.hasPrefix("True or false? "))
        let rated = try await workspace.rate(statement.key, .good)
        #expect(rated.card.memory != nil)
        let exercise = try #require(cards.first { $0.content.shape.rawValue == "matching" })
        #expect(exercise.content.isExercise)
        #expect(!statement.content.isExercise, "a shape without check is studied by recall")

        // Quizzed: the exercises are questions of the quiz beside the choice questions, answered
        // as typed and scored part by part; a shape without check is not.
        let quiz = try await workspace.quizQuestions(subject: "World War I")
        #expect(Set(quiz.filter(\.content.isExercise).map(\.content.shape.rawValue)) == ["matching", "ordering"])
        #expect(quiz.contains { $0.content.shape == .choice } && !quiz.contains { $0.content.shape.rawValue == "true-false" })
        let typed = quiz.map { card in Self.rightAnswer(card.content) ?? "A" }
        let graded = try await workspace.gradeQuiz(subject: "World War I", answers: typed)
        for (card, answer) in zip(quiz, graded.answers) where card.content.isExercise {
            #expect(answer.right && answer.feedback.allSatisfy { $0.contains("right") } && answer.chosen == Self.rightAnswer(card.content), "\(answer)")
        }
        // Reversed, an ordering is wrong, each misplaced step said; the quiz counts it wrong.
        let orderingCard = try #require(quiz.first { $0.content.shape.rawValue == "ordering" })
        let reversed = try #require(Self.rightAnswer(orderingCard.content)).split(separator: " ").reversed().joined(separator: " ")
        let second = try await workspace.recordQuiz(subject: "World War I", subtopic: nil, questions: [orderingCard], answers: [.exercise(reversed)])
        #expect(second.correct == 0 && second.answers[0].feedback.contains { $0.contains("out of place") }, "\(second)")
        await #expect(throws: WorkspaceError.self) {
            try await workspace.recordQuiz(subject: "World War I", subtopic: nil, questions: [orderingCard], answers: [.choice(0)])
        }
        #expect(try await workspace.progress(subject: "World War I").first?.quizzes == 2, "the refused quiz was not stored")

        // Exported: the statement as a Basic note (the default), the matching exercise as one
        // note per pair, the ordering as one cloze.
        let csv = folder.appendingPathComponent("kit.csv")
        _ = try await workspace.export(["World War I"], format: .csv, to: csv)
        let text = try String(contentsOf: csv, encoding: .utf8)
        #expect(text.contains("True or false? \(statements[0].text("statement"))"))
        for left in matching.list("lefts") { #expect(text.contains(left), "one note per pair: \(left)") }
        #expect(text.contains("{{c1::\(ordering.list("steps")[0])}}"))
    }

    /// The right answer of a matching or ordering exercise, in the letters the learner sees.
    static func rightAnswer(_ content: ItemContent) -> String? {
        guard case .shaped(let item) = content, let shape = ShapeRegistry.shape(item.shape) else { return nil }
        let parts = item.list(item.shape.rawValue == "matching" ? "lefts" : "steps")
        let shown = shape.shownOrder(of: item, count: parts.count)
        let letter = { (part: Int) in ChoiceLetter.of(shown.firstIndex(of: part) ?? 0).lowercased() }
        return item.shape.rawValue == "matching"
            ? parts.indices.map { "\($0 + 1)\(letter($0))" }.joined(separator: " ")
            : parts.indices.map(letter).joined(separator: " ")
    }
}
