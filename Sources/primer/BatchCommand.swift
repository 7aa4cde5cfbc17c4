import ArgumentParser
import Foundation
import PrimerApp
import PrimerBatch
import PrimerCore
import PrimerProviders
import PrimerGeneration

struct BatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Generate kits for many subjects from a YAML, JSON Lines or CSV file.",
        subcommands: [BatchRunCommand.self, BatchStatusCommand.self, BatchRetryCommand.self],
        defaultSubcommand: BatchRunCommand.self)
}

struct BatchRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Generate kits for many subjects from a file (the default: `primer batch FILE`).",
        discussion: """
            Each record has a title and optional notes, kind, documents, instructions and provider. \
            Run the same command again after an interruption (Ctrl-C, kill -9): stored content is \
            not generated again, so it continues where it stopped. With --enqueue (a PostgreSQL \
            store) the subjects are queued for `primer worker`s on any machine instead.
            """)

    @Argument(help: "The batch file: .yaml, .jsonl or .csv.") var file: String
    @Option(help: "Provider for subjects that do not name one (default: $PRIMER_PROVIDER, primer.yaml, else llama-local).") var provider: String?
    @Option(parsing: .unconditional, help: "Subjects generated side by side.") var jobs: Int = 2
    @Option(parsing: .unconditional, help: "Subtopics of one subject generated side by side.") var concurrency: Int = 1
    @Option(parsing: .unconditional, help: "Generate kits for the first N subtopics of each plan only.") var maxSubtopics: Int?
    @Flag(help: "Stop after the plans.") var planOnly = false
    @Option(help: "Write the JSON report here (default: <batch file>.report.json).") var report: String?
    @Flag(help: "Queue the subjects for `primer worker`s (a PostgreSQL store) and return at once.") var enqueue = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions
    @OptionGroup var embedderOptions: EmbedderOptions

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
        if concurrency < 1 { throw ValidationError("--concurrency must be 1 or more") }
        if enqueue && report != nil { throw ValidationError("--report goes with a batch run here, not with --enqueue: `primer batch status` reports a queued batch") }
    }

    func run() async throws {
        if enqueue { return try await runEnqueue() }
        let reportURL = URL(fileURLWithPath: report ?? file + ".report.json")
        // A report path that cannot be written is refused before any subject is generated.
        do { try OutputFile.checkTarget(reportURL) } catch let error as OutputFileError { throw CLIError("--report: \(error)") }
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions)
        announceDefaultEmbedder(workspace)
        let request = BatchRequest(
            items: try workspace.batchItems(file), provider: provider, jobs: jobs,
            options: PipelineOptions(planOnly: planOnly, maxSubtopics: maxSubtopics, concurrency: concurrency))
        let display = BatchProgress()
        // In a task of its own so that Ctrl-C can cancel it and still get the report back.
        let work = Task { try await workspace.batch(request, progress: display.report) }
        let interruption = Interruption(
            message: "Interrupted: no new subject starts and the running ones stop; the report is written next.",
            stop: { work.cancel() })
        defer { interruption.restore() }
        let result = try await work.value
        display.finish()

        do {
            try OutputFile.write(OutputJSON.encoder().encode(result), to: reportURL)
        } catch let error as OutputFileError {
            throw CLIError("the batch ran and everything generated is stored, but its report was not written: \(error)")
        }
        Console.out(BatchSummaryText.render(result, reportPath: reportURL.path))
        if interruption.interrupted {
            Console.error("Interrupted by Ctrl-C: \(result.interrupted) subject\(result.interrupted == 1 ? "" : "s") did not finish; everything generated is stored. Run the same command again to continue.\n")
            throw ExitCode(Interruption.exitStatus)
        }
        if result.failed + result.partial > 0 {
            throw CLIError("\(result.failed) subject\(result.failed == 1 ? "" : "s") failed and \(result.partial) \(result.partial == 1 ? "is" : "are") incomplete; everything else is stored. Run the same command again to retry only what is missing.")
        }
    }
}

extension BatchRunCommand {
    /// `--enqueue`: the subjects become queued work; the workers do the rest.
    func runEnqueue() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions)
        let request = BatchRequest(
            items: try workspace.batchItems(file), provider: provider,
            options: PipelineOptions(planOnly: planOnly, maxSubtopics: maxSubtopics))
        let (batch, count) = try await workspace.enqueue(request, name: URL(fileURLWithPath: file).lastPathComponent)
        Console.out(
            "Queued batch \(batch): \(count) subject\(count == 1 ? "" : "s") from \(file). Start workers with `primer worker` on any machine that reaches the store; follow them with `primer batch status \(batch)`.")
    }
}

enum BatchSummaryText {
    static func render(_ report: BatchReport, reportPath: String) -> String {
        var out = "\(report.subjects.count) subjects: \(report.complete) complete, \(report.partial) incomplete, \(report.failed) failed"
        if report.interrupted > 0 { out += ", \(report.interrupted) interrupted" }
        out += String(format: " in %.1f s\n", report.seconds)
        out += "\(report.providerCalls) provider calls, \(report.attempts) attempts, \(report.promptTokens) prompt + \(report.completionTokens) completion tokens"
        if report.cost > 0 { out += String(format: ", $%.4f", report.cost) }
        out += "\n"
        for subject in report.subjects where subject.status != .complete {
            out += "  \(subject.status.rawValue): \(subject.title): \(subject.error ?? "")\n"
        }
        out += "Report: \(reportPath)"
        return out
    }
}
