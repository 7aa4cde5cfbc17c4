import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore
import PrimerRendering

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a stored kit.")

    @Argument(help: "The subject title.")
    var subject: String

    @Option(help: "Only this subtopic (its title, case-insensitive).")
    var subtopic: String?

    @Option(help: "text, markdown or json.")
    var format: Format = .text

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, markdown, json }

    @OptionGroup var pluginsOptions: PluginsOptions

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions)
        let kit = try await workspace.kit(titled: subject, subtopic: subtopic)
        switch format {
        // Both renderers make control characters visible (TerminalSafe).
        case .text: print(KitText.render(kit), terminator: "")
        case .markdown: print(KitMarkdown.render(kit), terminator: "")
        case .json:
            print(String(decoding: try OutputJSON.encoder().encode(kit), as: UTF8.self))
        }
    }
}
