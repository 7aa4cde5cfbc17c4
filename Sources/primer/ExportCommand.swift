import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore
import PrimerExport

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export kits to study elsewhere (JSON, a Markdown study guide, CSV, Anki text, an Anki .apkg package) or the review log.",
        discussion: """
            Anki: import the .apkg with File › Import (a deck per subject::topic::subtopic). Notes \
            keep stable ids, so exporting and importing again updates them instead of duplicating.
            review-log writes the FSRS optimizer's CSV (card_id, review_time, review_rating, \
            review_state, review_duration) to fit your own scheduler parameters.
            """)

    @Argument(help: "The subject title (or use --all).") var subject: String?
    @Flag(help: "Export every stored subject.") var all = false
    @Option(help: "json, markdown, csv, anki-text, apkg or review-log.") var format: String
    @Option(help: "The file to write (default: <subject>.<extension> in the current folder).") var out: String?
    @Flag(help: "apkg: carry each reviewed card's schedule (due date, interval, reps, lapses) into Anki.") var withScheduling = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions

    func validate() throws {
        if all == (subject != nil) { throw ValidationError("name one subject or pass --all") }
        if format != Self.reviewLog && ExportFormat(rawValue: format) == nil {
            throw ValidationError("'\(format)' is not an export format; use json, markdown, csv, anki-text, apkg or review-log")
        }
        if withScheduling && format != ExportFormat.apkg.rawValue {
            throw ValidationError("--with-scheduling is for --format apkg (Anki's scheduling fields)")
        }
    }

    static let reviewLog = "review-log"

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions)
        let file = out.map { URL(fileURLWithPath: $0) }
        guard let kitFormat = ExportFormat(rawValue: format) else {
            let result = try await workspace.exportReviewLog(subject, to: file)
            print("Wrote \(result.file.path): \(result.reviews) review\(result.reviews == 1 ? "" : "s") (review-log).")
            return
        }
        let result = try await workspace.export(all ? nil : [subject!], format: kitFormat, to: file, withScheduling: withScheduling)
        print("Wrote \(result.file.path): \(result.subjects) subject\(result.subjects == 1 ? "" : "s"), \(result.items) items (\(format)).")
    }
}

