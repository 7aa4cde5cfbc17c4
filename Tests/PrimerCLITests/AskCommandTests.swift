import Foundation
import PrimerTestSupport
import PrimerCore
import Testing

/// `primer ask` as a user meets it, on a subject with an attached PDF: an answer whose claims
/// cite the PDF's page and section, a refusal for what the PDF does not cover, quotes when the
/// model's answers are not supported, and one clear error for bad input.
struct AskCommandTests {
    /// Two pages long enough to be a passage each (passages are cut at about 1,200 characters).
    static let pages: [MinimalPDF.Page] = [
        .text(["Sensation", "", "Sensation happens when sensory receptors detect stimuli.",
               "Transduction is the conversion of sensory stimulus energy into action potentials."]
              + (1...9).map { "Sensory receptors of kind \($0) respond to one form of stimulus energy, such as touch or heat." }),
        .text(["Vision", "", "Rods are located throughout the retina and work in dim light.",
               "Cones are concentrated in the fovea and let us see colour."]
              + (1...9).map { "The optic nerve carries signal \($0) from the eye to the visual cortex of the brain for processing." }),
    ]

    func subjectWithPDF(_ cli: CLIRunner) async throws {
        let pdf = cli.directory.appendingPathComponent("senses.pdf")
        try MinimalPDF.make(Self.pages).write(to: pdf)
        let made = try await cli.run(["generate", "Sensation and Perception", "--doc", pdf.path, "--max-subtopics", "1"])
        #expect(made.status == 0, "\(made.stderr)")
    }

    @Test func anAnswerCitesThePagesItComesFromAndAnUncoveredQuestionIsRefused() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        try await subjectWithPDF(cli)

        let answered = try await cli.run(["ask", "Sensation and Perception", "Where are the cones?"])
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(answered.stdout.contains("Cones are concentrated in the fovea and let us see colour. [1]"), "\(answered.stdout)")
        #expect(answered.stdout.contains("[1] senses.pdf, p. 2"), "\(answered.stdout)")

        let json = try await cli.run(["ask", "Sensation and Perception", "What is transduction?", "--json", "--embedder", "mock-embeddings"])
        #expect(json.status == 0, "\(json.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(answer["answered"] as? Bool == true)
        #expect(answer["method"] as? String == "model")
        let citations = try #require(answer["citations"] as? [[String: Any]])
        #expect(citations.count == 1)
        #expect(citations.first?["document"] as? String == "senses.pdf")
        #expect(citations.first?["page"] as? Int == 1)
        #expect((answer["answer"] as? String)?.contains("Transduction is the conversion") == true)

