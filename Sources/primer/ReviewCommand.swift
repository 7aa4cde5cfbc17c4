import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct ReviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review", abstract: "Review one card at a time from a script: the next due card, then its rating.",
        subcommands: [ReviewNextCommand.self, ReviewRateCommand.self])
}

struct ReviewNextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Show the next card due (reviews first, then new cards); says when the next one is due when none is.")

    @Argument(help: "The subject title.")
    var subject: String
    @Option(help: "Only this subtopic.")
    var subtopic: String?
    @Option(name: .customLong("days-ahead"), parsing: .unconditional, help: "Learn ahead: take cards due within this many days.")
    var daysAhead = 0
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard daysAhead >= 0 else { throw ValidationError("--days-ahead must be 0 or more, not \(daysAhead)") }
    }

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions)
        let next = try await workspace.nextCard(subject: subject, subtopic: subtopic, daysAhead: daysAhead)
        if json { return try Console.json(next) }
        guard let card = next.card else {
            Console.out("Nothing due in '\(subject)'\(daysAhead > 0 ? " within \(daysAhead) days" : "").")
            if let nextDue = next.nextDue { Console.out("Next card due \(StudyOutput.when(nextDue)).") }
            return
        }
        for line in StudyOutput.cardDetail(card) { Console.out(line) }
        let now = Date()
        let intervals = try await workspace.intervals(for: [card], now: now)[0]
        let choices = ReviewRating.allCases.map { "\($0.name) \(StudyOutput.relative(now.addingTimeInterval(intervals[$0]), from: now))" }
        Console.out("\(next.due) due. Rate it: primer review rate \(card.key) again|hard|good|easy (\(choices.joined(separator: ", ")))")
    }
}

struct ReviewRateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate", abstract: "Record a review of a card: again, hard, good or easy (FSRS schedules its next one).")

    @Argument(help: "The card's key (or a unique prefix of it).")
    var item: String
    @Argument(help: "again, hard, good or easy (or 1–4).")
    var rating: String
    @Option(name: .customLong("duration-ms"), parsing: .unconditional, help: "How long the review took, in milliseconds.")
    var durationMs = 0
    @Option(help: "When the review was done (RFC 3339 with a zone, e.g. 2026-11-20T09:30:00Z or 2026-11-20T10:30+01:00); default now.")
    var at: String?
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        _ = try parsedRating()
        _ = try parsedDate()
    }

    func parsedRating() throws -> ReviewRating {
        if let number = Int(rating), let parsed = ReviewRating(rawValue: number) { return parsed }
        guard let parsed = ReviewRating(name: rating) else {
            throw ValidationError("'\(rating.excerpt(40))' is not a rating; use again, hard, good or easy (or 1–4)")
        }
        return parsed
    }

    func parsedDate() throws -> Date? {
        guard let at else { return nil }
        do { return try Timestamp.parse(at) } catch { throw ValidationError("--at \(error)") }
    }

    func run() async throws {
        let rated = try await openWorkspace(configOptions, storeOptions).rate(
            item, try parsedRating(), at: try parsedDate(), durationMs: durationMs)
        if json { return try Console.json(rated) }
        let due = rated.card.memory!.state.due
        Console.out("\(rated.card.key) rated \(rated.rating.name): \(rated.previousState) → \(rated.card.stateName), due \(StudyOutput.when(due))")
    }
}
