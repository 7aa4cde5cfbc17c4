import ArgumentParser

@main
struct Primer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer",
        abstract: "Generate study kits — a plan, notes, flashcards, quizzes and terms — with any LLM provider.",
        subcommands: [
            GenerateCommand.self, BatchCommand.self, EvalCommand.self, ExportCommand.self, CacheCommand.self, ListCommand.self, ShowCommand.self, DeleteCommand.self,
            DocsCommand.self, ProvidersCommand.self, PromptsCommand.self,
        ]
    )
}