        let uncovered = try await cli.run(["ask", "Sensation and Perception", "What is the capital of France?"])
        #expect(uncovered.status == 0, "\(uncovered.stderr)")
        #expect(uncovered.stdout.contains("Cannot answer from “Sensation and Perception”"), "\(uncovered.stdout)")
        let unsupported = try await cli.run(["ask", "Sensation and Perception", "How do photosynthesis and chlorophyll differ in the retina?", "--json"])
        let refused = try #require(try JSONSerialization.jsonObject(with: Data(unsupported.stdout.utf8)) as? [String: Any])
        #expect(refused["answered"] as? Bool == false, "\(unsupported.stdout)")
        #expect((refused["sourcesGiven"] as? Int ?? 0) > 0, "the passages on the retina were retrieved, and do not answer it")
    }

    /// A syllabus of short lines without full stops: its lines are statements, so "what does
    /// week 2 cover" is answered with week 2's line, cited to its page.
    @Test func aSyllabusOfShortLinesAnswersWithTheWeeksLine() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let pdf = cli.directory.appendingPathComponent("syllabus.pdf")
        try MinimalPDF.make([.text(AskAnswerSyllabus.lines)]).write(to: pdf)
        let made = try await cli.run(["generate", "Marine Ecology", "--doc", pdf.path, "--max-subtopics", "1"])
        #expect(made.status == 0, "\(made.stderr)")
        // Each card keeps the statement that supports it, shown with its place.
        let shown = try await cli.run(["show", "Marine Ecology"])
        #expect(shown.stdout.contains("from syllabus.pdf, p. 1"), "\(shown.stdout)")
        let asked = try await cli.run(["ask", "Marine Ecology", "What does week 2 cover?", "--json"])
        #expect(asked.status == 0, "\(asked.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(asked.stdout.utf8)) as? [String: Any])
        #expect(answer["answered"] as? Bool == true, "\(asked.stdout)")
        let text = try #require(answer["answer"] as? String)
        #expect(text.contains("Symbiosis between corals and zooxanthellae; bleaching"), "\(text)")
        #expect(!text.contains("Week 1") && !text.contains("Kelp"), "only week 2's line: \(text)")
        let citations = try #require(answer["citations"] as? [[String: Any]])
        #expect(citations.first?["document"] as? String == "syllabus.pdf")
        #expect(citations.first?["page"] as? Int == 1)
    }

    @Test func aModelThatNeverCitesGetsQuotesOfItsSourcesInstead() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        try await subjectWithPDF(cli)
        let plugins = try cli.write("""
            name: mock-chatty
            adapter: mock
            model: mock-1
            settings: {faults: [{type: malformed, families: [ask]}]}
            """, to: "plugins/mock-chatty.yaml").deletingLastPathComponent()
        let result = try await cli.run(["ask", "Sensation and Perception", "Where are the cones?", "--provider", "mock-chatty", "--plugins", plugins.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("mock-chatty gave no answer its sources support"), "\(result.stdout)")
        #expect(result.stdout.contains("Cones are concentrated in the fovea and let us see colour. [1]"), "\(result.stdout)")
    }

    @Test func aScriptedQuizExplainsEachWrongAnswerFromTheSubtopicsSources() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        try await subjectWithPDF(cli)
        let questions = try #require(try JSONSerialization.jsonObject(with: Data(try await cli.run(["quiz", "Sensation and Perception", "--list", "--json", "--limit", "2"]).stdout.utf8)) as? [[String: Any]])
        let correct = questions.map { ($0["fields"] as! [String: Any])["correctIndex"] as! Int }
        // The first answered wrong, the second right.
        let letters = [ChoiceLetter.of(correct[0] == 0 ? 1 : 0), ChoiceLetter.of(correct[1])]
        let graded = try await cli.run(["quiz", "Sensation and Perception", "--limit", "2", "--answers", letters.joined(separator: ","), "--explain", "--json"])
        #expect(graded.status == 0, "\(graded.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(graded.stdout.utf8)) as? [String: Any])
        let explanations = try #require(result["explanations"] as? [String: [String: Any]])
        #expect(Set(explanations.keys) == ["1"], "only the wrong answer is explained: \(explanations.keys)")
        let why = try #require(explanations["1"])
        #expect((why["question"] as? String)?.hasPrefix("Why is “") == true, "\(why)")
        #expect((why["sourcesGiven"] as? Int ?? 0) > 0, "\(why)")
        #expect((result["quiz"] as? [String: Any])?["correct"] as? Int == 1)
        let refused = try await cli.run(["quiz", "Sensation and Perception", "--explain"])
        #expect(refused.status != 0 && refused.stderr.contains("--explain explains the wrong answers of --answers"), "\(refused.stderr)")
    }

    @Test func badInputGetsOneClearErrorAndAFailingStatus() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let missing = try await cli.run(["ask", "No Such Subject", "What is it?"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("No Such Subject"), "\(missing.stderr)")
        _ = try await cli.run(["generate", "Linear Algebra", "--max-subtopics", "1"])
        let empty = try await cli.run(["ask", "Linear Algebra", "   "])
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("the question is empty"), "\(empty.stderr)")
        let long = try await cli.run(["ask", "Linear Algebra", String(repeating: "why ", count: 600)])
        #expect(long.status != 0)
        #expect(long.stderr.contains("ask one of at most 2000"), "\(long.stderr)")
        // A kit without documents still answers from its lessons.
        let fromLessons = try await cli.run(["ask", "Linear Algebra", "What are the key terms of linear algebra?", "--json"])
        #expect(fromLessons.status == 0, "\(fromLessons.stderr)")
        #expect(fromLessons.stdout.contains("\"kind\" : \"lesson\""), "\(fromLessons.stdout)")
    }
}

/// The syllabus `aSyllabusOfShortLinesAnswersWithTheWeeksLine` attaches, as a PDF's lines.
enum AskAnswerSyllabus {
    static let lines = [
        "Marine Ecology - Course Syllabus", "",
        "Week 1: Introduction to Marine Environments", "Ocean zones, salinity, temperature and light",
        "Week 2: Coral Reef Ecosystems", "Symbiosis between corals and zooxanthellae; bleaching.",
        "Week 3: Kelp Forests", "Grazing by sea urchins and the role of sea otters",
        "Week 4: The Open Ocean", "Plankton blooms and the food web of the pelagic zone",
        "Week 5: Human Impacts", "Overfishing, pollution and marine protected areas",
    ]
}
