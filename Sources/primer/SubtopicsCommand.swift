import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct SubtopicsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subtopics", abstract: "Add, rename, move and remove a subject's subtopics, and write their lessons (a deck by hand).",
        subcommands: [
            SubtopicsAddCommand.self, SubtopicsRenameCommand.self, SubtopicsMoveCommand.self, SubtopicsRemoveCommand.self,
            SubtopicsLessonCommand.self,
        ])
}

struct SubtopicsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a subtopic at the end of a topic.")

    @OptionGroup var place: PlanPlaceOptions
    @Argument(help: "The topic's title.")
    var topic: String
    @Argument(help: "The new subtopic's title.")
    var title: String

    func run() async throws {
        let (library, subject) = try await place.open()
        let subtopic = try await library.addSubtopic(to: try await library.topic(named: topic, in: subject), title: title)
        Console.out("Added ‘\(subtopic.title)’ to ‘\(topic)’. Add a card: primer cards add \"\(place.subject)\" --subtopic \"\(subtopic.title)\" --front … --back …")
    }
}

struct SubtopicsRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a subtopic.")

    @OptionGroup var place: PlanPlaceOptions
    @Argument(help: "The subtopic's title.")
    var subtopic: String
    @Argument(help: "Its new title.")
    var title: String

    func run() async throws {
        let (library, subject) = try await place.open()
        _ = try await library.change(try await library.subtopic(named: subtopic, in: subject), PlanChange(title: title))
        Console.out("Renamed the subtopic to ‘\(title.trimmingCharacters(in: .whitespacesAndNewlines))’.")
    }
}

struct SubtopicsMoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a subtopic within its topic, or to another topic of the subject.")

    @OptionGroup var place: PlanPlaceOptions
    @Argument(help: "The subtopic's title.")
    var subtopic: String
    @Option(help: "The topic it moves to (default: its own).")
    var topic: String?
    @Option(help: "Its place in the topic: 1 is first (default: last).")
    var to: Int?

    func validate() throws {
        if let to, to < 1 { throw ValidationError("--to is 1 (first) or more, not \(to)") }
        if topic == nil && to == nil { throw ValidationError("say where: --topic, --to, or both") }
    }

    func run() async throws {
        let (library, subject) = try await place.open()
        let topicID = if let topic { try await library.topic(named: topic, in: subject).rawValue } else { Int64?.none }
        let moved = try await library.change(
            try await library.subtopic(named: subtopic, in: subject), PlanChange(position: to.map { $0 - 1 }, topicID: topicID))
        let into = try await library.topic(TopicID(moved.topicID))
        Console.out("Moved ‘\(subtopic)’; ‘\(into.title)’ holds: \(into.subtopics.map(\.title).joined(separator: ", ")).")
    }
}

struct SubtopicsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a subtopic with its items (their reviews stay in the log).")

    @OptionGroup var place: PlanPlaceOptions
    @Argument(help: "The subtopic's title.")
    var subtopic: String

    func run() async throws {
        let (library, subject) = try await place.open()
        try await library.delete(try await library.subtopic(named: subtopic, in: subject))
        Console.out("Removed the subtopic ‘\(subtopic)’.")
    }
}

struct SubtopicsLessonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson", abstract: "Print a subtopic's lesson, or write it from a Markdown file (the earlier text is kept as history).")

    @OptionGroup var place: PlanPlaceOptions
    @Argument(help: "The subtopic's title.")
    var subtopic: String
    @Option(help: "A Markdown file to write as the lesson.")
    var write: String?
    @Flag(help: "Print the texts earlier edits replaced, newest first.")
    var history = false

    func run() async throws {
        let (library, subject) = try await place.open()
        let id = try await library.subtopic(named: subtopic, in: subject)
        if let write {
            guard let text = try? String(contentsOfFile: write, encoding: .utf8) else {
                throw CLIError("cannot read the lesson file '\(write)' as UTF-8 text; check the path")
            }
            _ = try await library.writeLesson(id, text: text)
            Console.out("Wrote the lesson of ‘\(subtopic)’ (\(text.count) characters).")
            return
        }
        if history {
            let revisions = try await library.lessonHistory(id)
            if revisions.isEmpty { Console.out("The lesson of ‘\(subtopic)’ was never edited.") }
            for revision in revisions {
                guard case .lesson(let body) = revision.content else { continue }
                Console.out("— replaced \(Timestamp.format(revision.replacedAt))\n\(body)")
            }
            return
        }
        guard let lesson = try await library.lesson(id) else {
            Console.out("‘\(subtopic)’ has no lesson yet. Write one: primer subtopics lesson \"\(place.subject)\" \"\(subtopic)\" --write lesson.md")
            return
        }
        Console.out(lesson)
    }
}
