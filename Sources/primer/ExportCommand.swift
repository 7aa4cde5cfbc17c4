import ArgumentParser
import Foundation
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

    func validate() throws {
        if all == (subject != nil) { throw ValidationError("name one subject or pass --all") }
    }

    func run() throws {
        // A bad --out is reported before anything is read.
        if let out {
            do { try OutputFile.checkTarget(URL(fileURLWithPath: out)) } catch let error as OutputFileError { throw CLIError("\(error)") }
        }
        let config = try configOptions.load()
        let store = try storeOptions.openForReading(config: config)
        let families = try promptsOptions.load(config: config)
        let titles = all ? try store.listSubjects().map(\.title) : [subject!]
        if titles.isEmpty { throw CLIError("the store has no subjects to export; generate one with `primer generate \"Linear Algebra\"`") }
        let kits = try titles.map { title in
            guard let kit = try store.kit(subjectTitle: title) else {
                throw CLIError("no subject titled '\(title)' in the store; `primer list` shows the stored subjects")
            }
            return families.describing(kit)
        }
        let name = all ? "primer-kits" : Self.fileName(kits[0].subject.title)
        let url = URL(fileURLWithPath: out ?? "\(name).\(format.fileExtension)")
        do {
            try KitExporter().export(kits, format: format, to: url)
        } catch let error as ExportError {
            throw CLIError("\(error)")
        } catch let error as OutputFileError {
            throw CLIError("\(error)")
        }
        let items = StudyItems.collect(kits).count
        print("Wrote \(url.path): \(kits.count) subject\(kits.count == 1 ? "" : "s"), \(items) items (\(format.rawValue)).")
    }

    /// A file name from a title: letters, digits and dashes.
    static func fileName(_ title: String) -> String {
        let allowed = title.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        return String(allowed).split(separator: "-").joined(separator: "-")
    }
}

extension ExportFormat: ExpressibleByArgument {}
