import ArgumentParser
import PrimerApp

struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a subject and everything generated for it.")

    @Argument(help: "The subject title.")
    var subject: String

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        try await openWorkspace(configOptions, storeOptions).deleteSubject(titled: subject)
        Console.out("Deleted '\(subject)' and everything under it.")
    }
}
