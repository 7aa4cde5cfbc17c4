import Foundation
import PrimerCore
import PrimerTestSupport
import Testing
import PrimerGeneration

/// Prompts tuned with `primer eval` are the prompts users get: for a subtopic in the same state,
/// `eval` sends `generate`'s requests byte for byte.
@Suite struct EvalPromptsTests {
    /// The request bodies (messages, schema, settings) of the requests about one subtopic.
    static func bodies(_ requests: [StubHTTPServer.Request], subtopic: String) -> [NSDictionary] {
        requests.compactMap { request -> NSDictionary? in
            guard let json = request.json, let messages = json["messages"] as? [[String: Any]] else { return nil }
            let about = messages.contains { message in
                let text = message["content"] as? String ?? ""
                return text.contains("## This subtopic\n\(subtopic)\n") || text.hasSuffix("## This subtopic\n\(subtopic)")
            }
            return about ? json as NSDictionary : nil
        }
    }

    /// Answers about the stub plan's second subtopic, so its gates keep them.
    static func electronTransport(_ family: String) -> String {
        let content: Any
        switch family {
        case "flashcards":
            content = ["flashcards": [
                ["front": "Where does the electron transport chain of photosynthesis run?", "back": "In the thylakoid membrane"],
                ["front": "What does electron transport pump across the thylakoid membrane?", "back": "Protons"],
                ["front": "Which molecule takes the electrons at the end of electron transport?", "back": "NADP+"],
            ]]
        case "quiz":
            content = ["questions": [
                ["question": "Which enzyme do the pumped protons drive during electron transport?", "choices": ["ATP synthase", "RuBisCO", "Amylase", "Lipase"], "answer_index": 0, "explanation": "The proton gradient of electron transport drives ATP synthase."],
                ["question": "Where do electrons go after photosystem II in electron transport?", "choices": ["Photosystem I", "The nucleus", "The cell wall", "The vacuole"], "answer_index": 0, "explanation": "Electron transport carries them from photosystem II to photosystem I."],
            ]]
        case "cloze":
            content = ["clozes": [
                ["text": "Electron transport passes electrons from {{c1::photosystem II}} to {{c2::photosystem I}}."],
                ["text": "The protons pumped by electron transport drive {{c1::ATP synthase}}."],
            ]]
        case "terms":
            content = ["terms": [
                ["term": "Electron transport chain", "definition": "Proteins of the thylakoid membrane that pass excited electrons along."],
                ["term": "Photosystem I", "definition": "The protein complex that receives electrons last in the chain."],
            ]]
        case "matching":
            content = ["exercises": [[
                "prompt": "Parts of electron transport and what they do",
                "pairs": [
                    ["left": "Photosystem II", "right": "passes excited electrons into the chain"],
                    ["left": "Photosystem I", "right": "receives the electrons last"],
                    ["left": "Proton pumping", "right": "builds the gradient across the thylakoid membrane"],
                    ["left": "ATP synthase", "right": "is driven by the pumped protons"],
                ],
            ]]]
        case "ordering":
            content = ["sequences": [[
                "prompt": "The path of an electron in electron transport",
                "steps": ["Photosystem II is excited", "Electrons pass along the chain", "Protons are pumped", "Photosystem I receives the electrons"],
            ]]]
        default:
            // The lesson states what the items say (the `support` gate).
            return "# Electron Transport\n\n" + String(repeating: "Electron transport passes excited electrons along the thylakoid membrane from photosystem II to photosystem I and pumps protons that drive ATP synthase. ", count: 4)
                + "Photosystem I is the protein complex that receives the electrons last in the chain; proton pumping builds the gradient across the thylakoid membrane."
        }
        return String(decoding: try! JSONSerialization.data(withJSONObject: content), as: UTF8.self)
    }

