import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore
import PrimerExport
import PrimerStore

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export kits to study elsewhere: JSON, a Markdown study guide, CSV, Anki text or an Anki .apkg package.",
        discussion: """
            Anki: import the .apkg with File › Import (a deck per subject::topic::subtopic). Notes \
            keep stable ids, so exporting and importing again updates them instead of duplicating.
            """)

    @Argument(help: "The subject title (or use --all).") var subject: String?
    @Flag(help: "Export every stored subject.") var all = false
    @Option(help: "json, markdown, csv, anki-text or apkg.") var format: ExportFormat
    @Option(help: "The file to write (default: <subject>.<extension> in the current folder).") var out: String?
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions

    func validate() throws {
        if all == (subject != nil) { throw ValidationError("name one subject or pass --all") }
    }

    func run() throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions)
        let result = try workspace.export(all ? nil : [subject!], format: format, to: out.map { URL(fileURLWithPath: $0) })
        print("Wrote \(result.file.path): \(result.subjects) subject\(result.subjects == 1 ? "" : "s"), \(result.items) items (\(format.rawValue)).")
    }
}

extension ExportFormat: ExpressibleByArgument {}
