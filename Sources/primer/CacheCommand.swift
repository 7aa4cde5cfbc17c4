import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache", abstract: "The response cache `primer eval` uses (in the store).",
        subcommands: [Stats.self, Clear.self])

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "How many answers are cached and how often they were reused.")
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let stats = try await openWorkspace(configOptions, storeOptions).cacheStats()
            let formatter = ISO8601DateFormatter()
            print("\(stats.entries) cached answer\(stats.entries == 1 ? "" : "s"), \(stats.bytes / 1024) KiB, reused \(stats.hits) time\(stats.hits == 1 ? "" : "s")")
            if let oldest = stats.oldest, let newest = stats.newest {
                print("oldest \(formatter.string(from: oldest)), newest \(formatter.string(from: newest))")
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget cached answers (all, or older than N days).")
        @Option(parsing: .unconditional, help: "Only answers older than this many days.") var olderThanDays: Int?
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let cutoff = olderThanDays.map { Date().addingTimeInterval(-Double($0) * 86_400) }
            let removed = try await openWorkspace(configOptions, storeOptions).clearCache(olderThan: cutoff)
            print("Removed \(removed) cached answer\(removed == 1 ? "" : "s").")
        }
    }
}
