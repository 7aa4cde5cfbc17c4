import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct SubjectsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subjects", abstract: "Make an empty subject to fill by hand, or change a subject's title, notes, colour or icon.",
        subcommands: [SubjectsNewCommand.self, SubjectsEditCommand.self])
}

struct SubjectsNewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Make an empty subject (then `primer topics add`, or `primer generate` to fill it).")

    @Argument(help: "The subject title.")
    var title: String
    @Option(help: "What you know about it, or what it is for.")
    var notes: String?
    @Option(help: "How it is written (instructions every prompt gets).")
    var instructions: String?
    @Option(help: "A colour for apps, #rrggbb.")
    var color: String?
    @Option(help: "An icon name for apps.")
    var icon: String?
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let subject = try await openWorkspace(configOptions, storeOptions).createSubject(
            title: title, notes: notes ?? "", instructions: instructions ?? "", color: color ?? "", icon: icon ?? "")
        if json { return try Console.json(SubjectLine(subject)) }
        Console.out("Made ‘\(subject.title)’ (empty). Add to it: primer topics add \"\(subject.title)\" \"<topic>\"")
    }
}

struct SubjectsEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a subject's title, notes, instructions, colour or icon; what it holds stays.")

    @Argument(help: "The subject title.")
    var subject: String
    @Option(help: "A new title.")
    var title: String?
    @Option(help: "New notes.")
    var notes: String?
    @Option(help: "New instructions.")
    var instructions: String?
    @Option(help: "A colour, #rrggbb (an empty one removes it).")
    var color: String?
    @Option(help: "An icon name (an empty one removes it).")
    var icon: String?
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let change = SubjectChange(title: title, notes: notes, instructions: instructions, color: color, icon: icon)
        if change == SubjectChange() { throw ValidationError("say what to change: --title, --notes, --instructions, --color or --icon") }
        let library = try await openWorkspace(configOptions, storeOptions).library()
        let subject = try await library.update(SubjectID(try await library.subject(titled: subject).id), change)
        if json { return try Console.json(SubjectLine(subject)) }
        Console.out("Changed ‘\(subject.title)’.")
    }
}

/// A subject as `subjects new` and `subjects edit --json` print it.
struct SubjectLine: Encodable {
    var id: Int64
    var title: String
    var notes: String
    var instructions: String
    var color: String
    var icon: String

    init(_ subject: StoredSubject) {
        (id, title, notes, instructions, color, icon) = (subject.id, subject.title, subject.notes, subject.instructions, subject.color, subject.icon)
    }
}
