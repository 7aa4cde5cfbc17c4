import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store", abstract: "Work with whole stores: copy one into another, between SQLite and PostgreSQL.",
        subcommands: [Copy.self])

    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy everything (kits, provenance, documents, learner state, review log, cache) into an empty store.",
            discussion: """
                Addresses are SQLite files or postgres://user@host:port/database (password in PGPASSWORD).
                The store copied into must be empty; it is created when missing. Ids are kept, so item keys
                and the review log stay the same. Example:
                  primer store copy --from ~/.local/share/primer/primer.sqlite --to postgres://primer@127.0.0.1:5432/primer
                """)
        @Option(help: "The store to copy from (default: --store, PRIMER_STORE, primer.yaml, else the per-user file).") var from: String?
        @Option(help: "The empty store to copy into.") var to: String
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let copy = try await openWorkspace(configOptions, storeOptions).copyStore(from: from, to: to)
            let total = copy.rows.reduce(0) { $0 + $1.count }
            Console.out("Copied \(total) rows from \(copy.from) to \(copy.to):")
            for (table, count) in copy.rows where count > 0 { Console.out("  \(table) \(count)") }
        }
    }
}
