import Foundation
import PrimerEval
import Testing

@Suite struct EvalCommandTests {
    static let suite = CLIRunner.root.appendingPathComponent("Evaluations/openstax").path

    func results(_ folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    /// Scores without wall-clock metrics, which no two runs share.
    func deterministic(_ report: EvalRunReport) -> [String: [String: Double]] {
        report.scores.aggregate.mapValues { $0.filter { $0.key != "latency_ms" } }
    }

    @Test func theMockGivesIdenticalNumbersRunToRunAndWritesJSONAndHTML() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let first = cli.directory.appendingPathComponent("first")
        let second = cli.directory.appendingPathComponent("second")
        let a = try await cli.run(["eval", Self.suite, "--provider", "mock", "--out", first.path])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout.contains("openstax [dev 45, test 20] on mock (mock-1): 65 case runs"), "\(a.stdout)")
        let b = try await cli.run(["eval", "run", Self.suite, "--provider", "mock", "--out", second.path])
        #expect(b.status == 0)
        let reportA = try EvalRunReport.load(try #require(try results(first).first))
        let reportB = try EvalRunReport.load(try #require(try results(second).first))
        #expect(deterministic(reportA) == deterministic(reportB))
        #expect(reportA.scores.cases.count == 65)
        #expect(reportA.scores.aggregate["plan"]?["section_coverage"] != nil)
        #expect(reportA.scores.aggregate["quiz"]?["well_formed"] == 1)
        let html = try String(contentsOf: try results(first)[0].deletingPathExtension().appendingPathExtension("html"), encoding: .utf8)
        #expect(html.contains("<h1>Primer evaluation: openstax</h1>"))
        #expect(html.contains("<svg"))
        #expect(html.contains("CC BY 4.0"))
        #expect(!html.contains("<script"))

        // Comparing a run with itself finds nothing; compare exits 0.
        let same = try await cli.run(["eval", "compare", try results(first)[0].path, try results(second)[0].path])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains("no regression"))
    }

