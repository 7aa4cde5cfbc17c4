import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct CardsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards", abstract: "List, show, add, edit, move and delete the items of a kit (flashcards, terms, questions, cloze notes, exercises).",
        subcommands: [
            CardsListCommand.self, CardsShowCommand.self, CardsAddCommand.self, CardsEditCommand.self, CardsMoveCommand.self,
            CardsDeleteCommand.self, CardsHistoryCommand.self,
        ])
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
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an item of your own to a subtopic: a flashcard (--front, --back), or any shape (--shape, --fields).")

    @Argument(help: "The subject title.")
    var subject: String
    @Option(help: "The subtopic it belongs to.")
    var subtopic: String
    @Option(help: "The question side.")
    var front: String?
    @Option(help: "The answer side.")
    var back: String?
    @Option(help: "A nudge shown on request before the answer.")
    var hint: String?
    @Option(help: "The item's shape: pair, choice, cloze, matching, ordering (with --fields).")
    var shape: String?
    @Option(help: #"The item's fields as JSON in its shape's names, e.g. {"question": "…", "choices": ["…", "…"], "correctIndex": 0}."#)
    var fields: String?
    @Option(help: "The family it joins (default: the usual one of its shape — flashcards, quiz, cloze, matching, ordering).")
    var family: String?
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        switch (shape, fields, front, back) {
        case (.some, .some, nil, nil): if hint != nil { throw ValidationError("--hint goes with --front and --back; put a hint in --fields") }
        case (nil, nil, .some, .some): break
        default: throw ValidationError("give --front and --back (a flashcard), or --shape and --fields (any item)")
        }
    }

    func run() async throws {
        let library = try await openWorkspace(configOptions, storeOptions).library()
        let subtopicID = try await library.subtopic(named: subtopic, in: SubjectID(try await library.subject(titled: subject).id))
        let content: ItemContent =
            if let shape, let fields {
                try ItemFieldsInput.content(shape: shape, fieldsJSON: fields)
            } else {
                .pair(PairItem(front: front ?? "", back: back ?? "", hint: hint.map(\.trimmedWhitespace).flatMap { $0.isEmpty ? nil : $0 }))
            }
        let card = try await library.addItem(to: subtopicID, family: family, content: content)
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
    @Option(help: #"All of the item's fields as JSON, in its shape's names (a question: {"question": …, "choices": […], "correctIndex": 0, "explanation": …})."#)
    var fields: String?
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if fields != nil && [front, back, hint, text, extra].contains(where: { $0 != nil }) {
            throw ValidationError("give --fields (the whole item) or some of --front, --back, --hint, --text, --extra — not both")
        }
    }

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions)
        let card: StudyCard
        if let fields {
            let library = try await workspace.library()
            let found = try await workspace.studyCard(item)
            card = try await library.edit(ItemID(found.id), content: try ItemFieldsInput.content(shape: found.content.shape.rawValue, fieldsJSON: fields))
        } else {
            card = try await workspace.editCard(item, CardEdit(front: front, back: back, hint: hint, text: text, extra: extra))
        }
        if json { return try Console.json(card) }
        Console.out("Edited \(card.key).")
        for line in StudyOutput.cardDetail(card) { Console.out("  " + line) }
    }
}

struct CardsMoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move items to a subtopic of their subject, in the order given (first in their family there); also reorders.")

    @Argument(help: "The items' keys (or unique prefixes), in the order wanted.")
    var items: [String]
    @Option(help: "The subtopic they go to.")
    var to: String
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions)
        let cards = try await workspace.studyCards(keys: items)
        guard Set(cards.map(\.subject)).count == 1, let subject = cards.first?.subject else {
            throw ValidationError("the items are of several subjects; move the items of one subject at a time")
        }
        let library = try await workspace.library()
        let subtopicID = try await library.subtopic(named: to, in: SubjectID(try await library.subject(titled: subject).id))
        try await library.place(cards.map { ItemID($0.id) }, in: subtopicID)
        Console.out("Placed \(cards.count) item\(cards.count == 1 ? "" : "s") in ‘\(to)’.")
    }
}

struct CardsDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete items and their schedules (their reviews stay in the review log): all named, or none.")

    @Argument(help: "The items' keys (or unique prefixes of them).")
    var items: [String]
    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions)
        let cards = try await workspace.studyCards(keys: items)
        _ = try await workspace.library().delete(cards.map { ItemID($0.id) })
        if json { return cards.count == 1 ? try Console.json(cards[0]) : try Console.json(cards) }
        for card in cards { Console.out("Deleted \(card.key) (\(card.family): \(card.faces.front.split(separator: "\n").first ?? "")).") }
    }
}

struct CardsHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Show what each edit of an item replaced, newest first.")

    @Argument(help: "The item's key (or a unique prefix of it).")
    var item: String
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions)
        let card = try await workspace.studyCard(item)
        let revisions = try await workspace.library().history(ItemID(card.id))
        if revisions.isEmpty { return Console.out("\(card.key) was never edited.") }
        for revision in revisions {
            Console.out("— replaced \(Timestamp.format(revision.replacedAt))")
            Console.out("  " + (try ItemFieldsJSON.encode(revision.content)))
        }
    }
}
