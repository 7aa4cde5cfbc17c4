import ArgumentParser
import PrimerStore

struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a subject and everything generated for it.")

    @Argument(help: "The subject title.")
    var subject: String

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let store = try storeOptions.open(config: configOptions.load())
        guard try store.deleteSubject(title: subject) else {
            throw CLIError("no subject titled '\(subject)' in the store; `primer list` shows the stored subjects")
        }
        Console.out("Deleted '\(subject)' and everything under it.")
    }
}
