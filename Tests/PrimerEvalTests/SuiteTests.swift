import Foundation
import PrimerCore
import Testing
@testable import PrimerEval

@Suite struct SuiteLoaderTests {
    let suiteYAML = """
        name: tiny
        description: A tiny suite.
        attribution: Written for the tests.
        thresholds:
          plan.section_coverage: 0.05
          total_tokens: "10%"
        cases:
          - id: bio/book
            kind: plan
            subject: {title: Biology, notes: "An intro course", kind: general}
            golden:
              topics:
                - title: The Cell
                  sections: [Cell Structure, The Cell Membrane]
        """
    let caseFile = """
        book: Tiny Biology
        attribution: "Tiny Biology, CC BY 4.0"
        cases:
          - id: bio/ch01
            kind: plan
            subject: {title: The Cell}
            families: [plan]
            golden:
              sections: [Cell Structure, The Cell Membrane]
          - id: bio/1.2
            kind: subtopic
            subject: {title: Biology}
            topic: The Cell
            subtopic: The Cell Membrane
            siblings: [Cell Structure]
            families: [flashcards, terms]
            golden:
              objectives: [Describe the membrane]
              terms:
                - {term: phospholipid, definition: "a lipid with a phosphate head"}
              mcq:
                - stem: What is the membrane made of?
                  choices: [Lipids, Sugars, Salt, Steel]
                  answer: 0
          - id: bio/1.1
            kind: subtopic
            subject: {title: Biology}
            topic: The Cell
            subtopic: Cell Structure
        """

