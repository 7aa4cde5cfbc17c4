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
        guard answer.answered else {
            Console.out("Cannot answer from “\(answer.subject)”: \(answer.reason ?? "its documents and lessons do not cover it").")
            Console.out("Attach a document that does with: primer docs add \"\(answer.subject)\" FILE")
            return
        }
        if answer.method == "quotes" {
            Console.out("\(answer.provider) gave no answer its sources support; the sentences of the sources closest to the question:")
            Console.out("")
        }
        Console.out(answer.answer)
        Console.out("")
        Console.out("Sources:")
        for source in answer.citations { Console.out("  [\(source.number)] \(source.label)") }
    }
}
