import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct TopicsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "topics", abstract: "List, add, rename, move and remove a subject's topics (a deck by hand).",
        subcommands: [TopicsListCommand.self, TopicsAddCommand.self, TopicsRenameCommand.self, TopicsMoveCommand.self, TopicsRemoveCommand.self])
}

/// What every topics and subtopics command names first: the subject, by title.
struct PlanPlaceOptions: ParsableArguments {
    @Argument(help: "The subject title.")
    var subject: String
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    /// The owner's library and the subject's id.
    func open() async throws -> (library: Library, subject: SubjectID) {
        let library = try await openWorkspace(configOptions, storeOptions).library()
        return (library, SubjectID(try await library.subject(titled: subject).id))
    }
}

struct TopicsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the subject's plan: topics and their subtopics, in order.")

    @OptionGroup var place: PlanPlaceOptions
    @Flag(help: "Print JSON.")
    var json = false

    func run() async throws {
        let (library, subject) = try await place.open()
        let topics = try await library.plan(subject)
        if json { return try Console.json(topics.map(TopicLine.init)) }
        if topics.isEmpty { Console.out("‘\(place.subject)’ has no topics yet. Add one: primer topics add \"\(place.subject)\" \"<topic>\"") }
        for (index, topic) in topics.enumerated() {
            Console.out("\(index + 1). \(topic.title)")
            for (number, subtopic) in topic.subtopics.enumerated() { Console.out("   \(index + 1).\(number + 1) \(subtopic.title)") }
        }
    }
}

struct TopicsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a topic at the end of the subject's plan.")

    @OptionGroup var place: PlanPlaceOptions
    @Argument(help: "The new topic's title.")
    var title: String
    @Option(help: "What the topic covers, in a sentence.")
    var overview: String?

    func run() async throws {
        let (library, subject) = try await place.open()
        let topic = try await library.addTopic(to: subject, title: title, overview: overview ?? "")
        Console.out("Added the topic ‘\(topic.title)’. Add a subtopic: primer subtopics add \"\(place.subject)\" \"\(topic.title)\" \"<subtopic>\"")
    }
}

struct TopicsRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a topic.")

    @OptionGroup var place: PlanPlaceOptions
    @Argument(help: "The topic's title.")
    var topic: String
    @Argument(help: "Its new title.")
    var title: String

    func run() async throws {
        let (library, subject) = try await place.open()
        let renamed = try await library.change(try await library.topic(named: topic, in: subject), PlanChange(title: title))
        Console.out("Renamed the topic to ‘\(renamed.title)’.")
    }
}

struct TopicsMoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a topic to another place in the plan.")

    @OptionGroup var place: PlanPlaceOptions
    @Argument(help: "The topic's title.")
    var topic: String
    @Option(help: "Its new place: 1 is first.")
    var to: Int

    func validate() throws { if to < 1 { throw ValidationError("--to is 1 (first) or more, not \(to)") } }

    func run() async throws {
        let (library, subject) = try await place.open()
        _ = try await library.change(try await library.topic(named: topic, in: subject), PlanChange(position: to - 1))
        Console.out("Moved ‘\(topic)’; the topics are now: \(try await library.plan(subject).map(\.title).joined(separator: ", ")).")
    }
}

struct TopicsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a topic with its subtopics and their items (their reviews stay in the log).")

    @OptionGroup var place: PlanPlaceOptions
    @Argument(help: "The topic's title.")
    var topic: String

    func run() async throws {
        let (library, subject) = try await place.open()
        try await library.delete(try await library.topic(named: topic, in: subject))
        Console.out("Removed the topic ‘\(topic)’.")
    }
}

/// A topic as `topics list --json` prints it.
struct TopicLine: Encodable {
    var id: Int64
    var title: String
    var overview: String
    var subtopics: [SubtopicLine]

    struct SubtopicLine: Encodable {
        var id: Int64
        var title: String
    }

    init(_ topic: StoredTopic) {
        (id, title, overview) = (topic.id, topic.title, topic.overview)
        subtopics = topic.subtopics.map { SubtopicLine(id: $0.id, title: $0.title) }
    }
}