    @Test func goodSuite() throws {
        let suite = try EvalSuite.parse(suiteYAML: suiteYAML, caseFiles: [("cases/bio.yaml", caseFile)])
        #expect(suite.name == "tiny")
        #expect(suite.description == "A tiny suite.")
        #expect(suite.attribution == ["Written for the tests.", "Tiny Biology, CC BY 4.0"])
        #expect(suite.thresholds == ["plan.section_coverage": .absolute(0.05), "total_tokens": .relative(0.1)])
        #expect(suite.cases.map(\.id) == ["bio/book", "bio/ch01", "bio/1.2", "bio/1.1"])

        let book = suite.cases[0]
        #expect(book.kind == .plan)
        #expect(book.families == [.plan])  // default for plan cases
        #expect(book.subject == EvalSubject(title: "Biology", notes: "An intro course", kind: .general))
        #expect(book.plan?.level == .book)
        #expect(book.plan?.allSections == ["Cell Structure", "The Cell Membrane"])
        #expect(book.source == "suite.yaml")

        #expect(suite.cases[1].plan == GoldenPlan(sections: ["Cell Structure", "The Cell Membrane"]))
        #expect(suite.cases[1].plan?.level == .chapter)

        let sub = suite.cases[2]
        #expect(sub.families == [.flashcards, .terms])
        #expect(sub.source == "cases/bio.yaml")
        #expect(sub.subtopic == GoldenSubtopic(
            topic: "The Cell", subtopic: "The Cell Membrane", siblings: ["Cell Structure"], objectives: ["Describe the membrane"],
            terms: [PairItem(front: "phospholipid", back: "a lipid with a phosphate head")],
            mcq: [ReferenceMCQ(stem: "What is the membrane made of?", choices: ["Lipids", "Sugars", "Salt", "Steel"], answer: 0)]))
        // Defaults: every subtopic family, no siblings, no golden.
        #expect(suite.cases[3].families == [.lesson, .flashcards, .quiz, .terms, .cloze] + ShapeRegistry.all.compactMap { ContentKind(rawValue: $0.id.rawValue) })
        #expect(suite.cases[3].families.map(\.rawValue).suffix(2) == ["matching", "ordering"])
        #expect(suite.cases[3].subtopic?.siblings == [])
        #expect(suite.cases(ofKind: .subtopic).count == 2)
    }

    func error(_ suite: String, _ files: [(String, String)] = []) -> EvalSuiteError? {
        do {
            _ = try EvalSuite.parse(suiteYAML: suite, caseFiles: files.map { (name: $0.0, yaml: $0.1) })
            return nil
        } catch let error as EvalSuiteError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func unknownKeyNamesFileAndLine() throws {
        let bad = caseFile.replacingOccurrences(of: "    siblings: [Cell Structure]", with: "    sibling: [Cell Structure]")
        let e = try #require(error("name: x", [("cases/bio.yaml", bad)]))
        #expect(e.file == "cases/bio.yaml")
        #expect(e.line == 15)
        #expect(e.message == "case 'bio/1.2': unknown key 'sibling'")
        #expect(e.description == "cases/bio.yaml:15:5: case 'bio/1.2': unknown key 'sibling'")
    }

    @Test func invalidYAMLHasALine() throws {
        let e = try #require(error("name: x\ncases:\n  - id: [unclosed\n"))
        #expect(e.file == "suite.yaml")
        #expect(e.line != nil)
        #expect(e.message.hasPrefix("invalid YAML"))
    }

    @Test func badValues() throws {
        #expect(try #require(error("description: no name")).message == "suite has no 'name'")
        let kind = try #require(error("name: x\ncases:\n  - id: a\n    kind: chapter\n    subject: {title: T}\n"))
        #expect(kind.message == "case 'a': kind must be 'plan' or 'subtopic', not 'chapter'")
        #expect(kind.line == 4)
        let noGolden = try #require(error("name: x\ncases:\n  - id: a\n    kind: plan\n    subject: {title: T}\n    golden: {}\n"))
        #expect(noGolden.message.contains("needs golden 'topics'"))
        let family = try #require(error("name: x\ncases:\n  - id: a\n    kind: subtopic\n    subject: {title: T}\n    topic: T\n    subtopic: S\n    families: [plan]\n"))
        #expect(family.message.contains("a subtopic case needs families"))
        let mcq = caseFile.replacingOccurrences(of: "[Lipids, Sugars, Salt, Steel]", with: "[Lipids, Sugars, Salt]")
        #expect(try #require(error("name: x", [("c.yaml", mcq)])).message == "case 'bio/1.2': a reference question needs 4 choices")
        let threshold = try #require(error("name: x\nthresholds:\n  leakage: lots\n"))
        #expect(threshold.line == 3)
        #expect(threshold.message.hasPrefix("threshold 'leakage' must be"))
        let subjectKind = try #require(error("name: x\ncases:\n  - id: a\n    kind: plan\n    subject: {title: T, kind: maths}\n    golden: {sections: [S]}\n"))
        #expect(subjectKind.message == "case 'a': subject kind must be 'general' or 'language', not 'maths'")
    }

    @Test func duplicateIDsAcrossFiles() throws {
        let e = try #require(error(suiteYAML, [("cases/a.yaml", caseFile), ("cases/b.yaml", caseFile)]))
        #expect(e.file == "cases/b.yaml")
        #expect(e.message == "duplicate case id 'bio/ch01' (first defined in cases/a.yaml)")
    }

    @Test func loadsFromADirectory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("primer-eval-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("cases"), withIntermediateDirectories: true)
        #expect(throws: EvalSuiteError.self) { try EvalSuite.load(directory: dir) }  // no suite.yaml yet
        try suiteYAML.write(to: dir.appendingPathComponent("suite.yaml"), atomically: true, encoding: .utf8)
        try caseFile.write(to: dir.appendingPathComponent("cases/bio.yaml"), atomically: true, encoding: .utf8)
        try "ignored".write(to: dir.appendingPathComponent("cases/README.txt"), atomically: true, encoding: .utf8)
        #expect(try EvalSuite.load(directory: dir).cases.count == 4)

        try "name: x\ncases: 3\n".write(to: dir.appendingPathComponent("suite.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try EvalSuite.load(directory: dir)
            Issue.record("expected an error")
        } catch let error as EvalSuiteError {
            #expect(error.file == dir.appendingPathComponent("suite.yaml").path)
            #expect(error.description.hasPrefix(dir.appendingPathComponent("suite.yaml").path + ":2:"))
        }
    }
}

@Suite struct OpenStaxSuiteTests {
    let books = ["biology-2e", "chemistry-2e", "principles-microeconomics-3e", "psychology-2e", "us-history"]

    @Test func loadsWithEnoughCasesOverAllBooks() throws {
        let suite = try EvalSuite.load(directory: repositoryRoot.appendingPathComponent("Evaluations/openstax"))
        #expect(suite.name == "openstax")
        let subtopics = suite.cases(ofKind: .subtopic)
        #expect(subtopics.count >= 25)
        for book in books {
            let mine = suite.cases.filter { $0.id.hasPrefix(book + "/") }
            #expect(mine.filter { $0.kind == .subtopic }.count >= 3, "\(book)")
            let plans = mine.compactMap(\.plan)
            #expect(plans.contains { $0.level == .book }, "\(book) has a book-level plan case")
            #expect(plans.contains { $0.level == .chapter }, "\(book) has a chapter-level plan case")
        }
        for c in subtopics {
            let golden = try #require(c.subtopic)
            #expect(golden.terms.count >= 3, "\(c.id)")
            #expect(!golden.siblings.isEmpty, "\(c.id)")
            #expect(!golden.siblings.contains(golden.subtopic), "\(c.id)")
            #expect(golden.mcq.allSatisfy { $0.choices.count == 4 && (0..<4).contains($0.answer) })
        }
        // Reference questions come from three of the books.
        #expect(subtopics.contains { $0.id.hasPrefix("biology-2e/") && !($0.subtopic?.mcq.isEmpty ?? true) })
        // Attribution: the suite's and one per book, all CC BY 4.0.
        #expect(suite.attribution.count == 6)
        #expect(suite.attribution.allSatisfy { $0.contains("CC BY 4.0") && $0.contains("OpenStax") })
        #expect(suite.threshold(for: MetricKey("plan.section_coverage")!) == .absolute(0.05))
        #expect(suite.threshold(for: MetricKey("quiz.leakage")!) == .absolute(0.03))
    }

    @Test func heldOutCasesComeFromChaptersNoDevCaseComesFrom() throws {
        let suite = try EvalSuite.load(directory: repositoryRoot.appendingPathComponent("Evaluations/openstax"))
        /// "biology-2e/ch25" → 25, "biology-2e/24.4" → 24; nil for the book plan.
        func chapter(_ id: String) -> Int? {
            let local = id.split(separator: "/").last.map(String.init) ?? ""
            if local.hasPrefix("ch") { return Int(local.dropFirst(2)) }
            return local.split(separator: ".").first.flatMap { Int($0) }
        }
        for book in books {
            let mine = suite.cases.filter { $0.id.hasPrefix(book + "/") }
            let test = mine.filter { $0.split == .test }
            #expect(test.filter { $0.kind == .plan }.count == 1 && test.filter { $0.kind == .subtopic }.count == 3, "\(book)")
            let devChapters = Set(mine.filter { $0.split == .dev }.compactMap { chapter($0.id) })
            let testChapters = Set(test.compactMap { chapter($0.id) })
            #expect(testChapters.count == test.count || testChapters.count >= 2, "\(book)")
            #expect(devChapters.isDisjoint(with: testChapters), "\(book): held-out chapters \(testChapters) overlap dev chapters \(devChapters)")
        }
        #expect(suite.cases.filter { $0.split == .test }.count == 20)
        #expect(suite.cases.filter { $0.split == .dev }.count == 45)
    }

    /// Golden data scored against itself: every rule must give full marks on its own reference.
    @Test func goldenScoredAgainstItselfIsPerfect() throws {
        let suite = try EvalSuite.load(directory: repositoryRoot.appendingPathComponent("Evaluations/openstax"))
        for c in suite.cases(ofKind: .plan) {
            let golden = try #require(c.plan)
            let plan = golden.level == .book
                ? Plan(topics: golden.topics.map { PlanTopic(title: $0.title, subtopics: $0.sections) })
                : Plan(topics: [PlanTopic(title: c.subject.title, subtopics: golden.sections)])
            let m = CaseScorer().score(c, outputs: CaseOutputs(plan: plan)).families["plan"] ?? [:]
            #expect(m["section_coverage"] == 1, "\(c.id)")
            if golden.level == .book { #expect(m["topic_coverage"] == 1, "\(c.id)") }
        }
        var judgeable = 0
        for c in suite.cases(ofKind: .subtopic) {
            let golden = try #require(c.subtopic)
            let m = CaseScorer().score(c, outputs: CaseOutputs(terms: golden.terms)).families["terms"] ?? [:]
            #expect(m["term_recall"] == 1, "\(c.id)")
            #expect(approx(m["definition_f1"], 1), "\(c.id)")
            let scope = ScopeLeakageScorer(subject: c.subject.title, topic: golden.topic, subtopic: golden.subtopic, siblings: golden.siblings)
            if scope.canJudge { judgeable += 1 }
        }
        // Leakage needs distinctive keywords; most real section titles have them.
        #expect(judgeable >= 25)
    }
}
