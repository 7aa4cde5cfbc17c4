import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

/// `primer ask`: a question answered from the subject's documents and lessons, each claim citing
/// its source; or a plain "cannot answer" when they do not cover it (exit 0 either way: both are
/// answers; `--json` has `answered`).
struct AskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Answer a question from a subject's documents and lessons, citing document, page and section; says so when they do not cover it.")

    @Argument(help: "The subject title.")
    var subject: String
    @Argument(help: "The question.")
    var question: String
    @Option(help: "Provider or profile name (default: $PRIMER_PROVIDER, primer.yaml, else llama-local). See `primer providers`.")
    var provider: String?
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions
    @OptionGroup var embedderOptions: EmbedderOptions

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions)
        let providerName = workspace.providerName(provider)
        let answer = try await LocalServers.stoppingAfter {
            try await workspace.ask(subject: subject, question: question, providerName: providerName)
        }
        if json { return try Console.json(answer) }
        for line in AnswerOutput.lines(answer) { Console.out(line) }
    }
}
