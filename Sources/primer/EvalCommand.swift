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
        subcommands: [Run.self, Compare.self], defaultSubcommand: Run.self)

    /// Exit status when a compare finds a regression beyond the suite's thresholds (CI gate).
    static let regressionExitCode: Int32 = 3

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run", abstract: "Run a suite (`primer eval openstax` is short for `primer eval run openstax`).")

        @Argument(help: "A suite name (a folder in ./Evaluations) or a suite folder.") var suite: String
        @Option(help: "Provider or profile (default: $PRIMER_PROVIDER, primer.yaml, else llama-local).") var provider: String?
        @Option(help: "Only these families, comma-separated (e.g. plan,quiz).") var families: String?
        @Option(help: "Only cases whose id contains this text (comma-separated alternatives).") var cases: String?
        @Option(name: .customLong("repeat"), help: "Run every case N times.") var repeatCount: Int = 1
        @Option(help: "Cases run side by side.") var concurrency: Int = 1
        @Option(help: "Also score with an LLM judge through this provider (off by default).") var judge: String?
        @Option(help: "Replace a family with an experimental file for this run, e.g. quiz=Evaluations/variants/quiz-terse.yaml; the run is compared with one on the shipped family.") var variant: String?
        @Option(help: "Compare with an earlier result JSON; exit with status 3 on a regression.") var baseline: String?
        @Option(help: "Folder for the JSON result and HTML report (default: ./eval-results).") var out: String = "eval-results"
        @Option(help: "A label stored with the run.") var label: String = ""
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
            let environment = ProcessInfo.processInfo.environment
            let config = try configOptions.load()
            let suiteURL = Self.suiteDirectory(suite)
            try Self.checkOutFolder(URL(fileURLWithPath: out))
            let loaded: EvalSuite
            do { loaded = try EvalSuite.load(directory: suiteURL) } catch let error as EvalSuiteError { throw CLIError("\(error)") }
            let filters = cases.map { $0.split(separator: ",").map(String.init) } ?? []
            let selected = filters.isEmpty ? loaded.cases : loaded.cases.filter { c in filters.contains { c.id.contains($0) } }
            guard !selected.isEmpty else { throw CLIError("no case of '\(loaded.name)' matches --cases \(cases ?? ""); case ids look like \(loaded.cases.prefix(3).map(\.id).joined(separator: ", "))") }

            let resolver = try pluginsOptions.resolver(config: config)
            let providerName = resolver.chosenName(flag: provider, environment: environment, fallback: ProviderChoice.fallback)
            let familySet = try promptsOptions.load(config: config, provider: try resolver.manifest(named: providerName))
            var base = try resolver.makeProvider(named: providerName, environment: environment)
            try LocalServers.requireInstalled(base)
            if record {
                let cassette = suiteURL.appendingPathComponent("cassettes").appendingPathComponent("\(providerName).jsonl")
                do { base = try CassetteRecorder(base: base, file: cassette, environment: environment, startFresh: true) } catch { throw CLIError("\(error)") }
                FileHandle.standardError.write(Data("Recording answers to \(cassette.path)\n".utf8))
            }
            // Answers are cached in the store: rerunning an unchanged suite asks the provider nothing.
            let caching = (noCache || record) ? nil : CachingProvider(base: base, cache: try storeOptions.open(config: config))
            var runner = EvalRunner(families: familySet, provider: caching ?? base)
            runner.familyFilter = families.map { Set($0.split(separator: ",").map(String.init)) }
            if let unknown = runner.familyFilter?.subtracting(familySet.families.map(\.name)), !unknown.isEmpty {
                throw CLIError("unknown famil\(unknown.count == 1 ? "y" : "ies") \(unknown.sorted().joined(separator: ", ")); the families are \(familySet.families.map(\.name).sorted().joined(separator: ", "))")
            }
            runner.repeatCount = repeatCount
            runner.concurrency = concurrency
            runner.label = label
            if let judge {
                let judgeProvider = try resolver.makeProvider(named: judge, environment: environment)
                try LocalServers.requireInstalled(judgeProvider)
                runner.judge = JudgeScorer(provider: judgeProvider)
            }

            let display = EvalProgress()
            let report = try await LocalServers.stoppingAfter {
                var report = try await runner.run(loaded, cases: selected, cacheHits: { caching?.hits ?? 0 }, progress: display.report)
                display.finish()
                var variantReport: EvalRunReport?
                if let variant {
                    var experimental = runner
                    experimental.families = try Self.replacing(variant, in: familySet)
                    experimental.label = "variant \(variant)"
                    let hitsBefore = caching?.hits ?? 0
                    variantReport = try await experimental.run(loaded, cases: selected, cacheHits: { (caching?.hits ?? 0) - hitsBefore }, progress: display.report)
                    display.finish()
                }
                report.label = label
                return (report, variantReport)
            }
            let outFolder = URL(fileURLWithPath: out)
            let main = try Self.write(report.0, suite: loaded, to: outFolder)
            Console.out(EvalTable.render(report.0, resultPath: main))
            if let variantReport = report.1 {
                let written = try Self.write(variantReport, suite: loaded, to: outFolder, suffix: "-variant")
                print("\nVariant (\(variant ?? "")): \(written)")
                try Self.compareAndExit(baseline: report.0, current: variantReport, suite: loaded, title: "shipped → variant")
            }
            if let baseline {
                let before: EvalRunReport
                do { before = try EvalRunReport.load(URL(fileURLWithPath: baseline)) } catch { throw CLIError("\(error)") }
                try Self.compareAndExit(baseline: before, current: report.0, suite: loaded, title: "baseline → this run")
            }
        }

        static func suiteDirectory(_ name: String) -> URL {
            if name.contains("/") || FileManager.default.fileExists(atPath: name + "/suite.yaml") { return URL(fileURLWithPath: name) }
            return URL(fileURLWithPath: "Evaluations").appendingPathComponent(name)
        }

        /// The family set with one family replaced by an experimental file (`name=path`).
        static func replacing(_ variant: String, in set: FamilySet) throws -> FamilySet {
            let parts = variant.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw CLIError("--variant must look like quiz=path/to/quiz-variant.yaml") }
            let family: PromptFamily
            do { family = try FamilyLoader.load(file: URL(fileURLWithPath: parts[1])) } catch let errors as FamilyLoadErrors { throw CLIError("\(errors)") }
            guard set.family(named: parts[0]) != nil else { throw CLIError("--variant names family '\(parts[0])', which the prompts folder does not have") }
            guard family.name == parts[0] else { throw CLIError("\(parts[1]) defines family '\(family.name)', not '\(parts[0])'") }
            return FamilySet(families: set.families.filter { $0.name != parts[0] } + [family], directory: set.directory)
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
            Console.out("\n" + EvalTable.compare(deltas, title: title))
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
            print(EvalTable.compare(deltas, title: "\(baseline) → \(current)"))
            if deltas.contains(where: \.isRegression) { throw ExitCode(EvalCommand.regressionExitCode) }
        }
    }
}
