import ArgumentParser
import Foundation
import PrimerApp

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import cards you already have: CSV, Quizlet's export, Anki's text export or an Anki .apkg (with its review history).",
        discussion: """
            Formats: .apkg (Anki's File › Export, "Anki Deck Package"; Basic and Cloze note types, each card \
            with its reviews), .csv (Question,Answer; Front,Back,Tags; or two or three columns without a header), \
            .tsv/.txt (Quizlet's export: term, tab, definition) and Anki's plain-text export (#separator:… headers), \
            which is also what `primer export --format anki-text` writes.
            The cards become your own items (generation keeps them). A card whose text is already stored is skipped, \
            so importing a file again adds nothing; with --embedder, so is a near-duplicate.
            """)

    @Argument(help: "The file to import.") var file: String
    @Option(help: "The subject to import into (made when it is new).") var subject: String
    @Option(help: "Put every card in this subtopic (made under \"Imported\" when the plan has none of that name); default: by deck, else a subtopic named after the file.")
    var subtopic: String?
    @Option(help: "The family the file's flashcards (or cloze notes) go into (default: flashcards; cloze notes: cloze).") var family: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions
    @OptionGroup var embedderOptions: EmbedderOptions

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions)
        let report = try await LocalServers.stoppingAfter {
            try await workspace.importFile(file, subject: subject, subtopic: subtopic, family: family)
        }
        if json { return try Console.json(report) }
        for line in Self.lines(report) { Console.out(line) }
    }

    static func lines(_ report: ImportReport) -> [String] {
        var lines = [
            "Imported \(report.added) item\(report.added == 1 ? "" : "s") from \(report.file) (\(report.format)) into \(report.subject)"
                + (report.subjectCreated ? " (a new subject)" : "") + "."
        ]
        if report.withHistory > 0 {
            lines.append("  \(report.withHistory) with their review history: \(report.reviews) reviews replayed through the scheduler.")
        }
        for place in report.placed { lines.append("  \(place.topic) › \(place.subtopic): \(place.items)") }
        if report.duplicates > 0 { lines.append("  Skipped \(report.duplicates) already stored (or twice in the file).") }
        if report.nearDuplicates > 0 { lines.append("  Skipped \(report.nearDuplicates) near-duplicates of stored cards (by meaning).") }
        for (reason, count) in report.unreadable.sorted(by: { $0.key < $1.key }) { lines.append("  Left out \(count): \(reason).") }
        return lines
    }
}
