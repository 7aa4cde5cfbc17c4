import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore
import PrimerStore

struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs", abstract: "Attach, list and remove the documents a subject's kit is grounded on.",
        subcommands: [Add.self, List.self, Remove.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Attach documents to a subject (created if new). Kits generated from now on use them.")
        @Argument(help: "The subject title.") var subject: String
        @Argument(help: "Files: .txt, .md, .html, .pdf, .docx.") var files: [String]
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("name at least one file to attach") }
        }

        func run() throws {
            let documents = try SubjectDocuments.extract(files)
            let store = try openWorkspace(configOptions, storeOptions).store()
            let stored: StoredSubject
            if let existing = try store.subject(titled: subject) {
                stored = existing
            } else {
                let kind = SubjectClassifier.classify(title: subject).kind
                stored = try store.upsertSubject(title: subject, notes: "", kind: kind, instructions: "")
            }
            for line in try SubjectDocuments.attach(documents, to: stored.id, store: store) { Console.out(line) }
            if try !store.plan(subjectID: stored.id).isEmpty {
                Console.out("The stored plan was made before; to make it follow the documents, run: primer generate \"\(stored.title)\" --regenerate-plan")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a subject's documents.")
        @Argument(help: "The subject title.") var subject: String
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let store = try openWorkspace(configOptions, storeOptions).readingStore()
            guard let stored = try store.subject(titled: subject) else {
                throw CLIError("no subject titled '\(subject)' in the store; `primer list` shows the stored subjects")
            }
            let documents = try store.documents(subjectID: stored.id)
            if documents.isEmpty { Console.out("'\(stored.title)' has no documents. Attach one with: primer docs add \"\(stored.title)\" FILE") }
            for document in documents {
                let pages = document.text.components(separatedBy: "\u{0C}").count
                Console.out("\(document.name)  \(document.format)  \(document.text.count) characters\(document.format == "pdf" ? ", \(pages) pages" : "")  \(document.contentHash.prefix(8))")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a document from a subject (by name or content hash).")
        @Argument(help: "The subject title.") var subject: String
        @Argument(help: "The document's name (as `docs list` shows it) or the start of its hash.") var document: String
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let store = try openWorkspace(configOptions, storeOptions).store()
            guard let stored = try store.subject(titled: subject) else {
                throw CLIError("no subject titled '\(subject)' in the store; `primer list` shows the stored subjects")
            }
            guard try store.removeDocument(subjectID: stored.id, name: document) else {
                let names = try store.documents(subjectID: stored.id).map(\.name)
                throw CLIError("'\(stored.title)' has no document '\(document)'\(names.isEmpty ? "" : "; its documents are: \(names.joined(separator: ", "))")")
            }
            Console.out("Removed \(document) from '\(stored.title)'.")
        }
    }
}
