import Foundation
import Testing
@testable import PrimerCore
@testable import PrimerGeneration

@Suite struct FamilyLoaderTests {
    static let minimal = """
        family: demo
        output: flashcards
        system: |
          You write cards.
        user: |
          {{{context}}}
          Cards for {{subtopic}}.
        reminder: |
          Fix:
          {{#reasons}}
          - {{.}}
          {{/reasons}}
        gates:
          - dedupe
          - count: {min: 1, max: 5}
        """

    @Test func shippedFamiliesLoadAndCoverEveryStep() throws {
        let set = try FamilySet.load(directory: RepositoryFiles.prompts)
        #expect(Set(set.families.map(\.name)) == ["plan", "lesson", "grammar-lesson", "flashcards", "quiz", "cloze", "terms", "matching", "ordering", "ask"])
        #expect(set.questionFamily(for: .general)?.name == "ask" && set.questionFamily(for: .language)?.name == "ask")
        #expect(set.planFamily(for: .general)?.name == "plan")
        #expect(set.planFamily(for: .language)?.name == "plan")
        #expect(set.subtopicFamilies(for: .general).map(\.name) == ["lesson", "flashcards", "quiz", "cloze", "terms", "matching", "ordering"])
        #expect(set.subtopicFamilies(for: .language).map(\.name) == ["grammar-lesson", "flashcards", "quiz", "cloze", "terms"])
        for family in set.families {
            #expect(family.attempts == 3, "\(family.name) keeps the default budget")
            #expect(!family.gateNames.isEmpty, "\(family.name) has gates")
        }
        // Every structured-output family sends valid JSON schema text.
        for name in ["plan", "flashcards", "quiz", "cloze", "terms"] {
            let schema = try #require(set.family(named: name)?.jsonSchema)
            #expect(try JSONSerialization.jsonObject(with: Data(schema.utf8)) is [String: Any])
        }
        // Properties keep the file's order, the order a constrained model writes them in:
        // a question before its choices and answer, a topic's title before its subtopics.
        let quiz = try #require(set.family(named: "quiz")?.jsonSchema)
        let order = ["\"question\"", "\"choices\"", "\"answer_index\"", "\"explanation\""].map { quiz.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        let plan = try #require(set.family(named: "plan")?.jsonSchema)
        #expect(try #require(plan.range(of: "\"title\"")).lowerBound < (try #require(plan.range(of: "\"subtopics\":{")).lowerBound))
        // No maxLength: llama.cpp compiles it into a grammar that slows decoding about tenfold.
        for family in set.families { #expect(family.jsonSchema?.contains("maxLength") != true, "\(family.name)") }
    }

    /// Cache-friendly layout: the families of a subtopic send the same system message and start
    /// their user message with the same context block, so a server can reuse the prompt prefix.
    /// The lesson family was `notes`: a family file, a lookup and a suite's kind of that time
    /// name the lesson family, and its templates may still say `{{notes}}`.
    @Test func theLessonFamilysEarlierNameStillNamesIt() throws {
        let shipped = try String(contentsOf: RepositoryFiles.prompts.appendingPathComponent("lesson.yaml"), encoding: .utf8)
        let earlier = shipped.replacingOccurrences(of: "family: lesson\n", with: "family: notes\n")
            .replacingOccurrences(of: "{{subtopic}}", with: "{{subtopic}}{{#notes}} {{/notes}}")
        #expect(earlier != shipped)
        #expect(try FamilyLoader.load(yaml: earlier, file: "notes.yaml").name == "lesson")
        let set = try FamilySet.load(directory: RepositoryFiles.prompts)
        #expect(set.family(named: "notes")?.name == "lesson" && set.family(named: "lesson")?.shape == .lesson)
        #expect(ContentKind(rawValue: "notes") == .lesson && ContentKind(rawValue: "lesson") == .lesson)
    }

    @Test func subtopicFamiliesShareTheirPromptPrefix() throws {
        let set = try FamilySet.load(directory: RepositoryFiles.prompts)
        let subject = SubjectFacts(title: "Linear Algebra")
        let facts = SubtopicFacts(topic: "Matrices", subtopic: "Matrix multiplication", siblings: ["Determinants"], lesson: "# Notes\nRows times columns.")
        let values = ContextBuilder().values(subject: subject, subtopic: facts)
        let context = try #require(values["context"] as? String)
        for kind in SubjectKind.allCases {
            let conversations = set.subtopicFamilies(for: kind).map { $0.messages(kind: kind, values: values) }
            #expect(Set(conversations.map { $0[0].content }).count == 1, "one system text for \(kind)")
            #expect(conversations.allSatisfy { $0[1].content.hasPrefix(context + "\n\n## Task\n") })
        }
    }

    /// The cloze family shows Anki's literal `{{c1::…}}` after a delimiter change; the variables
    /// before and after it still render, in the prompt and in the reminder.
    @Test func clozeFamilyShowsLiteralDeletionSyntax() throws {
        let cloze = try #require(try FamilySet.load(directory: RepositoryFiles.prompts).family(named: "cloze"))
        let values = ContextBuilder().values(
            subject: SubjectFacts(title: "Biology"), subtopic: SubtopicFacts(topic: "Cells", subtopic: "Mitochondria", siblings: []))
        let retry = RetryNote(attempt: 2, reasons: ["dropped note ‘x’: too short"], previousAnswer: "x")
        let general = cloze.messages(kind: .general, values: values, retry: retry)
        #expect(general[1].content.contains("\"Mitochondria\""))
        #expect(general[1].content.contains("{{c1::hidden words}}"))
        #expect(!general[1].content.contains("<%") && !general[1].content.contains("{{="))
        #expect(general[3].content.contains("- dropped note ‘x’: too short"))
        #expect(general[3].content.contains("about \"Mitochondria\", each with its key words hidden as {{c1::hidden words}}"))
        let language = cloze.messages(kind: .language, values: values)
        #expect(language[1].content.contains("{{c1::hidden word::English hint}}"))
    }

    @Test func delimiterChangesAreFollowedByLint() throws {
        let changed = Self.minimal.replacingOccurrences(of: "Cards for {{subtopic}}.", with: "{{=<% %>=}}\n  Cards like {{c1::x}} for <%subtopik%>.")
        let error = try #require(throws: FamilyLoadErrors.self) { try FamilyLoader.load(yaml: changed, file: "d.yaml") }
        #expect(error.errors.count == 1)
        #expect(error.errors.first?.message.hasPrefix("template `user`: variable 'subtopik' is not provided") == true)
        let good = Self.minimal.replacingOccurrences(of: "Cards for {{subtopic}}.", with: "{{=<% %>=}}\n  Cards like {{c1::x}} for <%subtopic%>.")
        #expect(try FamilyLoader.load(yaml: good, file: "d.yaml").name == "demo")
        let malformed = Self.minimal.replacingOccurrences(of: "Cards for {{subtopic}}.", with: "{{=<%=}}")
        let bad = try #require(throws: FamilyLoadErrors.self) { try FamilyLoader.load(yaml: malformed, file: "d.yaml") }
        #expect(bad.errors.first?.message.contains("must look like {{=<% %>=}}") == true)
    }

    @Test func unknownVariableFailsWithFileAndLine() throws {
        let yaml = Self.minimal.replacingOccurrences(of: "Cards for {{subtopic}}.", with: "Cards for {{subtopik}}.")
        let error = try #require(throws: FamilyLoadErrors.self) { try FamilyLoader.load(yaml: yaml, file: "Prompts/demo.yaml") }
        #expect(error.errors.count == 1)
        let problem = try #require(error.errors.first)
        #expect(problem.file == "Prompts/demo.yaml")
        // `user: |` is on line 5, so the template's second line is line 7.
        #expect(problem.line == 7)
        #expect(problem.message.contains("'subtopik'"))
        #expect(problem.description.hasPrefix("Prompts/demo.yaml:7:"))
    }

    @Test func subtopicVariablesAreUnknownToPlanFamilies() throws {
        let yaml = Self.minimal
            .replacingOccurrences(of: "output: flashcards", with: "output: plan\nscope: plan")
            .replacingOccurrences(of: "  - dedupe\n  - count: {min: 1, max: 5}", with: "  - dedupe-plan")
        let error = try #require(throws: FamilyLoadErrors.self) { try FamilyLoader.load(yaml: yaml, file: "plan.yaml") }
        #expect(error.errors.map(\.message).contains { $0.contains("'subtopic'") })
    }

    @Test func reminderMayUseReasonsButUserMayNot() throws {
        let yaml = Self.minimal.replacingOccurrences(of: "Cards for {{subtopic}}.", with: "{{#reasons}}{{.}}{{/reasons}}")
        let error = try #require(throws: FamilyLoadErrors.self) { try FamilyLoader.load(yaml: yaml, file: "f.yaml") }
        #expect(error.errors.first?.message.contains("'reasons'") == true)
    }

    @Test func structuralProblemsAreAllReported() throws {
        let yaml = """
            family: broken
            output: essays
            colour: blue
            system: hi
            user: |
              {{> partial}}
            gates:
              - dedup
            """
        let error = try #require(throws: FamilyLoadErrors.self) { try FamilyLoader.load(yaml: yaml, file: "b.yaml") }
        let messages = error.errors.map(\.description).joined(separator: "\n")
        #expect(messages.contains("b.yaml:2: `output` must be one of"))
        #expect(messages.contains("b.yaml:3: unknown key 'colour'"))
        #expect(messages.contains("missing required template `reminder`"))
        #expect(messages.contains("b.yaml:6: template `user`: tag '{{> partial}}' is not supported"))
        #expect(messages.contains("b.yaml:8:") && messages.contains("dedup"))
    }

    @Test func attemptsAreBoundedWithFileAndLine() throws {
        for (value, ok) in [(0, false), (1, true), (10, true), (11, false), (1_000_000, false)] {
            let yaml = Self.minimal.replacingOccurrences(of: "output: flashcards", with: "output: flashcards\nattempts: \(value)")
            if ok {
                #expect(try FamilyLoader.load(yaml: yaml, file: "a.yaml").attempts == value)
            } else {
                let error = try #require(throws: FamilyLoadErrors.self) { try FamilyLoader.load(yaml: yaml, file: "a.yaml") }
                #expect(error.description == "a.yaml:3: `attempts` must be from 1 to 10 (each attempt is one provider call); it is \(value)")
            }
        }
    }

    @Test func invalidYAMLIsOneClearError() throws {
        let error = try #require(throws: FamilyLoadErrors.self) {
            try FamilyLoader.load(yaml: "family: x\n  user: [unclosed", file: "x.yaml")
        }
        #expect(error.errors.count == 1)
        #expect(error.errors[0].message.contains("not valid YAML"))
    }

    @Test func unclosedSectionIsReported() throws {
        let yaml = Self.minimal.replacingOccurrences(of: "Cards for {{subtopic}}.", with: "{{#siblings}}- {{.}}")
        let error = try #require(throws: FamilyLoadErrors.self) { try FamilyLoader.load(yaml: yaml, file: "f.yaml") }
        #expect(error.errors.contains { $0.message.contains("section 'siblings' is never closed") })
    }

    @Test func messagesRenderPlainTextAndRetryCarriesReasons() throws {
        let family = try FamilyLoader.load(yaml: Self.minimal, file: "demo.yaml")
        let values: [String: Any] = ["context": "Subject: Q&A <basics>", "subtopic": "Rock & Roll"]
        let first = family.messages(kind: .general, values: values)
        #expect(first.map(\.role) == [.system, .user])
        // Prompts are text: no HTML escaping of & and <.
        #expect(first[1].content == "Subject: Q&A <basics>\nCards for Rock & Roll.")

        let retry = family.messages(
            kind: .general, values: values,
            retry: RetryNote(attempt: 2, reasons: ["only 1 card left", "dropped echo"], previousAnswer: "a | a"))
        #expect(retry.map(\.role) == [.system, .user, .assistant, .user])
        #expect(retry[2].content == "a | a")
        #expect(retry[3].content == "Fix:\n- only 1 card left\n- dropped echo")
    }

    @Test func variantsReplaceOnlyTheTemplatesTheyName() throws {
        let yaml = Self.minimal + """

            variants:
              language:
                user: |
                  Words for {{subtopic}} in {{language}}.
            """
        let family = try FamilyLoader.load(yaml: yaml, file: "v.yaml")
        let values: [String: Any] = ["context": "", "subtopic": "Food", "language": "Spanish"]
        #expect(family.messages(kind: .language, values: values)[1].content == "Words for Food in Spanish.")
        #expect(family.messages(kind: .language, values: values)[0].content == "You write cards.")
        #expect(family.messages(kind: .general, values: values)[1].content == "Cards for Food.")
    }

    @Test func hashFollowsTheFileContent() throws {
        let a = try FamilyLoader.load(yaml: Self.minimal, file: "a.yaml")
        let b = try FamilyLoader.load(yaml: Self.minimal, file: "b.yaml")
        let c = try FamilyLoader.load(yaml: Self.minimal + "\nversion: 2\n", file: "a.yaml")
        #expect(a.contentHash == b.contentHash)
        #expect(a.contentHash != c.contentHash)
        #expect(c.version == 2)
    }

    @Test func duplicateNamesAcrossFilesAreRejected() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("families-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.minimal.write(to: directory.appendingPathComponent("one.yaml"), atomically: true, encoding: .utf8)
        try Self.minimal.write(to: directory.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
        let error = try #require(throws: FamilyLoadErrors.self) { try FamilySet.load(directory: directory) }
        #expect(error.description.contains("family 'demo' is also defined in"))
    }
}
