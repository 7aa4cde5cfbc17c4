import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct CardsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards", abstract: "List, show, add, edit and delete the cards of a kit (flashcards, terms, questions, cloze notes).",
        subcommands: [CardsListCommand.self, CardsShowCommand.self, CardsAddCommand.self, CardsEditCommand.self, CardsDeleteCommand.self])
}

struct CardsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List a subject's cards with their keys and due dates.")

    @Argument(help: "The subject title.")
    var subject: String
    @Option(help: "Only this subtopic.")
    var subtopic: String?
    @Flag(help: "Only cards due now (new cards included).")
    var due = false
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions)
        let cards = due
            ? try await workspace.studyQueue(subject: subject, subtopic: subtopic, mode: .due)
            : try await workspace.studyCards(subject: subject, subtopic: subtopic)
        if json { return try Console.json(cards) }
        if cards.isEmpty {
            Console.out(due ? "No cards due in '\(subject)'." : "'\(subject)' has no cards yet.")
            return
        }
        var subtopic = ""
        for card in cards {
            if card.subtopic != subtopic {
                subtopic = card.subtopic
                Console.out("\(card.topic) › \(subtopic)")
            }
            Console.out("  " + StudyOutput.cardLine(card))
        }
        Console.out("\(cards.count) card\(cards.count == 1 ? "" : "s"). Marks: ✓ known, ✎ edited, + added by you.")
    }
}

struct CardsShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one card: both sides, hint and schedule.")

    @Argument(help: "The card's key (or a unique prefix of it).")
    var item: String
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let card = try await openWorkspace(configOptions, storeOptions).studyCard(item)
        if json { return try Console.json(card) }
        for line in StudyOutput.cardDetail(card) { Console.out(line) }
    }
}

struct CardsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a flashcard of your own to a subtopic.")

    @Argument(help: "The subject title.")
    var subject: String
    @Option(help: "The subtopic it belongs to.")
    var subtopic: String
    @Option(help: "The question side.")
    var front: String
    @Option(help: "The answer side.")
    var back: String
    @Option(help: "A nudge shown on request before the answer.")
    var hint: String?
    @Option(help: "The family it joins (a family of flashcard-like items).")
    var family = "flashcards"
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let card = try await openWorkspace(configOptions, storeOptions).addCard(
            subject: subject, subtopic: subtopic, front: front, back: back, hint: hint, family: family)
        if json { return try Console.json(card) }
        Console.out("Added \(card.key) to \(card.subject) › \(card.subtopic) (\(card.family)).")
    }
}

struct CardsEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a card's text; its review history stays and regeneration keeps it.")

    @Argument(help: "The card's key (or a unique prefix of it).")
    var item: String
    @Option(help: "New front (flashcards, terms).")
    var front: String?
    @Option(help: "New back (flashcards, terms).")
    var back: String?
    @Option(help: "New hint (flashcards, terms); an empty one removes it.")
    var hint: String?
    @Option(help: "New text with {{c1::…}} deletions (cloze notes).")
    var text: String?
    @Option(help: "New extra text (cloze notes).")
    var extra: String?
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let card = try await openWorkspace(configOptions, storeOptions).editCard(
            item, CardEdit(front: front, back: back, hint: hint, text: text, extra: extra))
        if json { return try Console.json(card) }
        Console.out("Edited \(card.key).")
        for line in StudyOutput.cardDetail(card) { Console.out("  " + line) }
    }
}

struct CardsDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a card and its schedule (its reviews stay in the review log).")

    @Argument(help: "The card's key (or a unique prefix of it).")
    var item: String
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let card = try await openWorkspace(configOptions, storeOptions).deleteCard(item)
        if json { return try Console.json(card) }
        Console.out("Deleted \(card.key) (\(card.family): \(card.faces.front.split(separator: "\n").first ?? "")).")
    }
}
