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
        await run()
    }

    /// `Primer.main()`, except that messages are made terminal-safe: an error can quote a title
    /// or a provider's message, and those may hold escape sequences (see `Console`).
    static func run() async {
        do {
            var command = try await Primer.asyncParseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = (error as? KindedError).map { ExitCode(exitStatus($0.kind)) } ?? Primer.exitCode(for: error)
            var message = Primer.fullMessage(for: error)
            if let error = error as? StoreError, error.choosesTheStore {
                message += " The store is chosen with --store, PRIMER_STORE or `store:` in primer.yaml."
            }
            if !message.isEmpty {
                if code == .success { Console.out(message) } else { Console.error(message + "\n") }
            }
            exit(code.rawValue)
        }
    }

    /// The exit status of an error of `kind`: 64 (EX_USAGE, as for a bad option value) when what
    /// was typed is wrong — a bad value, no subject, subtopic or key of that name; 1 when the
    /// store or something else could not do what was asked.
    static func exitStatus(_ kind: ErrorKind) -> Int32 {
        switch kind {
        case .invalid, .notFound: 64
        case .conflict, .readOnly, .unusable, .unavailable, .unauthenticated, .rateLimited: 1
        }
    }
}

struct Primer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer",
        abstract: "Generate study kits — a plan, notes, flashcards, quizzes and terms — with any LLM provider, and study them.",
        discussion: "Set PRIMER_LOG_LEVEL=debug (or trace, info, notice) to log HTTP requests, retries, attempts and the local server on standard error.",
        subcommands: [
            GenerateCommand.self, BatchCommand.self, WorkerCommand.self, EvalCommand.self, ExportCommand.self, CacheCommand.self, ListCommand.self, ShowCommand.self, DeleteCommand.self,
            DocsCommand.self, ImportCommand.self, AskCommand.self, ProvidersCommand.self, PromptsCommand.self,
            SubjectsCommand.self, TopicsCommand.self, SubtopicsCommand.self, StudyCommand.self, QuizCommand.self, ReviewCommand.self, CardsCommand.self, VocabCommand.self, DueCommand.self,
            StatsCommand.self, StoreCommand.self, ServeCommand.self,
        ]
    )
}