    @Test func evalSendsTheRequestsGenerateSendsForTheSameSubtopicState() async throws {
        let server = StubHTTPServer()
        try server.start()
        defer { server.stop() }
        server.otherwise { request in
            let about = Self.bodies([request], subtopic: "Electron Transport").isEmpty ? nil : Self.electronTransport(StubKitAnswers.family(of: request))
            return SecretsTests.answer(request, text: about)
        }
        let cli = try CLIRunner()
        defer { cli.remove() }
        let plugins = try cli.writeStubOpenAIPlugin(baseURL: server.baseURL, keyVariable: "PRIMER_TEST_EVAL_KEY")
        let environment = ["PRIMER_TEST_EVAL_KEY": "stub-key-123456", "PRIMER_PLUGINS": plugins.path, "PRIMER_PROVIDER": "stub-openai"]
        let document = try cli.write("""
            # Photosynthesis lecture notes

            ## Light Reactions
            The light reactions turn light into chemical energy in the thylakoids.

            ### Pigments
            Chlorophyll a and b absorb red and blue light; carotenoids widen the range.

            ### Electron Transport
            Excited electrons pass along the thylakoid membrane from photosystem II to photosystem I,
            pumping protons that drive ATP synthase; NADP+ takes the electrons at the end.

            ## The Calvin Cycle
            Carbon fixation builds sugar from carbon dioxide in the stroma.
            """, to: "docs/lecture.md")

        let generate = try await cli.run(
            ["generate", "Photosynthesis", "--doc", document.path, "--max-subtopics", "2", "--concurrency", "1"], environment: environment)
        #expect(generate.status == 0, "\(generate.stderr)")
        let generated = server.requests
        let shown = try await cli.run(["show", "Photosynthesis", "--format", "json"], environment: environment)
        let kit = try JSONDecoder().decode(Kit.self, from: Data(shown.stdout.utf8))
        let topic = try #require(kit.topics.first)
        #expect(topic.subtopics.count >= 2)
        let (first, second) = (topic.subtopics[0], topic.subtopics[1])
        // The second subtopic ran when the first one's terms were defined.
        let defined = first.pairs("terms").map(\.front)
        #expect(!defined.isEmpty)

        // The same state as an evaluation case: place in the plan, defined terms, the document.
        let quoted = { (text: String) in "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        let list = { (items: [String]) in "[" + items.map(quoted).joined(separator: ", ") + "]" }
        _ = try cli.write("name: same-state\n", to: "suite/suite.yaml")
        _ = try cli.write("""
            cases:
              - id: photosynthesis/second
                kind: subtopic
                subject: {title: Photosynthesis, documents: [../docs/lecture.md]}
                topic: \(quoted(topic.title))
                topic_overview: \(quoted(topic.overview))
                subtopic: \(quoted(second.title))
                siblings: \(list(topic.subtopics.map(\.title).filter { $0 != second.title }))
                defined_terms: \(list(defined))
            """, to: "suite/cases/photosynthesis.yaml")
        let eval = try await cli.run(
            ["eval", cli.directory.appendingPathComponent("suite").path, "--no-cache", "--out", cli.directory.appendingPathComponent("results").path],
            environment: environment)
        #expect(eval.status == 0, "\(eval.stderr)")
        let evaluated = Array(server.requests.dropFirst(generated.count))

        let fromGenerate = Self.bodies(generated, subtopic: second.title)
        let fromEval = Self.bodies(evaluated, subtopic: second.title)
        let families = try FamilySet.load(directory: CLIRunner.root.appendingPathComponent("Prompts")).subtopicFamilies(for: .general)
        #expect(fromGenerate.count == families.count, "one request per family")
        #expect(fromEval.count == evaluated.count, "the case's requests are all about its subtopic")
        // The same requests; generate sends a subtopic's families after its lesson side by side,
        // so they may reach the server in another order.
        var unmatched = fromGenerate
        for body in fromEval {
            if let index = unmatched.firstIndex(of: body) { unmatched.remove(at: index) }
        }
        #expect(fromEval.count == fromGenerate.count && unmatched.isEmpty, "\(fromEval)\n\(fromGenerate)")
        // The state that had to match is in them: terms, passages, the lesson for later families.
        let prompts = fromGenerate.map { String(describing: $0) }.joined()
        #expect(prompts.contains("Terms already defined in this subject"))
        #expect(prompts.contains("Material from the learner's documents") && prompts.contains("photosystem II"))
        #expect(prompts.contains("Study notes for this subtopic"))
    }
}
