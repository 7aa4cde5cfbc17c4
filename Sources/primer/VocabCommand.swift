import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct VocabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocab", abstract: "The vocabulary of a subject (its terms), known or not, and marking terms known.",
        subcommands: [VocabListCommand.self, VocabMarkCommand.self], defaultSubcommand: VocabListCommand.self)
}

enum VocabFilter: String, ExpressibleByArgument, CaseIterable {
    case all, known, unknown
}

struct VocabListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List a subject's terms with their known marks.")

    @Argument(help: "The subject title.")
    var subject: String
    @Option(help: "Only this subtopic.")
    var subtopic: String?
    @Option(help: "all, known or unknown.")
    var filter = VocabFilter.all
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let known: Bool? = switch filter {
        case .all: nil
        case .known: true
        case .unknown: false
        }
        let terms = try await openWorkspace(configOptions, storeOptions).vocabulary(subject: subject, subtopic: subtopic, known: known)
        if json { return try Console.json(terms) }
        if terms.isEmpty {
            Console.out(filter == .all ? "'\(subject)' has no terms yet." : "No \(filter.rawValue) terms in '\(subject)'.")
            return
        }
        for term in terms {
            Console.out("\(term.key)  [\(term.known ? "x" : " ")] \(term.faces.front) — \(term.faces.back)")
        }
        let knownCount = terms.filter(\.known).count
        Console.out("\(terms.count) term\(terms.count == 1 ? "" : "s"), \(knownCount) known. Toggle one: primer vocab mark KEY known|unknown")
    }
}

struct VocabMarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mark", abstract: "Mark a term (or any card) known or unknown.")

    @Argument(help: "The item's key (or a unique prefix of it).")
    var item: String
    @Argument(help: "known or unknown.")
    var mark: String
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    /// known or unknown, in any case (as ratings are).
    var known: Bool {
        get throws {
            switch mark.lowercased() {
            case "known": true
            case "unknown": false
            default: throw ValidationError("'\(mark.excerpt(40))' is not a mark; use known or unknown")
            }
        }
    }

    func validate() throws {
        _ = try known
    }

    func run() async throws {
        let known = try known
        let card = try await openWorkspace(configOptions, storeOptions).markKnown(item, known: known)
        if json { return try Console.json(card) }
        Console.out("\(card.key) (\(card.faces.front)) is marked \(known ? "known" : "unknown").")
    }
}
