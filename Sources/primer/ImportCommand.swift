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
            A Note,Context CSV holds notes, not cards: the notes are kept as a document of the subject, each context \
            becomes a subtopic (or --subtopic holds them all), and --family (default flashcards) is written from them by \
            --provider, with the family's gates.
            """)

    @Argument(help: "The file to import.") var file: String
    @Option(help: "The subject to import into (made when it is new).") var subject: String
    @Option(help: "Put every card in this subtopic (made under \"Imported\" when the plan has none of that name); default: by deck, else a subtopic named after the file.")
    var subtopic: String?
    @Option(help: "The family the file's flashcards (or cloze notes) go into, or the family written from a notes file (default: flashcards; cloze notes: cloze).") var family: String?
    @Option(help: "The provider that writes cards from a Note,Context file (default: $PRIMER_PROVIDER, primer.yaml, else llama-local).") var provider: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions
    @OptionGroup var embedderOptions: EmbedderOptions

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions)
        let result = try await LocalServers.stoppingAfter {
            try await workspace.importFile(file, subject: subject, subtopic: subtopic, family: family, provider: provider)
        }
        if json { return try Console.json(result) }
        switch result {
        case .cards(let report): for line in Self.lines(report) { Console.out(line) }
        case .notes(let report):
            for line in Self.lines(report) { Console.out(line) }
            if report.written.contains(where: { $0.error != nil }) { throw ExitCode(1) }
        }
    }

    static func lines(_ report: NotesImportReport) -> [String] {
        var lines = [
            "Wrote \(report.family) from \(report.notes) note\(report.notes == 1 ? "" : "s") of \(report.file) into \(report.subject) "
                + "(\(report.provider); \(report.providerCalls) call\(report.providerCalls == 1 ? "" : "s"), the notes kept as the document \(report.document))."
        ]
        for written in report.written {
            let what = if let error = written.error {
                "failed: \(error)"
            } else if written.alreadyWritten {
                "already written (`primer generate \"\(report.subject)\" --subtopic \"\(written.subtopic)\" --family \(report.family) --regenerate` writes it again)"
            } else {
                "\(written.items) item\(written.items == 1 ? "" : "s")"
            }
            lines.append("  \(written.topic) › \(written.subtopic) (\(written.notes) note\(written.notes == 1 ? "" : "s")): \(what)")
        }
        for (reason, count) in report.unreadable.sorted(by: { $0.key < $1.key }) { lines.append("  Left out \(count): \(reason).") }
        return lines
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
