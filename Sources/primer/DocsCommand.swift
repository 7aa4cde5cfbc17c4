import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct DocsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs", abstract: "Attach, list and remove the documents a subject's kit is grounded on.",
        subcommands: [Add.self, List.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Attach documents to a subject (created if new). Kits generated from now on use them.")
        @Argument(help: "The subject title.") var subject: String
        @Argument(help: "Files: .txt, .md, .html, .pdf (scanned pages by OCR), .docx, photos or scans (.png, .jpg) by OCR, transcripts (.vtt, .srt) and lecture recordings (.wav, .mp3, .m4a, .ogg, .flac, .webm), transcribed offline.") var files: [String]
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var ocrOptions: OCROptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("name at least one file to attach") }
        }

        func run() async throws {
            let attached = try await openWorkspace(configOptions, storeOptions, ocr: ocrOptions).attachDocuments(files, to: subject)
            for line in attached.lines { Console.out(line) }
            if attached.planMadeBefore {
                Console.out("The stored plan was made before; to make it follow the documents, run: primer generate \"\(attached.subject.title)\" --regenerate-plan")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a subject's documents.")
        @Argument(help: "The subject title.") var subject: String
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let (stored, documents) = try await openWorkspace(configOptions, storeOptions).documents(of: subject)
            if documents.isEmpty { Console.out("'\(stored.title)' has no documents. Attach one with: primer docs add \"\(stored.title)\" FILE") }
            for document in documents {
                let pages = document.text.components(separatedBy: "\u{0C}").count
                Console.out("\(document.name)  \(document.format)  \(document.text.count) characters\(document.format == "pdf" ? ", \(pages) pages" : DocumentPlace.isTimed(document.name) ? ", \(pages) minutes" : "")  \(document.contentHash.prefix(8))")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a document from a subject (by name or content hash).")
        @Argument(help: "The subject title.") var subject: String
        @Argument(help: "The document's name (as `docs list` shows it) or the start of its hash.") var document: String
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let stored = try await openWorkspace(configOptions, storeOptions).removeDocument(document, from: subject)
            Console.out("Removed \(document) from '\(stored.title)'.")
        }
    }
}