    @Test func aWorsePromptVariantIsARegressionAndFailsTheCompare() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        // The shipped flashcards family without its duplicate, placeholder and scope gates.
        let shipped = try String(contentsOf: CLIRunner.root.appendingPathComponent("Prompts/flashcards.yaml"), encoding: .utf8)
        let worse = shipped
            .replacingOccurrences(of: "  - placeholders\n", with: "")
            .replacingOccurrences(of: "  - dedupe\n", with: "")
            .replacingOccurrences(of: "  - scope\n", with: "")
        #expect(worse != shipped)
        let variant = try cli.write(worse, to: "flashcards-worse.yaml")
        let out = cli.directory.appendingPathComponent("runs")
        // mock-flaky adds duplicates, off-scope items and placeholders the gates normally drop.
        let result = try await cli.run([
            "eval", Self.suite, "--provider", "mock-flaky", "--families", "notes,flashcards", "--cases", "biology",
            "--variant", "flashcards=\(variant.path)", "--out", out.path,
        ])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("flashcards.duplicate_rate"))
        #expect(result.stdout.contains("REGRESSION"))
        let files = try results(out)
        #expect(files.count == 2)
        // The same pair through `primer eval compare` gives the same verdict and exit status.
        let shippedRun = try #require(files.first { !$0.lastPathComponent.contains("variant") })
        let variantRun = try #require(files.first { $0.lastPathComponent.contains("variant") })
        let compare = try await cli.run(["eval", "compare", shippedRun.path, variantRun.path])
        #expect(compare.status == 3)
        // The other way round, the duplicates and leakage the gates remove show as improvements.
        let reverse = try await cli.run(["eval", "compare", variantRun.path, shippedRun.path])
        #expect(reverse.stdout.contains { _ in true } && reverse.stdout.split(separator: "\n").contains { $0.contains("flashcards.duplicate_rate") && $0.hasSuffix("improved") })
        #expect(reverse.stdout.split(separator: "\n").contains { $0.contains("flashcards.leakage") && $0.hasSuffix("improved") })
    }

    @Test func repeatsAreNewSamplesAndEveryMetricGetsAnInterval() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let out = cli.directory.appendingPathComponent("runs")
        let run = try await cli.run(["eval", Self.suite, "--provider", "mock", "--cases", "biology-2e/ch", "--families", "plan", "--repeat", "2", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try EvalRunReport.load(try #require(try results(out).first))
        #expect(report.repeatCount == 2 && report.cases.count == 6)
        // The second run of a case is a new draw: another plan (the mock hashes the sample).
        for id in Set(report.cases.map(\.id)) {
            let runs = report.cases.filter { $0.id == id }.sorted { $0.repetition < $1.repetition }
            #expect(runs.count == 2 && runs[0].plan != runs[1].plan, "\(id)")
        }
        #expect(report.scores.cases.map(\.repetition) == [1, 1, 1, 2, 2, 2])
        // A 95 % interval around the mean, printed beside it.
        let interval = try #require(report.scores.intervals["plan"]?["section_coverage"])
        let mean = try #require(report.scores.aggregate["plan"]?["section_coverage"])
        #expect(interval.low <= mean && mean <= interval.high && interval.low < interval.high)
        #expect(run.stdout.contains("section_coverage \(EvalHTMLReport.format(mean)) [\(EvalHTMLReport.format(interval.low))–"), "\(run.stdout)")
        // Run again: the same samples come from the cache, with the same numbers.
        let again = try await cli.run(["eval", Self.suite, "--provider", "mock", "--cases", "biology-2e/ch", "--families", "plan", "--repeat", "2", "--out", out.path])
        #expect(again.stdout.contains(" 0 provider calls"), "\(again.stdout)")
    }

    @Test func agreementChecksTheMetricsAgainstTheSuitesHandLabels() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let run = try await cli.run(["eval", "agreement", Self.suite])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("outputs labelled by hand"), "\(run.stdout)")
        // The labelled outputs of real runs: the reference metric ranks good terms above bad ones
        // far better than chance, and a quiz family with no good output has no pair to rank.
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("terms.reference_overlap") })
        let agreement = try #require(Double(line.split(separator: " ")[1]))
        #expect(agreement > 0.8, "\(line)")
        #expect(run.stdout.split(separator: "\n").contains { $0.contains("quiz.well_formed") && $0.contains("no pair to rank") })

        // A label naming a case the suite lacks is refused with its number; a suite without labels says how to make them.
        let suite = cli.directory.appendingPathComponent("openstax")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.suite), to: suite)
        let labels = suite.appendingPathComponent("labels.json")
        let text = try String(contentsOf: labels, encoding: .utf8)
        try text.replacingOccurrences(of: "\"case\": \"biology-2e/ch25\"", with: "\"case\": \"biology-2e/ch99\"").write(to: labels, atomically: true, encoding: .utf8)
        let bad = try await cli.run(["eval", "agreement", suite.path])
        #expect(bad.status != 0 && bad.stderr.contains("label 1 names case 'biology-2e/ch99'"), "\(bad.stderr)")
        try FileManager.default.removeItem(at: labels)
        let none = try await cli.run(["eval", "agreement", suite.path])
        #expect(none.status != 0 && none.stderr.contains("has no labels.json"), "\(none.stderr)")
    }

    @Test func aFamilyThatFailsCountsAtItsWorstAndTheRunExitsFour() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        // A mock whose quiz answers are never readable: the quiz fails every attempt in every case.
        let plugins = try cli.write("""
            name: mock-noquiz
            adapter: mock
            model: mock-1
            settings: {seed: 42, faults: [{type: malformed, families: [quiz]}]}
            """, to: "plugins/mock-noquiz.yaml").deletingLastPathComponent()
        let out = cli.directory.appendingPathComponent("runs")
        let arguments = ["eval", Self.suite, "--provider", "mock-noquiz", "--plugins", plugins.path, "--families", "notes,quiz", "--cases", "biology", "--out", out.path]
        let run = try await cli.run(arguments)
        #expect(run.status == 4, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("failed every attempt") && run.stderr.contains("--allow-failures"), "\(run.stderr)")
        // The table says how many cases each family ran and how many failed.
        #expect(run.stdout.split(separator: "\n").contains { $0.contains("quiz") && $0.contains("n 9, 9 failed") && $0.contains("well_formed 0.000") }, "\(run.stdout)")

        let report = try EvalRunReport.load(try #require(try results(out).first))
        // Every case counts: the failed quiz scores 0 well-formed and 1 leakage in each case; the
        // accepted-only mean has nothing to average.
        #expect(report.scores.aggregate["quiz"]?["well_formed"] == 0 && report.scores.counts["quiz"]?["well_formed"] == 9)
        #expect(report.scores.accepted["quiz"]?["well_formed"] == nil)
        #expect(report.scores.cases.allSatisfy { $0.kind == .plan ? $0.failed.isEmpty : $0.failed == ["quiz"] })
        #expect(report.scores.aggregate["quiz"]?["failure_rate"] == 1)
        #expect(report.scores.accepted["lesson"] == report.scores.aggregate["lesson"], "notes never failed: both means agree")

        let allowed = try await cli.run(arguments + ["--allow-failures"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test func retriesThatRepeatThemselvesAreCounted() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        // A model stuck on one answer with a single term: every retry repeats attempt 1.
        let plugins = try cli.write("""
            name: mock-stuck
            adapter: mock
            model: mock-1
            settings: {seed: 42, faults: [{type: too_few, families: [terms]}, {type: stuck, families: [terms]}]}
            """, to: "plugins/mock-stuck.yaml").deletingLastPathComponent()
        let out = cli.directory.appendingPathComponent("runs")
        let run = try await cli.run([
            "eval", Self.suite, "--provider", "mock-stuck", "--plugins", plugins.path, "--families", "terms,quiz", "--cases", "biology",
            "--out", out.path, "--allow-failures",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try EvalRunReport.load(try #require(try results(out).first))
        #expect(report.scores.aggregate["terms"]?["repeated_retry_rate"] == 1)
        #expect(report.scores.aggregate["quiz"]?["repeated_retry_rate"] == nil, "the quiz needed no retry")
        #expect(report.cases.contains { ($0.errors["terms"] ?? "").contains("repeats attempt 1 word for word") })
        #expect(run.stdout.contains("repeated_retry_rate 1.000"), "\(run.stdout)")
    }

    @Test func aSplitSelectsItsCasesAndTheReportSaysWhichSplitItIs() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        // The shipped suite holds out 20 cases (split: test) from chapters no dev case comes from.
        let out = cli.directory.appendingPathComponent("test-runs")
        let test = try await cli.run(["eval", Self.suite, "--provider", "mock", "--split", "test", "--families", "plan,terms", "--out", out.path])
        #expect(test.status == 0, "\(test.stderr)")
        #expect(test.stdout.contains("openstax [test 20] on mock"), "\(test.stdout)")
        let report = try EvalRunReport.load(try #require(try results(out).first))
        #expect(report.splits == ["test": 20] && report.cases.contains { $0.id == "us-history/ch16" })
        #expect(!report.cases.contains { $0.id.hasSuffix("/book") }, "the book plans are dev cases")

        let devOut = cli.directory.appendingPathComponent("dev-runs")
        let dev = try await cli.run(["eval", Self.suite, "--provider", "mock", "--split", "dev", "--families", "plan,terms", "--out", devOut.path])
        #expect(dev.status == 0 && dev.stdout.contains("[dev 45]"), "\(dev.stdout)\(dev.stderr)")
        let devReport = try EvalRunReport.load(try #require(try results(devOut).first))
        #expect(Set(devReport.cases.map(\.id)).isDisjoint(with: report.cases.map(\.id)))
        // Comparing runs on different splits says their means are not comparable.
        let compare = try await cli.run(["eval", "compare", try results(devOut)[0].path, try results(out)[0].path])
        #expect(compare.stdout.contains("different splits"), "\(compare.stdout)")

        // A split no case is in, and a split that does not exist: one message each.
        let suite = cli.directory.appendingPathComponent("openstax")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.suite), to: suite)
        let book = suite.appendingPathComponent("cases/us-history.yaml")
        let text = try String(contentsOf: book, encoding: .utf8)
        for file in try FileManager.default.contentsOfDirectory(at: suite.appendingPathComponent("cases"), includingPropertiesForKeys: nil) {
            try (try String(contentsOf: file, encoding: .utf8)).replacingOccurrences(of: "    split: \"test\"\n", with: "")
                .write(to: file, atomically: true, encoding: .utf8)
        }
        let none = try await cli.run(["eval", suite.path, "--provider", "mock", "--split", "test"])
        #expect(none.status != 0 && none.stderr.contains("no case of 'openstax' is in the test split"), "\(none.stderr)")
        let bad = try await cli.run(["eval", Self.suite, "--provider", "mock", "--split", "holdout"])
        #expect(bad.status == 64 && bad.stderr.contains("--split"), "\(bad.stderr)")
        try text.replacingOccurrences(of: "\nbook: ", with: "\nsplit: heldout\nbook: ").write(to: book, atomically: true, encoding: .utf8)
        let badFile = try await cli.run(["eval", suite.path, "--provider", "mock"])
        #expect(badFile.status != 0 && badFile.stderr.contains("split must be 'dev' or 'test'"), "\(badFile.stderr)")
    }

    @Test func aResultOfTheEarlierFormatIsRefusedInCompare() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let old = try cli.write(#"{"format": "primer-eval", "version": 1, "suite": "openstax"}"#, to: "old.json")
        let compare = try await cli.run(["eval", "compare", old.path, old.path])
        #expect(compare.status != 0 && compare.status != 3)
        #expect(compare.stderr.contains("earlier Primer") && compare.stderr.contains("run `primer eval` again"), "\(compare.stderr)")
    }

    @Test func badSuiteAndFilterInputsAreOneMessage() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let missing = try await cli.run(["eval", "no-such-suite", "--provider", "mock"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no-such-suite"))
        let noCases = try await cli.run(["eval", Self.suite, "--provider", "mock", "--cases", "zzz"])
        #expect(noCases.status != 0)
        #expect(noCases.stderr.contains("no case of 'openstax' matches"))
        let family = try await cli.run(["eval", Self.suite, "--provider", "mock", "--families", "essays"])
        #expect(family.stderr.contains("unknown family essays"))
        let notJSON = try cli.write("{}", to: "x.json")
        let compare = try await cli.run(["eval", "compare", notJSON.path, notJSON.path])
        #expect(compare.status != 0 && compare.status != 3)
        #expect(compare.stderr.contains("is not a primer eval result"))
    }
}

@Suite struct EvalCacheTests {
    /// With an embedder the cached answers are judged again by the gates that read meaning: no
    /// provider call, and the report names the embedder (a run with and one without compare the
    /// gates on the same answers).
    @Test func anEmbedderJudgesTheCachedAnswersAgain() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let first = cli.directory.appendingPathComponent("first").path
        let second = cli.directory.appendingPathComponent("second").path
        let without = try await cli.run(["eval", EvalCommandTests.suite, "--provider", "mock", "--cases", "biology-2e/5.3", "--out", first])
        #expect(without.status == 0, "\(without.stderr)")
        let with = try await cli.run([
            "eval", EvalCommandTests.suite, "--provider", "mock", "--cases", "biology-2e/5.3", "--embedder", "mock-embeddings", "--out", second,
        ])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout.contains(" 0 provider calls"), "\(with.stdout)")
        func report(_ folder: String) throws -> [String: Any] {
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".json") })
            return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(file))) as? [String: Any])
        }
        #expect(try report(first)["embedder"] == nil)
        #expect(try report(second)["embedder"] as? String == "mock-embeddings")
    }

    @Test func anUnchangedSuiteMakesNoCallsAndAChangedFamilyRerunsOnlyItself() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let suite = EvalCommandTests.suite
        let out = cli.directory.appendingPathComponent("runs").path
        let first = try await cli.run(["eval", suite, "--provider", "mock", "--cases", "biology", "--out", out])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("provider calls"))
        #expect(!first.stdout.contains(" 0 provider calls"))

        let second = try await cli.run(["eval", suite, "--provider", "mock", "--cases", "biology", "--out", out])
        #expect(second.stdout.contains(" 0 provider calls"))
        #expect(second.stdout.contains("Nothing changed since the cached run: 0 provider calls."))

        // A copy of the families with only `terms` changed: only the terms runs ask the provider.
        let prompts = cli.directory.appendingPathComponent("prompts")
        try FileManager.default.copyItem(at: CLIRunner.root.appendingPathComponent("Prompts").resolvingSymlinksInPath(), to: prompts)
        let terms = prompts.appendingPathComponent("terms.yaml")
        try (try String(contentsOf: terms, encoding: .utf8)).replacingOccurrences(of: "with a one-sentence definition each", with: "with a short definition each")
            .write(to: terms, atomically: true, encoding: .utf8)
        let changed = try await cli.run(["eval", suite, "--provider", "mock", "--cases", "biology", "--prompts", prompts.path, "--out", out])
        #expect(changed.status == 0, "\(changed.stderr)")
        let termCases = 9  // the biology subtopic cases (6 dev, 3 held out), each runs `terms` once
        #expect(changed.stdout.contains(" \(termCases) provider calls"), "\(changed.stdout)")

        let noCache = try await cli.run(["eval", suite, "--provider", "mock", "--cases", "biology", "--no-cache", "--out", out])
        #expect(!noCache.stdout.contains(" 0 provider calls"))

        let stats = try await cli.run(["cache", "stats"])
        #expect(stats.stdout.contains("cached answers"))
        let clear = try await cli.run(["cache", "clear"])
        #expect(clear.stdout.contains("Removed"))
        let empty = try await cli.run(["cache", "stats"])
        #expect(empty.stdout.hasPrefix("0 cached answers"))
    }
}
