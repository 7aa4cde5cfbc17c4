import ArgumentParser
import Foundation
import PrimerCore

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a stored kit.")

    @Argument(help: "The subject title.")
    var subject: String

    @Option(help: "Only this subtopic (its title, case-insensitive).")
    var subtopic: String?

    @Option(help: "text, markdown or json.")
    var format: Format = .text

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, markdown, json }

    func run() throws {
        let config = try configOptions.load()
        let store = try storeOptions.openForReading(config: config)
        guard var kit = try store.kit(subjectTitle: subject) else {
            throw CLIError("no subject titled '\(subject)' in the store; `primer list` shows the stored subjects")
        }
        kit = try promptsOptions.load(config: config).describing(kit)
        if let subtopic {
            kit = try Self.only(subtopic, of: kit)
        }
        switch format {
        // Both renderers make control characters visible (TerminalSafe).
        case .text: print(KitText.render(kit), terminator: "")
        case .markdown: print(KitMarkdown.render(kit), terminator: "")
        case .json:
            print(String(decoding: try OutputJSON.encoder().encode(kit), as: UTF8.self))
        }
    }

    /// The kit reduced to one subtopic (under its topic).
    static func only(_ name: String, of kit: Kit) throws -> Kit {
        let wanted = name.lowercased()
        for topic in kit.topics {
            if let match = topic.subtopics.first(where: { $0.title.lowercased() == wanted }) {
                var reduced = kit
                reduced.topics = [KitTopic(title: topic.title, overview: topic.overview, subtopics: [match])]
                return reduced
            }
        }
        let names = kit.topics.flatMap { $0.subtopics.map(\.title) }
        throw CLIError("'\(kit.subject.title)' has no subtopic '\(name)'; its subtopics are: \(names.joined(separator: "; "))")
    }
}
