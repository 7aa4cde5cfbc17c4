import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore
import PrimerEval
import PrimerProviders

struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score prompt families against a golden suite, and compare runs.",
        subcommands: [Run.self, Compare.self, AgreementCommand.self], defaultSubcommand: Run.self)

    /// Exit status when a compare finds a regression beyond the suite's thresholds (CI gate).
    static let regressionExitCode: Int32 = 3
    /// Exit status when a family failed every attempt in some case (unless `--allow-failures`).
    static let familyFailedExitCode: Int32 = 4

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run", abstract: "Run a suite (`primer eval openstax` is short for `primer eval run openstax`).")

        @Argument(help: "A suite name (a folder in ./Evaluations) or a suite folder.") var suite: String
        @OptionGroup var embedderOptions: EmbedderOptions
        @Option(help: "Provider or profile (default: $PRIMER_PROVIDER, primer.yaml, else llama-local).") var provider: String?
        @Option(help: "Only these families, comma-separated (e.g. plan,quiz).") var families: String?
        @Option(help: "Only cases whose id contains this text (comma-separated alternatives).") var cases: String?
        @Option(help: "Only the cases of this split: dev (for tuning) or test (held out); default: every case.") var split: EvalSplit?
        @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Run every case N times.") var repeatCount: Int = 1
        @Option(parsing: .unconditional, help: "Cases run side by side.") var concurrency: Int = 1
        @Option(help: "Also score with an LLM judge through this provider (off by default).") var judge: String?
        @Option(help: "Replace a family with an experimental file for this run, e.g. quiz=Evaluations/variants/quiz-terse.yaml; the run is compared with one on the shipped family.") var variant: String?
        @Option(help: "Compare with an earlier result JSON; exit with status 3 on a regression.") var baseline: String?
        @Option(help: "Folder for the JSON result and HTML report (default: ./eval-results).") var out: String = "eval-results"
        @Option(help: "A label stored with the run.") var label: String = ""
        @Flag(help: "Exit 0 even when a family failed every attempt in some case (by default such a run exits with status 4).") var allowFailures = false
        @Flag(help: "Ask the provider every time instead of reusing cached answers.") var noCache = false
        @Flag(help: "Keep the provider's real answers as a cassette in <suite>/cassettes/<provider>.jsonl (secrets removed), for replay by the mock; implies --no-cache.") var record = false
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var promptsOptions: PromptsOptions
        @OptionGroup var pluginsOptions: PluginsOptions

        func validate() throws {
            if repeatCount < 1 { throw ValidationError("--repeat must be 1 or more") }
            if concurrency < 1 { throw ValidationError("--concurrency must be 1 or more") }
        }

        func run() async throws {
            try Self.checkOutFolder(URL(fileURLWithPath: out))
            let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions)
            announceDefaultEmbedder(workspace)
            var request = EvalRequest(suite: suite, provider: provider)
            request.caseFilters = cases.map { $0.split(separator: ",").map(String.init) } ?? []
            request.split = split
            request.families = families.map { Set($0.split(separator: ",").map(String.init)) }
            request.repeatCount = repeatCount
            request.concurrency = concurrency
            request.label = label
            request.judge = judge
            request.variant = variant
            request.noCache = noCache
            request.record = record
            let display = EvalProgress()
            let outcome = try await workspace.evaluate(request, progress: display.report)
            display.finish()
            if let cassette = outcome.cassette { Console.error("Recorded answers to \(cassette.path)\n") }

            let outFolder = URL(fileURLWithPath: out)
            let main = try Self.write(outcome.report, suite: outcome.suite, to: outFolder)
            Console.out(EvalTable.render(outcome.report, resultPath: main))
            if let variantReport = outcome.variantReport {
                let written = try Self.write(variantReport, suite: outcome.suite, to: outFolder, suffix: "-variant")
                print("\nVariant (\(variant ?? "")): \(written)")
                try Self.compareAndExit(baseline: outcome.report, current: variantReport, suite: outcome.suite, title: "shipped → variant")
            }
            if let baseline {
                let before: EvalRunReport
                do { before = try EvalRunReport.load(URL(fileURLWithPath: baseline)) } catch { throw CLIError("\(error)") }
                try Self.compareAndExit(baseline: before, current: outcome.report, suite: outcome.suite, title: "baseline → this run")
            }
            let failed = ([outcome.report] + [outcome.variantReport].compactMap { $0 }).flatMap(\.cases).reduce(0) { $0 + $1.errors.count }
            if failed > 0 && !allowFailures {
                Console.error("\(failed) family run\(failed == 1 ? "" : "s") failed every attempt; the scores count them at their worst. Exit status \(EvalCommand.familyFailedExitCode) (pass --allow-failures to exit 0).\n")
                throw ExitCode(EvalCommand.familyFailedExitCode)
            }
        }

        static func write(_ report: EvalRunReport, suite: EvalSuite, to folder: URL, suffix: String = "") throws -> String {
            try checkOutFolder(folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let stamp = ISO8601DateFormatter().string(from: report.startedAt).replacingOccurrences(of: ":", with: "")
            let base = folder.appendingPathComponent("\(report.suite)-\(report.provider)-\(stamp)\(suffix)")
            do {
                try OutputFile.write(report.jsonData(), to: base.appendingPathExtension("json"))
                try OutputFile.write(Data(EvalHTMLReport.render(report, suite: suite).utf8), to: base.appendingPathExtension("html"))
            } catch let error as OutputFileError {
                throw CLIError("\(error)")
            }
            return base.path + ".json (and .html)"
        }

        /// `--out` is a folder (made when missing): anything else there is refused before the run.
        static func checkOutFolder(_ folder: URL) throws {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw CLIError("--out \(folder.path) is not a folder; eval writes its JSON result and HTML report into a folder: choose another path")
            }
        }

        static func compareAndExit(baseline: EvalRunReport, current: EvalRunReport, suite: EvalSuite, title: String) throws {
            let deltas = compare(baseline: baseline.scores, current: current.scores, thresholds: suite.thresholds)
            Console.out("\n" + EvalTable.compare(deltas, title: title, splits: (baseline.splits, current.splits)))
            if deltas.contains(where: \.isRegression) { throw ExitCode(EvalCommand.regressionExitCode) }
        }
    }

    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two results: per-metric deltas per family; exit status 3 on a regression beyond the thresholds.")
        @Argument(help: "The baseline result JSON.") var baseline: String
        @Argument(help: "The new result JSON.") var current: String

        func run() throws {
            let before: EvalRunReport
            let after: EvalRunReport
            do {
                before = try EvalRunReport.load(URL(fileURLWithPath: baseline))
                after = try EvalRunReport.load(URL(fileURLWithPath: current))
            } catch { throw CLIError("\(error)") }
            // The newer run's thresholds are the suite's current ones.
            let deltas = PrimerEval.compare(baseline: before.scores, current: after.scores, thresholds: after.thresholds)
            print(EvalTable.compare(deltas, title: "\(baseline) → \(current)", splits: (before.splits, after.splits)))
            if deltas.contains(where: \.isRegression) { throw ExitCode(EvalCommand.regressionExitCode) }
        }
    }
}

extension EvalSplit: ExpressibleByArgument {}

/// `primer eval agreement`: how well each metric (and the judge) agrees with the suite's hand labels.
struct AgreementCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agreement",
        abstract: "Check the metrics (and a judge) against the outputs labelled good or bad by hand in the suite's labels.json.")

    @Argument(help: "A suite name (a folder in ./Evaluations) or a suite folder.") var suite: String
    @Option(help: "Also score each labelled output with an LLM judge through this provider.") var judge: String?
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions
    @OptionGroup var embedderOptions: EmbedderOptions

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions)
        announceDefaultEmbedder(workspace)
        let outcome = try await workspace.agreement(suite: suite, judge: judge)
        Console.out(EvalTable.agreement(outcome))
    }
}
