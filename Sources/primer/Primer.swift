import ArgumentParser
import Foundation
import PrimerCore

/// The entry point: sets up logging from `PRIMER_LOG_LEVEL`, then runs the command.
@main
enum PrimerMain {
    static func main() async {
        do {
            PrimerLog.bootstrap(level: try PrimerLog.level(from: ProcessInfo.processInfo.environment))
        } catch {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            exit(64)
        }
        await Primer.main()
    }
}

struct Primer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer",
        abstract: "Generate study kits — a plan, notes, flashcards, quizzes and terms — with any LLM provider.",
        discussion: "Set PRIMER_LOG_LEVEL=debug (or trace, info, notice) to log HTTP requests, retries, attempts and the local server on standard error.",
        subcommands: [
            GenerateCommand.self, BatchCommand.self, EvalCommand.self, ExportCommand.self, CacheCommand.self, ListCommand.self, ShowCommand.self, DeleteCommand.self,
            DocsCommand.self, ProvidersCommand.self, PromptsCommand.self,
        ]
    )
}
